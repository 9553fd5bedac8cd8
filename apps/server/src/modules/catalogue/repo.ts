import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  categories,
  gstRates,
  menuItems,
  productStock,
  products,
  subcategories,
  userWarehouses,
} from "../../db/schema";

export async function allGstRates(db: DbOrTx) {
  return db.select().from(gstRates).orderBy(asc(gstRates.hsnCode));
}

export async function menuRows(db: DbOrTx) {
  return db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      subcategoryId: subcategories.id,
      subcategoryName: subcategories.name,
      sortOrder: menuItems.sortOrder,
    })
    .from(menuItems)
    .innerJoin(categories, eq(categories.id, menuItems.categoryId))
    .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
    .orderBy(asc(menuItems.sortOrder), asc(categories.id), asc(subcategories.name));
}

/**
 * Sellable products per category and subcategory for the user: active, with margin and current
 * stock, and stocked at their MRP in one of the user's warehouses (an EXISTS on the stock key).
 */
export async function categoryCounts(db: DbOrTx, userId: number) {
  const stockedForUser = sql`EXISTS (
    SELECT 1 FROM ${productStock}
    JOIN ${userWarehouses} ON ${userWarehouses.warehouseId} = ${productStock.warehouseId} AND ${userWarehouses.userId} = ${userId}
    WHERE ${productStock.productId} = ${products.id} AND ${productStock.mrp} = ${products.mrp} AND ${productStock.stock} > 0
  )`;
  const counts = await db
    .select({
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(
      and(
        eq(products.b2bIsActive, true),
        sql`${products.retailerMargin} > 0`,
        sql`${products.currentStock} > 0`,
        stockedForUser,
      ),
    )
    .groupBy(products.categoryId, products.subcategoryId);
  const cats = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return { categories: cats, counts };
}
