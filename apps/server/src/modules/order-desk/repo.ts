import { indiaDayEnd, indiaDayStart } from "@portal/domain";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTypeSettings, purchaseOrderLines, purchaseOrders, users, warehouses } from "../../db/schema";

export type OrderRow = typeof purchaseOrders.$inferSelect;
export type OrderLineRow = typeof purchaseOrderLines.$inferSelect;

export interface OrderFilter {
  status?: string | undefined;
  userId?: number | undefined;
  warehouseId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  unloaded?: boolean | undefined;
  poids?: readonly string[] | undefined;
  autoConfirmedAccountType?: string | undefined;
}

function conditionOf(f: OrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.status) where.push(eq(purchaseOrders.status, f.status));
  if (f.userId) where.push(eq(purchaseOrders.userId, f.userId));
  if (f.warehouseId) where.push(eq(purchaseOrders.warehouseId, f.warehouseId));
  if (f.from) where.push(gte(purchaseOrders.createdAt, indiaDayStart(f.from)));
  if (f.to) where.push(lt(purchaseOrders.createdAt, indiaDayEnd(f.to)));
  if (f.unloaded) where.push(isNull(purchaseOrders.loadId));
  if (f.poids) where.push(inArray(purchaseOrders.poid, [...f.poids]));
  if (f.autoConfirmedAccountType) {
    where.push(eq(purchaseOrders.autoConfirmed, true), eq(users.accountType, f.autoConfirmedAccountType));
  }
  return where.length ? and(...where) : undefined;
}

/** Orders with their partner and warehouse, newest first. */
export async function listOrders(db: DbOrTx, f: OrderFilter, page: { page: number; pageSize: number }) {
  const condition = conditionOf(f);
  const rows = await db
    .select({
      order: purchaseOrders,
      user: users,
      warehouseName: warehouses.name,
      orderedQuantity: sql<number>`(SELECT coalesce(sum(ol.ordered_quantity), 0)::integer FROM ${purchaseOrderLines} AS ol WHERE ol.poid = ${purchaseOrders.poid})`,
    })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.userId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(condition)
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.poid))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.userId))
    .where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The order, locked for the rest of the transaction, with its lines. */
export async function lockOrder(tx: DbOrTx, poid: string) {
  const rows = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.poid, poid)).for("update");
  const order = rows[0];
  if (!order) return null;
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
  return { order, lines };
}

export async function findOrder(db: DbOrTx, poid: string) {
  const rows = await db
    .select({ order: purchaseOrders, warehouse: { name: warehouses.name, state: warehouses.state } })
    .from(purchaseOrders)
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(eq(purchaseOrders.poid, poid))
    .limit(1);
  const found = rows[0];
  if (!found) return null;
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
  return { ...found, lines };
}

export async function settings(db: DbOrTx) {
  return db.select().from(accountTypeSettings).orderBy(asc(accountTypeSettings.accountType));
}

export async function saveSetting(
  db: DbOrTx,
  s: { accountType: string; autoConfirm: boolean; delayMinutes: number },
) {
  await db
    .insert(accountTypeSettings)
    .values(s)
    .onConflictDoUpdate({
      target: accountTypeSettings.accountType,
      set: { autoConfirm: s.autoConfirm, delayMinutes: s.delayMinutes },
    });
}

/** Pending orders of auto-confirm account types older than their delay. */
export async function dueForAutoConfirm(db: DbOrTx, now: Date) {
  const rows = await db
    .select({
      poid: purchaseOrders.poid,
      createdAt: purchaseOrders.createdAt,
      delay: accountTypeSettings.delayMinutes,
    })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.userId))
    .innerJoin(accountTypeSettings, eq(accountTypeSettings.accountType, users.accountType))
    .where(
      and(
        eq(purchaseOrders.status, "Pending"),
        eq(accountTypeSettings.autoConfirm, true),
        lte(purchaseOrders.createdAt, now),
      ),
    )
    .orderBy(asc(purchaseOrders.createdAt))
    .limit(500);
  return rows.filter((r) => r.createdAt.getTime() + r.delay * 60_000 <= now.getTime()).map((r) => r.poid);
}
