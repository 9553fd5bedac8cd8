import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  partnerPreferences,
  storeMembers,
  userRules,
  users,
  userWarehouses,
  warehouses,
} from "../../db/schema";

/**
 * A new account, or null when its email is taken: by another account, or by a member of a store's
 * team (issue 30; sign-in looks among accounts first, so such an account would lock the member out).
 */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const member = await db
    .select({ id: storeMembers.id })
    .from(storeMembers)
    .where(eq(sql`lower(${storeMembers.email})`, values.email.toLowerCase()))
    .limit(1);
  if (member.length > 0) return null;
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return rows[0]?.id ?? null;
}

export async function mappedWarehouses(db: DbOrTx, userId: number) {
  return db
    .select({ id: warehouses.id, name: warehouses.name, state: warehouses.state })
    .from(userWarehouses)
    .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
    .where(eq(userWarehouses.userId, userId))
    .orderBy(asc(warehouses.id));
}

export async function rulesOf(db: DbOrTx, userId: number) {
  return db
    .select({ kind: userRules.kind, dimension: userRules.dimension, valueId: userRules.valueId })
    .from(userRules)
    .where(eq(userRules.userId, userId))
    .orderBy(asc(userRules.id));
}

/** Marks a user's mapping and rules as changed: cached copies keyed by the old version are no longer used. */
export async function bumpContextVersion(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ contextVersion: sql`${users.contextVersion} + 1` })
    .where(eq(users.id, userId));
}

type UserRow = typeof users.$inferSelect;

/** What staff set on a partner's account: its type, flags and record (a partial set leaves the rest). */
export type PartnerAccountChange = Partial<
  Pick<
    UserRow,
    | "accountType"
    | "enableLedger"
    | "canViewStorePerformance"
    | "enableARS"
    | "hasFoodLicense"
    | "canOrder"
    | "canCartUpload"
    | "offer"
    | "isFranchisee"
    | "state"
    | "gstin"
    | "address"
    | "creditLimitPaise"
  >
>;

export async function changePartnerAccount(db: DbOrTx, userId: number, change: PartnerAccountChange) {
  if (Object.keys(change).length === 0) return;
  await db.update(users).set(change).where(eq(users.id, userId));
}

/** The franchise the user belongs to (null: none). */
export async function setUserFranchise(db: DbOrTx, userId: number, franchiseId: number | null) {
  await db.update(users).set({ franchiseId }).where(eq(users.id, userId));
}

export async function setUserActive(db: DbOrTx, userId: number, active: boolean) {
  await db.update(users).set({ active }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function preferencesOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ monthlyStatement: partnerPreferences.monthlyStatement })
    .from(partnerPreferences)
    .where(eq(partnerPreferences.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function setPreferences(
  db: DbOrTx,
  userId: number,
  change: { monthlyStatement: boolean },
  at: Date,
) {
  await db
    .insert(partnerPreferences)
    .values({ userId, monthlyStatement: change.monthlyStatement, updatedAt: at })
    .onConflictDoUpdate({
      target: partnerPreferences.userId,
      set: { monthlyStatement: change.monthlyStatement, updatedAt: at },
    });
}
