import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  cartItems,
  idempotencyKeys,
  productStock,
  products,
  purchaseOrderLines,
  purchaseOrders,
  warehouses,
} from "../../db/schema";

/**
 * Queries of order placement. Every function takes the transaction it runs in; none decides
 * anything (the service does).
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// ---- Idempotency keys ----

/**
 * Claims a user's Idempotency-Key for this request. Inside the placement's transaction: a second
 * request with the same key waits here on the primary key until the first one commits (then finds
 * its answer) or rolls back (then claims the key itself).
 */
/** How long an Idempotency-Key holds its answer; after that the key may be used again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export async function claimIdempotencyKey(
  tx: DbOrTx,
  userId: number,
  key: string,
  requestHash: string,
  now: Date = new Date(),
): Promise<boolean> {
  // The user's expired keys go first, so an expired key is claimed afresh.
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
      ),
    );
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findIdempotencyKey(tx: DbOrTx, userId: number, key: string) {
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return rows[0] ?? null;
}

export async function saveIdempotentAnswer(
  tx: DbOrTx,
  userId: number,
  key: string,
  statusCode: number,
  response: unknown,
) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode, response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

// ---- Products and stock ----

/**
 * Locks the products of a placement, in id order, for the rest of the transaction. Every placement
 * takes these locks first and in the same order, so placements sharing products queue up instead
 * of deadlocking (the stock trigger also updates these rows).
 */
export async function lockProducts(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id))
    .for("no key update");
}

/** Stock rows of these products in one warehouse (every MRP), locked until the transaction ends. */
export async function lockStock(tx: DbOrTx, warehouseId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({ productId: productStock.productId, mrp: productStock.mrp, stock: productStock.stock })
    .from(productStock)
    .where(and(eq(productStock.warehouseId, warehouseId), inArray(productStock.productId, [...productIds])))
    .orderBy(asc(productStock.productId))
    .for("update");
}

export interface Decrement {
  productId: number;
  /** The MRP the stock is held at (the product's MRP). */
  mrp: string;
  qty: number;
}

const valuesOf = (lines: readonly Decrement[]) =>
  sql.join(
    lines.map((l) => sql`(${l.productId}::integer, ${l.qty}::integer, ${l.mrp}::numeric)`),
    sql`, `,
  );

/**
 * Takes the quantities off the warehouse's stock at each product's MRP, only where enough is left;
 * returns the products whose stock was decremented (a line missing from the answer was not).
 */
export async function decrementStock(
  tx: DbOrTx,
  warehouseId: number,
  lines: readonly Decrement[],
): Promise<Set<number>> {
  if (lines.length === 0) return new Set();
  const result = await tx.execute(sql`
    UPDATE ${productStock} AS s SET stock = s.stock - v.qty
    FROM (VALUES ${valuesOf(lines)}) AS v(product_id, qty, mrp)
    WHERE s.product_id = v.product_id AND s.warehouse_id = ${warehouseId}
      AND s.mrp = v.mrp AND s.stock >= v.qty
    RETURNING s.product_id`);
  return new Set(rowsOf<{ product_id: number }>(result).map((r) => Number(r.product_id)));
}

/** Takes the quantities off the products' current stock, only where enough is left; returns the ids decremented. */
export async function decrementCurrentStock(tx: DbOrTx, lines: readonly Decrement[]): Promise<Set<number>> {
  if (lines.length === 0) return new Set();
  const result = await tx.execute(sql`
    UPDATE ${products} AS p SET current_stock = p.current_stock - v.qty
    FROM (VALUES ${valuesOf(lines)}) AS v(product_id, qty, mrp)
    WHERE p.id = v.product_id AND p.current_stock >= v.qty
    RETURNING p.id`);
  return new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
}

export async function currentStockOf(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, currentStock: products.currentStock })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.currentStock]));
}

// ---- Purchase orders ----

/** The next purchase order number, unique across every app instance. */
export async function nextOrderNumber(tx: DbOrTx): Promise<number> {
  const result = await tx.execute(sql`SELECT nextval('purchase_order_numbers')::bigint AS n`);
  const n = rowsOf<{ n: string | number }>(result)[0]?.n;
  if (n === undefined) throw new Error("purchase_order_numbers returned nothing");
  return Number(n);
}

export type NewPurchaseOrder = typeof purchaseOrders.$inferInsert;
export type NewPurchaseOrderLine = Omit<typeof purchaseOrderLines.$inferInsert, "id" | "poid">;

export async function insertPurchaseOrder(
  tx: DbOrTx,
  order: NewPurchaseOrder,
  lines: readonly NewPurchaseOrderLine[],
) {
  await tx.insert(purchaseOrders).values(order);
  if (lines.length > 0)
    await tx.insert(purchaseOrderLines).values(lines.map((l) => ({ ...l, poid: order.poid })));
}

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;

/** One of the user's purchase orders with its lines, or null (another user's order is null too). */
export async function findPurchaseOrder(tx: DbOrTx, userId: number, poid: string) {
  const rows = await tx
    .select({ order: purchaseOrders, warehouse: { name: warehouses.name, state: warehouses.state } })
    .from(purchaseOrders)
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(and(eq(purchaseOrders.poid, poid), eq(purchaseOrders.userId, userId)))
    .limit(1);
  const found = rows[0];
  if (!found) return null;
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
  return { ...found, lines };
}

// ---- Cart ----

/** Ordered quantities leave the user's cart: each line's quantity drops by what was ordered, and lines at 0 go. */
export async function reduceCart(
  tx: DbOrTx,
  userId: number,
  ordered: readonly { productId: number; qty: number }[],
) {
  if (ordered.length === 0) return;
  const values = sql.join(
    ordered.map((o) => sql`(${o.productId}::integer, ${o.qty}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${cartItems} AS c SET qty = c.qty - v.qty, updated_at = now()
    FROM (VALUES ${values}) AS v(product_id, qty)
    WHERE c.user_id = ${userId} AND c.product_id = v.product_id`);
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.userId, userId),
      inArray(
        cartItems.productId,
        ordered.map((o) => o.productId),
      ),
      lte(cartItems.qty, 0),
    ),
  );
}
