import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { categories, gstRates, menuItems, products, subcategories } from "../../db/schema";

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
 * Visible products per category: `visible` is the listing's own visibility condition for the caller
 * (visibility.ts), so a tile counts exactly what the listing of that category totals.
 */
export async function categoryCounts(db: DbOrTx, visible: SQL) {
  const counts = await db
    .select({ categoryId: products.categoryId, count: sql<number>`count(*)::int` })
    .from(products)
    .where(visible)
    .groupBy(products.categoryId);
  const cats = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return { categories: cats, counts };
}
