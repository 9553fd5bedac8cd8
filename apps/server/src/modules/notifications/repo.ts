import { and, count, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { notifications, users } from "../../db/schema";
import { allOf } from "../../lib/admin";
import { orderByOf, searchWhere } from "../../lib/staff-list";

/**
 * The notifications a person of the store sees: the owner (memberId null) every one but those for
 * one member; a member the store-wide ones and their own.
 */
const seenBy = (userId: number, memberId: number | null) =>
  and(
    eq(notifications.userId, userId),
    memberId === null
      ? isNull(notifications.memberId)
      : or(
          and(isNull(notifications.memberId), eq(notifications.ownerOnly, false)),
          eq(notifications.memberId, memberId),
        ),
  );

export async function unreadOf(db: DbOrTx, userId: number, memberId: number | null) {
  return db
    .select()
    .from(notifications)
    .where(and(seenBy(userId, memberId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100);
}

/** Marks a notification the person sees read; false when they do not see it or it does not exist. */
export async function markRead(
  db: DbOrTx,
  userId: number,
  memberId: number | null,
  id: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), seenBy(userId, memberId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export interface SentFilter {
  read?: "true" | "false" | undefined;
  userId?: number | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  page: number;
  pageSize: number;
}

/** The partner's name as staff see it: the store's name, else the person's. */
const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

/** One page of the notifications sent to partners, newest first unless sorted, with the total. */
export async function sent(db: DbOrTx, f: SentFilter) {
  const where = allOf(
    f.read === "true" && isNotNull(notifications.readAt),
    f.read === "false" && isNull(notifications.readAt),
    f.userId !== undefined && eq(notifications.userId, f.userId),
    searchWhere(f.q, [notifications.title, notifications.message, partnerName, users.email]),
  );
  const rows = await db
    .select({ n: notifications, partnerName, partnerEmail: users.email })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(where)
    .orderBy(
      ...orderByOf(
        f.sort,
        {
          createdAt: notifications.createdAt,
          partnerName,
          title: notifications.title,
          readAt: notifications.readAt,
        },
        [desc(notifications.createdAt), desc(notifications.id)],
        notifications.id,
      ),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
