import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { purchaseOrderLines, purchaseOrders } from "../../db/schema";

/** Reads of the smart top-up: the store's own order history. None decides anything. */

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
