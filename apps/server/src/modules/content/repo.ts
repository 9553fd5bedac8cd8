import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { banners, products } from "../../db/schema";

export async function activeBanners(db: DbOrTx) {
  return db
    .select()
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
}

/** A product's category and subcategory (what its pictures draw); null for an unknown id. */
export async function productKindIds(db: DbOrTx, productId: number) {
  const rows = await db
    .select({ categoryId: products.categoryId, subcategoryId: products.subcategoryId })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return rows[0] ?? null;
}
