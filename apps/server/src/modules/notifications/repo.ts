import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { notifications } from "../../db/schema";

export async function unreadOf(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100);
}

/** Marks the user's own notification read; false when it is not theirs or does not exist. */
export async function markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}
