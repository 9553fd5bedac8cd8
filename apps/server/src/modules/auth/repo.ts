import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { franchises, passwordResetTokens, sessions, storeMembers, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;
export type FranchiseRow = typeof franchises.$inferSelect;
export type MemberRow = typeof storeMembers.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

// Every signed-in request reads its session: built once, bound per request.
const findSessionQuery = preparedQuery("auth_find_session", (db) =>
  db
    .select({
      user: users,
      franchise: franchises,
      kioskCustomerMobile: sessions.kioskCustomerMobile,
      expiresAt: sessions.expiresAt,
      memberId: sessions.memberId,
      member: {
        id: storeMembers.id,
        storeId: storeMembers.storeId,
        email: storeMembers.email,
        firstname: storeMembers.firstname,
        lastname: storeMembers.lastname,
        role: storeMembers.role,
        approvalLimit: storeMembers.approvalLimit,
        active: storeMembers.active,
        hasPassword: sql<boolean>`${storeMembers.passwordHash} IS NOT NULL`,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(franchises, eq(franchises.id, users.franchiseId))
    .leftJoin(storeMembers, eq(storeMembers.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1),
);

export async function findSession(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await findSessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return rows[0] ?? null;
}

export async function insertSession(
  db: DbOrTx,
  values: {
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    kioskCustomerMobile?: string;
    memberId?: number;
  },
) {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Every session of a store: its owner's and its members' (deactivating the store). */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The owner's own sessions (a password reset): the members keep theirs. */
export async function deleteOwnerSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.memberId)));
}

/** The owner's other sessions (a password change): the members keep theirs. */
export async function deleteOtherSessionsOfUser(db: DbOrTx, userId: number, keepTokenHash: string) {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.memberId), ne(sessions.tokenHash, keepTokenHash)),
    );
}

/** Every session of a member, on every instance at once (deactivation, a new password). */
export async function deleteSessionsOfMember(db: DbOrTx, memberId: number) {
  await db.delete(sessions).where(eq(sessions.memberId, memberId));
}

/** A member's other sessions (a password change). */
export async function deleteOtherSessionsOfMember(db: DbOrTx, memberId: number, keepTokenHash: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, keepTokenHash)));
}

/** A member who may sign in (active, with a password) by email, with their store's active flag. */
export async function findSignInMember(db: DbOrTx, email: string) {
  const rows = await db
    .select({ member: storeMembers, storeActive: users.active })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.storeId))
    .where(
      and(
        eq(sql`lower(${storeMembers.email})`, email.toLowerCase()),
        eq(storeMembers.active, true),
        isNotNull(storeMembers.passwordHash),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** A member's password hash (for a password change). */
export async function memberPasswordHash(db: DbOrTx, memberId: number): Promise<string | null> {
  const rows = await db
    .select({ hash: storeMembers.passwordHash })
    .from(storeMembers)
    .where(eq(storeMembers.id, memberId))
    .limit(1);
  return rows[0]?.hash ?? null;
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(values);
}

/** A reset token that is unused and not expired, with its user's email. */
export async function findUsableResetToken(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function consumeResetToken(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** A user with their franchise (as a session reads them). */
export async function findUserWithFranchise(db: DbOrTx, id: number) {
  const rows = await db
    .select({ user: users, franchise: franchises })
    .from(users)
    .leftJoin(franchises, eq(franchises.id, users.franchiseId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Of these session token hashes, the ones still signed in as `findSession` and the service judge it:
 * not expired, the store active, a member's session still an active member with a password.
 */
export async function liveSessionHashes(db: DbOrTx, hashes: readonly string[], now: Date) {
  if (hashes.length === 0) return new Set<string>();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(storeMembers, eq(storeMembers.id, sessions.memberId))
    .where(
      and(
        inArray(sessions.tokenHash, [...hashes]),
        gt(sessions.expiresAt, now),
        eq(users.active, true),
        or(
          isNull(sessions.memberId),
          and(
            eq(storeMembers.storeId, sessions.userId),
            eq(storeMembers.active, true),
            isNotNull(storeMembers.passwordHash),
          ),
        ),
      ),
    );
  return new Set(rows.map((r) => r.tokenHash));
}
