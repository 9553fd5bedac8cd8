import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products, savedListLines, savedLists, users } from "../../db/schema";

/** Queries of saved lists. Every one is scoped to one store (the partner's user id); none decides anything. */

export interface LineValues {
  productId: number;
  quantity: number;
}

/**
 * Serialises the changes of one store's lists (two users, two tabs): the count and the names a change
 * is checked against cannot move under it. An advisory lock, so the cart's lock on the user row is
 * never held by a list change.
 */
export async function lockStoreLists(tx: DbOrTx, storeId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('saved_lists'), ${storeId})`);
}

const summaryColumns = {
  id: savedLists.id,
  name: savedLists.name,
  createdAt: savedLists.createdAt,
  updatedAt: savedLists.updatedAt,
  updatedByFirst: users.firstname,
  updatedByLast: users.lastname,
  lineCount: sql<number>`(SELECT count(*)::int FROM ${savedListLines} WHERE ${savedListLines.listId} = ${savedLists.id})`,
};

/** The store's lists, most recently changed first. */
export function storeLists(db: DbOrTx, storeId: number) {
  return db
    .select(summaryColumns)
    .from(savedLists)
    .leftJoin(users, eq(users.id, savedLists.updatedBy))
    .where(eq(savedLists.storeId, storeId))
    .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
}
export type ListSummaryRow = Awaited<ReturnType<typeof storeLists>>[number];

/** One list of the store (none when it is another store's or gone). */
export async function storeList(
  db: DbOrTx,
  storeId: number,
  id: number,
): Promise<ListSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(savedLists)
    .leftJoin(users, eq(users.id, savedLists.updatedBy))
    .where(and(eq(savedLists.storeId, storeId), eq(savedLists.id, id)));
  return row;
}

/** The store's list names (with ids), for the uniqueness check. */
export function listNames(db: DbOrTx, storeId: number) {
  return db
    .select({ id: savedLists.id, name: savedLists.name })
    .from(savedLists)
    .where(eq(savedLists.storeId, storeId));
}

export async function countLists(db: DbOrTx, storeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedLists).where(eq(savedLists.storeId, storeId));
  return row?.n ?? 0;
}

/** A list's lines in the order they were added. */
export function listLines(db: DbOrTx, listId: number) {
  return db
    .select({
      productId: savedListLines.productId,
      quantity: savedListLines.quantity,
      position: savedListLines.position,
    })
    .from(savedListLines)
    .where(eq(savedListLines.listId, listId))
    .orderBy(asc(savedListLines.position), asc(savedListLines.productId));
}

/** Which of these product ids exist. */
export async function existingProductIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function insertList(
  tx: DbOrTx,
  values: { storeId: number; name: string; userId: number; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(savedLists)
    .values({
      storeId: values.storeId,
      name: values.name,
      createdAt: values.at,
      createdBy: values.userId,
      updatedAt: values.at,
      updatedBy: values.userId,
    })
    .returning({ id: savedLists.id });
  if (!row) throw new Error("saved list not inserted");
  return row.id;
}

/** Marks a list changed (and renames it when a name is given). */
export async function touchList(
  tx: DbOrTx,
  id: number,
  values: { userId: number; at: Date; name?: string | undefined },
): Promise<void> {
  await tx
    .update(savedLists)
    .set({
      updatedAt: values.at,
      updatedBy: values.userId,
      ...(values.name === undefined ? {} : { name: values.name }),
    })
    .where(eq(savedLists.id, id));
}

export async function deleteList(tx: DbOrTx, storeId: number, id: number): Promise<void> {
  await tx.delete(savedLists).where(and(eq(savedLists.storeId, storeId), eq(savedLists.id, id)));
}

export async function deleteLines(tx: DbOrTx, listId: number): Promise<void> {
  await tx.delete(savedListLines).where(eq(savedListLines.listId, listId));
}

/** Adds lines after `fromPosition` and sets the quantity of lines already there (their place kept). */
export async function upsertLines(
  tx: DbOrTx,
  listId: number,
  lines: readonly LineValues[],
  fromPosition: number,
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(savedListLines)
    .values(
      lines.map((l, i) => ({
        listId,
        productId: l.productId,
        quantity: l.quantity,
        position: fromPosition + i,
      })),
    )
    .onConflictDoUpdate({
      target: [savedListLines.listId, savedListLines.productId],
      set: { quantity: sql`excluded.quantity` },
    });
}
