import { AGE_RANGES, PRICE_RANGES } from "@portal/domain";
import { asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { brands, categories, products, subcategories, subcategoryTypes } from "../../db/schema";

export type FacetKey =
  | "categories"
  | "subcategories"
  | "brands"
  | "prices"
  | "age"
  | "offer"
  | "stocktype"
  | "premium"
  | "Type"
  | "isSet"
  | "isNonSet";

export async function countMatching(db: DbOrTx, where: SQL): Promise<number> {
  const rows = await db.select({ n: count() }).from(products).where(where);
  return Number(rows[0]?.n ?? 0);
}

export async function pageOfIds(db: DbOrTx, where: SQL, orderBy: SQL[], limit: number, offset: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy, asc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

export const sortColumns = {
  newArrivals: (order: "asc" | "desc") => [
    order === "asc" ? asc(products.createdAt) : desc(products.createdAt),
  ],
  price: (order: "asc" | "desc") => [order === "asc" ? asc(products.mrp) : desc(products.mrp)],
  // Best first (rank 1) for "desc"; unranked products last either way.
  bestSeller: (order: "asc" | "desc") => [
    sql`${products.bestSellerRank} IS NULL`,
    order === "desc" ? asc(products.bestSellerRank) : desc(products.bestSellerRank),
  ],
} as const;

const priceBucket = sql.join(
  [
    sql`CASE`,
    ...PRICE_RANGES.map((r) =>
      r.max === null
        ? sql`WHEN ${products.mrp} >= ${r.min} THEN ${r.key}`
        : sql`WHEN ${products.mrp} >= ${r.min} AND ${products.mrp} < ${r.max} THEN ${r.key}`,
    ),
    sql`END`,
  ],
  sql` `,
);

/** A filter condition per price range key: MRP within [min, max). */
export function priceRangeCondition(key: string): SQL | null {
  const r = PRICE_RANGES.find((x) => x.key === key);
  if (!r) return null;
  return r.max === null
    ? sql`${products.mrp} >= ${r.min}`
    : sql`(${products.mrp} >= ${r.min} AND ${products.mrp} < ${r.max})`;
}

/** A filter condition per age range key: the product's age span overlaps the range. */
export function ageRangeCondition(key: string): SQL | null {
  const r = AGE_RANGES.find((x) => x.key === key);
  if (!r) return null;
  const upper = r.to === null ? sql`true` : sql`${products.ageFromMonths} < ${r.to}`;
  return sql`(${products.ageFromMonths} IS NOT NULL AND ${products.ageToMonths} > ${r.from} AND ${upper})`;
}

interface FacetRow {
  key: string;
  value: string;
  label: string;
  n: number;
}

/**
 * Counts per filter value: each facet counts the products that match every filter but its own, so
 * the panel shows how many products each further choice leaves. One round trip (UNION ALL).
 */
export async function facetCounts(
  db: DbOrTx,
  base: SQL,
  others: (key: FacetKey) => SQL,
): Promise<FacetRow[]> {
  const part = (key: FacetKey, value: SQL, label: SQL, join: SQL = sql``) =>
    sql`(SELECT ${key}::text AS key, (${value})::text AS value, (${label})::text AS label, count(*)::int AS n
        FROM ${products} ${join} WHERE ${base} AND ${others(key)} GROUP BY 2, 3)`;
  const flag = (key: FacetKey, condition: SQL, label: string) =>
    sql`(SELECT ${key}::text AS key, 'true' AS value, ${label}::text AS label, count(*)::int AS n
        FROM ${products} WHERE ${base} AND ${others(key)} AND ${condition} HAVING count(*) > 0)`;
  const ageParts = AGE_RANGES.map(
    (r) =>
      sql`(SELECT 'age' AS key, ${r.key}::text AS value, ${r.label}::text AS label, count(*)::int AS n
          FROM ${products} WHERE ${base} AND ${others("age")} AND ${ageRangeCondition(r.key)} HAVING count(*) > 0)`,
  );
  const query = sql.join(
    [
      part(
        "categories",
        sql`${products.categoryId}`,
        sql`${categories.name}`,
        sql`JOIN ${categories} ON ${eq(categories.id, products.categoryId)}`,
      ),
      part(
        "subcategories",
        sql`${products.subcategoryId}`,
        sql`${subcategories.name}`,
        sql`JOIN ${subcategories} ON ${eq(subcategories.id, products.subcategoryId)}`,
      ),
      part(
        "brands",
        sql`${products.brandId}`,
        sql`${brands.name}`,
        sql`JOIN ${brands} ON ${eq(brands.id, products.brandId)}`,
      ),
      part(
        "Type",
        sql`${products.subcategoryTypeId}`,
        sql`${subcategories.name} || ': ' || ${subcategoryTypes.name}`,
        sql`JOIN ${subcategoryTypes} ON ${eq(subcategoryTypes.id, products.subcategoryTypeId)} JOIN ${subcategories} ON ${eq(subcategories.id, products.subcategoryId)}`,
      ),
      part("prices", priceBucket, priceBucket),
      part("stocktype", sql`${products.stockType}`, sql`${products.stockType}`),
      ...ageParts,
      flag("offer", sql`${products.isOffer}`, "Offer"),
      flag("premium", sql`${products.isPremium}`, "Premium"),
      flag("isSet", sql`${products.isSet}`, "Sets"),
      flag("isNonSet", sql`NOT ${products.isSet}`, "Non-sets"),
    ],
    sql` UNION ALL `,
  );
  const result = await db.execute(query);
  return (result as unknown as { rows: FacetRow[] }).rows;
}
