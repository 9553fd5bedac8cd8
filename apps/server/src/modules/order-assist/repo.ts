import { and, asc, desc, eq, gte, inArray, lte, max, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  categories,
  products,
  purchaseOrderLines,
  purchaseOrders,
  storeSales,
  storeStock,
  subcategories,
  subcategoryTypes,
} from "../../db/schema";

/** Order statuses whose lines are still on their way to the store. */
export const OPEN_ORDER_STATUSES = ["Pending", "Confirmed", "Shipped"] as const;

/** The store's latest sales date (its last point-of-sale sync), or null when it has reported none. */
export async function lastSaleDate(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: max(storeSales.saleDate) })
    .from(storeSales)
    .where(eq(storeSales.userId, userId));
  return row?.at ?? null;
}

/** Sale per product over [from, to], and over [weekFrom, to]. */
export async function salesByProduct(
  db: DbOrTx,
  userId: number,
  window: { from: string; weekFrom: string; to: string },
) {
  const rows = await db
    .select({
      productId: storeSales.productId,
      qty: sql<string>`sum(${storeSales.qty})`,
      weekQty: sql<string>`sum(case when ${storeSales.saleDate} >= ${window.weekFrom} then ${storeSales.qty} else 0 end)`,
      amountPaise: sql<string>`sum(${storeSales.amountPaise})`,
    })
    .from(storeSales)
    .where(
      and(
        eq(storeSales.userId, userId),
        gte(storeSales.saleDate, window.from),
        lte(storeSales.saleDate, window.to),
      ),
    )
    .groupBy(storeSales.productId);
  return rows.map((r) => ({
    productId: r.productId,
    qty: Number(r.qty),
    weekQty: Number(r.weekQty),
    amountPaise: BigInt(r.amountPaise),
  }));
}

/** Stock in hand per product. */
export async function stockByProduct(db: DbOrTx, userId: number) {
  return db
    .select({ productId: storeStock.productId, qty: storeStock.qty })
    .from(storeStock)
    .where(eq(storeStock.userId, userId));
}

/** Units on the store's open orders per product and status (Pending, Confirmed, Shipped). */
export async function openOrderQuantities(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      productId: purchaseOrderLines.productId,
      status: purchaseOrders.status,
      qty: sql<string>`sum(${purchaseOrderLines.quantity})`,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(and(eq(purchaseOrders.userId, userId), inArray(purchaseOrders.status, [...OPEN_ORDER_STATUSES])))
    .groupBy(purchaseOrderLines.productId, purchaseOrders.status);
  return rows.map((r) => ({ productId: r.productId, status: r.status, qty: Number(r.qty) }));
}

/** The store's open order lines, newest first, for some products or a category. */
export async function openOrderLines(
  db: DbOrTx,
  userId: number,
  filter: { productIds?: readonly number[]; categoryId?: number },
) {
  const where: (SQL | undefined)[] = [
    eq(purchaseOrders.userId, userId),
    inArray(purchaseOrders.status, [...OPEN_ORDER_STATUSES]),
  ];
  if (filter.productIds) where.push(inArray(purchaseOrderLines.productId, [...filter.productIds]));
  if (filter.categoryId !== undefined) where.push(eq(products.categoryId, filter.categoryId));
  return db
    .select({
      poid: purchaseOrders.poid,
      status: purchaseOrders.status,
      createdAt: purchaseOrders.createdAt,
      productId: purchaseOrderLines.productId,
      productName: products.name,
      size: products.size,
      color: products.color,
      qty: purchaseOrderLines.quantity,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(and(...where))
    .orderBy(desc(purchaseOrders.createdAt), asc(purchaseOrderLines.productId));
}

/** What order assist needs of each product, and whether the caller may see (and so buy) it. */
export async function productAttributes(db: DbOrTx, ids: readonly number[], visible: SQL) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      size: products.size,
      color: products.color,
      groupId: products.groupId,
      mrp: products.mrp,
      categoryId: products.categoryId,
      categoryName: categories.name,
      subcategoryId: products.subcategoryId,
      subcategoryName: subcategories.name,
      typeId: products.subcategoryTypeId,
      typeName: subcategoryTypes.name,
      visible: sql<boolean>`(${visible})`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(subcategoryTypes, eq(subcategoryTypes.id, products.subcategoryTypeId))
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.subcategoryId), asc(products.groupId), asc(products.color), asc(products.id));
}

/** Every category with its name, in menu order. */
export async function allCategories(db: DbOrTx) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function categoryById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

export async function subcategoryById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, id));
  return row ?? null;
}

/** The category of each of these products. */
export async function categoriesOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.categoryId]));
}
