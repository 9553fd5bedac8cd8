/** Queries of the store's people (store_members) and their set-password links (member_invites). */
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memberInvites, storeMembers, users } from "../../db/schema";

export type MemberRow = typeof storeMembers.$inferSelect;

/** The store's members, oldest first, each with the expiry of their newest unused link (if any). */
export async function membersOf(db: DbOrTx, storeId: number, now: Date) {
  return db
    .select({
      member: storeMembers,
      // Qualified by hand: inside a subquery an unqualified "id" would be the invite's own.
      inviteExpiresAt: sql<Date | null>`(
        SELECT max(mi.expires_at) FROM member_invites mi
        WHERE mi.member_id = "store_members"."id" AND mi.used_at IS NULL
          AND mi.expires_at > ${now.toISOString()}::timestamptz)`.mapWith((v) =>
        v === null ? null : new Date(v),
      ),
    })
    .from(storeMembers)
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(storeMembers.createdAt), asc(storeMembers.id));
}

/** One member of this store (another store's: null). */
export async function memberOf(db: DbOrTx, storeId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(storeMembers)
    .where(and(eq(storeMembers.id, id), eq(storeMembers.storeId, storeId)))
    .limit(1);
  const rows = lock ? await query.for("update") : await query;
  return rows[0] ?? null;
}

/** The store (its owner's account) as the team screens name it. */
export async function storeOf(db: DbOrTx, storeId: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      storeName: users.storeName,
      accountType: users.accountType,
      active: users.active,
    })
    .from(users)
    .where(eq(users.id, storeId))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether an email is some account's or some member's already (ignoring case). */
export async function emailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const key = email.toLowerCase();
  const user = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, key))
    .limit(1);
  if (user.length > 0) return true;
  const member = await db
    .select({ id: storeMembers.id })
    .from(storeMembers)
    .where(eq(sql`lower(${storeMembers.email})`, key))
    .limit(1);
  return member.length > 0;
}

export async function insertMember(db: DbOrTx, values: typeof storeMembers.$inferInsert) {
  const [row] = await db.insert(storeMembers).values(values).returning();
  if (!row) throw new Error("member not written");
  return row;
}

export async function updateMember(db: DbOrTx, id: number, set: Partial<typeof storeMembers.$inferInsert>) {
  const [row] = await db.update(storeMembers).set(set).where(eq(storeMembers.id, id)).returning();
  if (!row) throw new Error("member not written");
  return row;
}

export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string, at: Date) {
  await db.update(storeMembers).set({ passwordHash, updatedAt: at }).where(eq(storeMembers.id, id));
}

/** An active member by email (ignoring case), with or without a password yet. */
export async function activeMemberByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select()
    .from(storeMembers)
    .where(and(eq(sql`lower(${storeMembers.email})`, email.toLowerCase()), eq(storeMembers.active, true)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertInvite(
  db: DbOrTx,
  values: { memberId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(memberInvites).values(values);
}

/** Ends a member's unused links (a new one was sent, or the member was deactivated). */
export async function revokeInvites(db: DbOrTx, memberId: number, at: Date) {
  await db
    .update(memberInvites)
    .set({ usedAt: at })
    .where(and(eq(memberInvites.memberId, memberId), isNull(memberInvites.usedAt)));
}

/** A link that still works (unused, not expired, its member active), with its member and store. */
export async function usableInvite(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({
      inviteId: memberInvites.id,
      member: storeMembers,
      storeName: users.storeName,
      storeFirstname: users.firstname,
      storeActive: users.active,
    })
    .from(memberInvites)
    .innerJoin(storeMembers, eq(storeMembers.id, memberInvites.memberId))
    .innerJoin(users, eq(users.id, storeMembers.storeId))
    .where(
      and(
        eq(memberInvites.tokenHash, tokenHash),
        isNull(memberInvites.usedAt),
        gt(memberInvites.expiresAt, now),
        eq(storeMembers.active, true),
      ),
    )
    .orderBy(desc(memberInvites.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a link used; false when another request used it first (single use under concurrency). */
export async function consumeInvite(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberInvites)
    .set({ usedAt: now })
    .where(and(eq(memberInvites.id, id), isNull(memberInvites.usedAt), gt(memberInvites.expiresAt, now)))
    .returning({ id: memberInvites.id });
  return rows.length === 1;
}

/** Members by id with their store, for naming who did something (audit, orders). */
export async function namesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: storeMembers.id,
      firstname: storeMembers.firstname,
      lastname: storeMembers.lastname,
      role: storeMembers.role,
      storeName: users.storeName,
      storeEmail: users.email,
    })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.storeId))
    .where(inArray(storeMembers.id, [...ids]));
}
