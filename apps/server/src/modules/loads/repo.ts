import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, purchaseOrderLines, purchaseOrders, users, warehouses } from "../../db/schema";

export type LoadRow = typeof loads.$inferSelect;

export async function insert(tx: DbOrTx, row: typeof loads.$inferInsert): Promise<LoadRow> {
  const [inserted] = await tx.insert(loads).values(row).returning();
  if (!inserted) throw new Error("load not written");
  return inserted;
}

export async function lock(tx: DbOrTx, id: number) {
  const rows = await tx.select().from(loads).where(eq(loads.id, id)).for("update");
  return rows[0] ?? null;
}

export async function update(tx: DbOrTx, id: number, set: Partial<LoadRow>) {
  await tx.update(loads).set(set).where(eq(loads.id, id));
}

/** Orders (locked) with their lines. */
export async function lockOrders(tx: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return tx
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.poid, [...poids]))
    .orderBy(asc(purchaseOrders.poid))
    .for("update");
}

export async function ordersOfLoad(tx: DbOrTx, loadId: number) {
  return tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.loadId, loadId))
    .orderBy(asc(purchaseOrders.poid));
}

export async function linesOf(tx: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return tx
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, [...poids]))
    .orderBy(asc(purchaseOrderLines.id));
}

export async function list(
  db: DbOrTx,
  f: {
    status?: string | undefined;
    userId?: number | undefined;
    warehouseId?: number | undefined;
    ids?: number[];
  },
  page: { page: number; pageSize: number },
) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(loads.status, f.status));
  if (f.userId) where.push(eq(loads.userId, f.userId));
  if (f.warehouseId) where.push(eq(loads.warehouseId, f.warehouseId));
  if (f.ids) where.push(inArray(loads.id, f.ids));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ load: loads, user: users, warehouseName: warehouses.name })
    .from(loads)
    .innerJoin(users, eq(users.id, loads.userId))
    .innerJoin(warehouses, eq(warehouses.id, loads.warehouseId))
    .where(condition)
    .orderBy(desc(loads.createdAt), desc(loads.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(loads).where(condition);
  const poids =
    rows.length === 0
      ? []
      : await db
          .select({ poid: purchaseOrders.poid, loadId: purchaseOrders.loadId })
          .from(purchaseOrders)
          .where(
            inArray(
              purchaseOrders.loadId,
              rows.map((r) => r.load.id),
            ),
          );
  return { rows, poids, total: Number(total?.n ?? 0) };
}
