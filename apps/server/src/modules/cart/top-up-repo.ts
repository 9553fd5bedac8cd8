import { and, desc, eq, gte, inArray, lte, max, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products, purchaseOrderLines, purchaseOrders, storeSales, storeStock } from "../../db/schema";

/** Reads of the smart top-up: the store's own trade and order history. None decides anything. */

/** Order statuses whose lines are still on their way to the store (order assist's pending and in transit). */
const OPEN_ORDER_STATUSES = ["Pending", "Confirmed", "Shipped"];

/** The store's latest sales date, or null when it has reported none. */
export async function lastSaleDate(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: max(storeSales.saleDate) })
    .from(storeSales)
    .where(eq(storeSales.userId, userId));
  return row?.at ?? null;
}

/**
 * Per product the store sold over [from, to] (and over [weekFrom, to]): its units, with its category,
 * stock in hand and units on open orders by status, as order assist counts them.
 */
export async function storeTrade(
  db: DbOrTx,
  userId: number,
  window: { from: string; weekFrom: string; to: string },
) {
  const [sales, stock, open] = await Promise.all([
    db
      .select({
        productId: storeSales.productId,
        categoryId: products.categoryId,
        qty: sql<string>`sum(${storeSales.qty})`,
        weekQty: sql<string>`sum(case when ${storeSales.saleDate} >= ${window.weekFrom} then ${storeSales.qty} else 0 end)`,
      })
      .from(storeSales)
      .innerJoin(products, eq(products.id, storeSales.productId))
      .where(
        and(
          eq(storeSales.userId, userId),
          gte(storeSales.saleDate, window.from),
          lte(storeSales.saleDate, window.to),
        ),
      )
      .groupBy(storeSales.productId, products.categoryId),
    db
      .select({ productId: storeStock.productId, qty: storeStock.qty })
      .from(storeStock)
      .where(eq(storeStock.userId, userId)),
    db
      .select({
        productId: purchaseOrderLines.productId,
        status: purchaseOrders.status,
        qty: sql<string>`sum(${purchaseOrderLines.quantity})`,
      })
      .from(purchaseOrderLines)
      .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
      .where(and(eq(purchaseOrders.userId, userId), inArray(purchaseOrders.status, OPEN_ORDER_STATUSES)))
      .groupBy(purchaseOrderLines.productId, purchaseOrders.status),
  ]);
  return {
    sales: sales.map((s) => ({
      productId: s.productId,
      categoryId: s.categoryId,
      qty: Number(s.qty),
      weekQty: Number(s.weekQty),
    })),
    stock,
    open: open.map((o) => ({ productId: o.productId, status: o.status, qty: Number(o.qty) })),
  };
}

/** The store's best sellers from its own order history: units ordered (cancelled orders aside), most first. */
export async function bestSellers(db: DbOrTx, userId: number, limit: number): Promise<number[]> {
  const units = sql<string>`sum(${purchaseOrderLines.quantity})`;
  const rows = await db
    .select({ productId: purchaseOrderLines.productId, units })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(and(eq(purchaseOrders.userId, userId), ne(purchaseOrders.status, "Cancelled")))
    .groupBy(purchaseOrderLines.productId)
    .orderBy(desc(units), purchaseOrderLines.productId)
    .limit(limit);
  return rows.map((r) => r.productId);
}
