import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  accountTypeSettings,
  productStock,
  products,
  purchaseOrderLines,
  purchaseOrders,
  users,
  warehouses,
} from "../../db/schema";

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
  if (f.from) where.push(gte(purchaseOrders.createdAt, new Date(`${f.from}T00:00:00+05:30`)));
  if (f.to)
    where.push(
      lt(purchaseOrders.createdAt, new Date(new Date(`${f.to}T00:00:00+05:30`).getTime() + 86_400_000)),
    );
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

/**
 * Lines restated at new quantities (the document chain's amounts), in one statement. A proof of
 * delivery (`delivered`) also keeps the quantity as the line's delivered quantity.
 */
export async function restateLines(
  tx: DbOrTx,
  lines: readonly {
    id: number;
    quantity: number;
    totalPrice: string;
    totalBase: string;
    cgst: string;
    sgst: string;
    igst: string;
  }[],
  { delivered = false }: { delivered?: boolean } = {},
) {
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map(
      (l) =>
        sql`(${l.id}::integer, ${l.quantity}::integer, ${l.totalPrice}::numeric, ${l.totalBase}::numeric, ${l.cgst}::numeric, ${l.sgst}::numeric, ${l.igst}::numeric)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${purchaseOrderLines} AS l
    SET quantity = v.quantity, total_price = v.total_price, total_base = v.total_base,
        cgst = v.cgst, sgst = v.sgst, igst = v.igst${delivered ? sql`, delivered_quantity = v.quantity` : sql``}
    FROM (VALUES ${values}) AS v(id, quantity, total_price, total_base, cgst, sgst, igst)
    WHERE l.id = v.id`);
}

export async function updateOrder(tx: DbOrTx, poid: string, set: Partial<OrderRow>) {
  await tx.update(purchaseOrders).set(set).where(eq(purchaseOrders.poid, poid));
}

/** Units go back to the warehouse's stock at the line's MRP, and to the product's current stock. */
export async function returnStock(
  tx: DbOrTx,
  warehouseId: number,
  lines: readonly { productId: number; mrp: string; qty: number }[],
) {
  // One row per product and MRP (a sales return may hold a product from two orders): an upsert may not touch a row twice.
  const merged = new Map<string, { productId: number; mrp: string; qty: number }>();
  for (const l of lines.filter((x) => x.qty > 0)) {
    const key = `${l.productId}:${l.mrp}`;
    const seen = merged.get(key);
    merged.set(key, { ...l, qty: (seen?.qty ?? 0) + l.qty });
  }
  const back = [...merged.values()];
  if (back.length === 0) return;
  await tx
    .insert(productStock)
    .values(back.map((l) => ({ productId: l.productId, warehouseId, mrp: l.mrp, stock: l.qty })))
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.warehouseId, productStock.mrp],
      set: { stock: sql`${productStock.stock} + excluded.stock` },
    });
  const values = sql.join(
    back.map((l) => sql`(${l.productId}::integer, ${l.qty}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${products} AS p SET current_stock = p.current_stock + v.qty
    FROM (SELECT product_id, sum(qty)::integer AS qty FROM (VALUES ${values}) AS x(product_id, qty) GROUP BY product_id) AS v
    WHERE p.id = v.product_id`);
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
