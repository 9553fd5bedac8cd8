import { and, asc, eq, inArray, isNotNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  arsProducts,
  brands,
  categories,
  productLikes,
  products,
  subcategories,
  subcategoryTypes,
} from "../../db/schema";

/**
 * Queries of the product detail and the product batch calls. Each takes `visible`, the caller's
 * visibility condition (catalogue/visibility.ts), and never decides anything itself.
 */

/** The ids among `ids` that satisfy `visible`, each with its MRP. */
export async function visibleMrps(
  db: DbOrTx,
  ids: readonly number[],
  visible: SQL,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, mrp: products.mrp })
    .from(products)
    .where(and(inArray(products.id, [...ids]), visible));
  return new Map(rows.map((r) => [r.id, r.mrp]));
}

/** Visible members of these groups (in one colour when a colour is given), by id. */
export async function visibleGroupMembers(
  db: DbOrTx,
  groups: readonly { groupId: number; color: string | null }[],
  visible: SQL,
) {
  if (groups.length === 0) return [];
  const wanted = groups.map((g) =>
    g.color === null
      ? eq(products.groupId, g.groupId)
      : and(eq(products.groupId, g.groupId), eq(products.color, g.color)),
  );
  return db
    .select({
      id: products.id,
      groupId: products.groupId,
      size: products.size,
      color: products.color,
      ageFromMonths: products.ageFromMonths,
      ageToMonths: products.ageToMonths,
      mrp: products.mrp,
      retailerMargin: products.retailerMargin,
      currentStock: products.currentStock,
      b2bIsActive: products.b2bIsActive,
    })
    .from(products)
    .where(and(or(...wanted), visible))
    .orderBy(asc(products.groupId), asc(products.id));
}

/** The sale flag of the visible ones among `ids`. */
export async function saleFlags(db: DbOrTx, ids: readonly number[], visible: SQL) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, isSale: products.isSale })
    .from(products)
    .where(and(inArray(products.id, [...ids]), visible));
}

/** Visible best sellers, best rank first, optionally of one category. */
export async function bestSellerIds(
  db: DbOrTx,
  visible: SQL,
  limit: number,
  categoryId?: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        isNotNull(products.bestSellerRank),
        categoryId === undefined ? undefined : eq(products.categoryId, categoryId),
        visible,
      ),
    )
    .orderBy(asc(products.bestSellerRank), asc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The user's automatic replenishment list, restricted to visible products. */
export async function arsList(db: DbOrTx, userId: number, visible: SQL) {
  return db
    .select({ productId: arsProducts.productId, targetStock: arsProducts.targetStock })
    .from(arsProducts)
    .innerJoin(products, eq(products.id, arsProducts.productId))
    .where(and(eq(arsProducts.userId, userId), visible))
    .orderBy(asc(arsProducts.productId));
}

export async function brandById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  return row ?? null;
}

/** Categories (other than `excluded`) with their subcategories, in menu order. */
export async function categoriesWithSubcategories(db: DbOrTx, excluded: readonly number[]) {
  return db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      subcategoryId: subcategories.id,
      subcategoryName: subcategories.name,
    })
    .from(categories)
    .innerJoin(subcategories, eq(subcategories.categoryId, categories.id))
    .where(excluded.length ? notInArray(categories.id, [...excluded]) : undefined)
    .orderBy(asc(categories.sortOrder), asc(categories.id), asc(subcategories.name), asc(subcategories.id));
}

export async function allSubcategoryTypes(db: DbOrTx) {
  return db
    .select({
      id: subcategoryTypes.id,
      name: subcategoryTypes.name,
      subcategoryId: subcategoryTypes.subcategoryId,
    })
    .from(subcategoryTypes)
    .orderBy(asc(subcategoryTypes.id));
}

const likeColumns = {
  id: productLikes.id,
  productId: productLikes.productId,
  productName: products.name,
  categoryId: products.categoryId,
  subCategoryId: products.subcategoryId,
  likeDislike: productLikes.likeDislike,
  reason: productLikes.reason,
};

/** The user's like or dislike of a product, or null. */
export async function findLike(db: DbOrTx, userId: number, productId: number) {
  const [row] = await db
    .select(likeColumns)
    .from(productLikes)
    .innerJoin(products, eq(products.id, productLikes.productId))
    .where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)));
  return row ?? null;
}

/** Writes the one record of this user and product (insert, or update the existing one). */
export async function upsertLike(
  db: DbOrTx,
  like: { userId: number; productId: number; likeDislike: number; reason: string },
): Promise<void> {
  await db
    .insert(productLikes)
    .values(like)
    .onConflictDoUpdate({
      target: [productLikes.userId, productLikes.productId],
      set: { likeDislike: like.likeDislike, reason: like.reason, updatedAt: sql`now()` },
    });
}
