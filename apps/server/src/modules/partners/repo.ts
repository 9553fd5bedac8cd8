import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { franchises, userRules, users, userWarehouses, warehouses } from "../../db/schema";
import { orderByOf, searchWhere } from "../../lib/staff-list";

/** The list's sort keys (PARTNER_SORTS) and the columns they sort by. */
const SORT_COLUMNS = {
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  storeName: users.storeName,
  accountType: users.accountType,
  concept: franchises.concept,
  state: users.state,
  gstin: users.gstin,
  active: users.active,
  createdAt: users.createdAt,
};

export type PartnerUserRow = typeof users.$inferSelect;

export async function list(
  db: DbOrTx,
  f: {
    search?: string | undefined;
    q?: string | undefined;
    sort?: string | undefined;
    accountType?: string | undefined;
    concept?: string | undefined;
    active?: boolean | undefined;
    ids?: number[];
    page: number;
    pageSize: number;
  },
) {
  const where: SQL[] = [];
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(users.email, like),
      ilike(users.firstname, like),
      ilike(users.lastname, like),
      ilike(users.storeName, like),
      ilike(users.state, like),
    );
    if (match) where.push(match);
  }
  const search = searchWhere(f.q, [
    users.email,
    users.firstname,
    users.lastname,
    users.storeName,
    users.gstin,
    franchises.concept,
  ]);
  if (search) where.push(search);
  if (f.accountType) where.push(eq(users.accountType, f.accountType));
  if (f.concept) where.push(sql`lower(${franchises.concept}) = lower(${f.concept})`);
  if (f.active !== undefined) where.push(eq(users.active, f.active));
  if (f.ids) where.push(inArray(users.id, f.ids));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ user: users, concept: franchises.concept })
    .from(users)
    .leftJoin(franchises, eq(franchises.id, users.franchiseId))
    .where(condition)
    .orderBy(...orderByOf(f.sort, SORT_COLUMNS, [desc(users.createdAt), desc(users.id)], users.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(franchises, eq(franchises.id, users.franchiseId))
    .where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function lockUser(tx: DbOrTx, id: number) {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return rows[0] ?? null;
}

/** A franchise of the concept for the partner (one per partner). */
export async function insertFranchise(tx: DbOrTx, concept: string, name: string, at: Date) {
  const [row] = await tx
    .insert(franchises)
    .values({ concept, name, createdAt: at })
    .returning({ id: franchises.id });
  return row?.id ?? null;
}

export async function setFranchiseConcept(tx: DbOrTx, id: number, concept: string) {
  await tx.update(franchises).set({ concept }).where(eq(franchises.id, id));
}

export async function warehouseIdsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: userWarehouses.warehouseId })
    .from(userWarehouses)
    .where(eq(userWarehouses.userId, userId))
    .orderBy(asc(userWarehouses.warehouseId));
  return rows.map((r) => r.id);
}

export async function existingWarehouses(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(inArray(warehouses.id, [...ids]));
  return rows.map((r) => r.id);
}

export async function replaceWarehouses(tx: DbOrTx, userId: number, ids: readonly number[]) {
  await tx.delete(userWarehouses).where(eq(userWarehouses.userId, userId));
  if (ids.length)
    await tx.insert(userWarehouses).values([...new Set(ids)].map((warehouseId) => ({ userId, warehouseId })));
}

export async function rulesOf(db: DbOrTx, userId: number) {
  return db
    .select({ kind: userRules.kind, dimension: userRules.dimension, valueId: userRules.valueId })
    .from(userRules)
    .where(eq(userRules.userId, userId))
    .orderBy(asc(userRules.id));
}

export async function replaceRules(
  tx: DbOrTx,
  userId: number,
  rules: readonly { kind: string; dimension: string; valueId: number }[],
) {
  await tx.delete(userRules).where(eq(userRules.userId, userId));
  if (rules.length) await tx.insert(userRules).values(rules.map((r) => ({ ...r, userId })));
}

export const lowerEmail = (email: string) => sql`lower(${email})`;

/** Every warehouse, by name: what a partner may be mapped to. */
export async function warehouseOptions(db: DbOrTx) {
  return db
    .select({ id: warehouses.id, name: warehouses.name, state: warehouses.state })
    .from(warehouses)
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

/** The names of these warehouses, by id. */
export async function warehouseNames(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(inArray(warehouses.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
