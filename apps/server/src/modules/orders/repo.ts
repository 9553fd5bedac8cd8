import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  idempotencyKeys,
  productStock,
  products,
  purchaseOrderLines,
  purchaseOrders,
  storeMembers,
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

/** Stock rows of these products in one warehouse (every MRP), read without a lock (pricing an order request). */
export async function stockIn(tx: DbOrTx, warehouseId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return tx
    .select({ productId: productStock.productId, mrp: productStock.mrp, stock: productStock.stock })
    .from(productStock)
    .where(and(eq(productStock.warehouseId, warehouseId), inArray(productStock.productId, [...productIds])));
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

/**
 * One of the user's purchase orders with its lines and the store member who placed it, or null
 * (another user's order is null too).
 */
export async function findPurchaseOrder(tx: DbOrTx, userId: number, poid: string) {
  const rows = await tx
    .select({
      order: purchaseOrders,
      warehouse: { name: warehouses.name, state: warehouses.state },
      placedBy: {
        firstname: storeMembers.firstname,
        lastname: storeMembers.lastname,
        role: storeMembers.role,
      },
    })
    .from(purchaseOrders)
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .leftJoin(storeMembers, eq(storeMembers.id, purchaseOrders.placedByMemberId))
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

// ---- The order's later steps (the order desk confirms and cancels, loads ship and deliver) ----

/** The order's totals as the document chain restates them (`orderColumns`). */
type OrderTotals = Pick<
  PurchaseOrderRow,
  | "totalItems"
  | "totalQuantity"
  | "totalMrp"
  | "totalBase"
  | "totalCgst"
  | "totalSgst"
  | "totalIgst"
  | "netPayment"
>;

async function setOrders(tx: DbOrTx, poids: readonly string[], set: Partial<PurchaseOrderRow>) {
  if (poids.length === 0) return;
  await tx
    .update(purchaseOrders)
    .set(set)
    .where(inArray(purchaseOrders.poid, [...poids]));
}

/**
 * Lines restated at new quantities (the document chain's amounts), in one statement. A proof of
 * delivery (`delivered`) also keeps the quantity as the line's delivered quantity.
 */
export async function restateOrderLines(
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

export async function recordOrderConfirmed(
  tx: DbOrTx,
  poid: string,
  confirmed: OrderTotals & Pick<PurchaseOrderRow, "confirmedAt" | "gapReport" | "autoConfirmed">,
) {
  await setOrders(tx, [poid], { ...confirmed, status: "Confirmed" });
}

export async function recordOrderCancelled(
  tx: DbOrTx,
  poid: string,
  cancelled: OrderTotals & Pick<PurchaseOrderRow, "cancelledAt" | "cancelReason" | "gapReport">,
) {
  await setOrders(tx, [poid], { ...cancelled, status: "Cancelled" });
}

export async function assignOrdersToLoad(tx: DbOrTx, poids: readonly string[], loadId: number) {
  await setOrders(tx, poids, { loadId });
}

/** Orders taken off their load before it shipped (an order removed, a load cancelled): in no load, no docket. */
export async function recordOrdersUnloaded(tx: DbOrTx, poids: readonly string[]) {
  await setOrders(tx, poids, { loadId: null, docketNo: null, transporterNo: null });
}

export async function recordOrdersHandedOver(
  tx: DbOrTx,
  poids: readonly string[],
  handover: Pick<PurchaseOrderRow, "docketNo" | "transporterNo">,
) {
  await setOrders(tx, poids, handover);
}

export async function recordOrdersShipped(tx: DbOrTx, poids: readonly string[], shippedAt: Date) {
  await setOrders(tx, poids, { status: "Shipped", shippedAt });
}

/** The ledger account the orders' tax invoice was posted to. */
export async function recordOrdersLedgerAccount(
  tx: DbOrTx,
  poids: readonly string[],
  ledgerAccount: PurchaseOrderRow["ledgerAccount"],
) {
  await setOrders(tx, poids, { ledgerAccount });
}

export async function recordOrderDelivered(
  tx: DbOrTx,
  poid: string,
  delivered: OrderTotals & Pick<PurchaseOrderRow, "deliveredAt" | "gapReport">,
) {
  await setOrders(tx, [poid], { ...delivered, status: "Delivered" });
}
