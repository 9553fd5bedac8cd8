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

/** Categories with the number of sellable products the user's warehouses hold. */
export async function categoryCounts(db: DbOrTx, userId: number) {
  const stocked = db
    .selectDistinct({ productId: productStock.productId })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .innerJoin(
      userWarehouses,
      and(eq(userWarehouses.warehouseId, productStock.warehouseId), eq(userWarehouses.userId, userId)),
    )
    .where(and(eq(productStock.mrp, products.mrp), sql`${productStock.stock} > 0`))
    .as("stocked");
  return db
    .select({
      id: categories.id,
      name: categories.name,
      subcategoryId: products.subcategoryId,
      count: sql<number>`count(${stocked.productId})::int`,
    })
    .from(categories)
    .leftJoin(
      products,
      and(
        eq(products.categoryId, categories.id),
        eq(products.b2bIsActive, true),
        sql`${products.retailerMargin} > 0`,
        sql`${products.currentStock} > 0`,
      ),
    )
    .leftJoin(stocked, eq(stocked.productId, products.id))
    .groupBy(categories.id, categories.name, products.subcategoryId)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}
