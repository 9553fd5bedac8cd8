import type { FilterKey } from "@portal/contracts";
import { AGE_RANGES, PRICE_RANGES } from "@portal/domain";
import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { brands, categories, products, subcategories, subcategoryTypes } from "../../db/schema";

export type FacetKey = FilterKey;

/** The key of a product's style: its group id and colour (one listing card each). */
export const styleKey = sql`(${products.groupId}::text || '^' || coalesce(${products.color}, ''))`;

/**
 * A page of styles: the first product of each style (group id and colour) in the listing's order,
 * and the styles in the order of those first products. One window pass over what the filters leave.
 */
export async function pageOfStyleIds(db: DbOrTx, where: SQL, orderBy: SQL[], limit: number, offset: number) {
  const order = sql.join([...orderBy, sql`${products.id}`], sql`, `);
  const result = await db.execute(sql`
    SELECT id, group_id, color FROM (
      SELECT ${products.id} AS id, ${products.groupId} AS group_id, ${products.color} AS color,
        row_number() OVER (PARTITION BY ${products.groupId}, ${products.color} ORDER BY ${order}) AS in_style,
        row_number() OVER (ORDER BY ${order}) AS position
      FROM ${products} WHERE ${where}
    ) ranked
    WHERE in_style = 1
    ORDER BY position
    LIMIT ${limit} OFFSET ${offset}`);
  const rows = (result as unknown as { rows: { id: number; group_id: number; color: string | null }[] }).rows;
  return rows.map((r) => ({ id: Number(r.id), groupId: Number(r.group_id), color: r.color }));
}

/** Every product of these styles that the condition leaves (the sizes inside the cards). */
export async function styleMemberIds(
  db: DbOrTx,
  where: SQL,
  styles: readonly { groupId: number; color: string | null }[],
) {
  if (styles.length === 0) return [];
  const keys = styles.map((s) => `${s.groupId}^${s.color ?? ""}`);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      sql`${where} AND ${products.groupId} IN (${sql.join(
        [...new Set(styles.map((s) => s.groupId))].map((g) => sql`${g}`),
        sql`, `,
      )}) AND ${styleKey} IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  return rows.map((r) => r.id);
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

export interface FacetScan {
  total: number;
  /** Products (sizes) the filters leave, whatever the unit. */
  productTotal: number;
  /** Counts per grouped value: key -> value -> count. */
  grouped: Map<FacetKey, Map<string, number>>;
  /** Counts of the flag and age facets (key:value -> count). */
  flags: Map<string, number>;
}

// Column aliases are lower case: PostgreSQL folds unquoted names, and "Type" would come back as "type".
const alias = (prefix: string, key: FacetKey) => `${prefix}_${key.toLowerCase()}`;

const GROUPED: { key: FacetKey; column: SQL }[] = [
  { key: "categories", column: sql`category_id` },
  { key: "subcategories", column: sql`subcategory_id` },
  { key: "brands", column: sql`brand_id` },
  { key: "Type", column: sql`subcategory_type_id` },
  { key: "prices", column: sql`price_bucket` },
  { key: "stocktype", column: sql`stock_type` },
  { key: "sizes", column: sql`size` },
];

/**
 * Facet counts and the total in one scan of the visible products. Each facet counts the products that
 * match every active filter but its own (so the panel shows what each further choice leaves): the
 * active filters become boolean columns, and every facet's count is a FILTER over the others, grouped
 * by GROUPING SETS.
 */
export async function scanFacets(
  db: DbOrTx,
  base: SQL,
  active: ReadonlyMap<FacetKey, SQL>,
  /** "styles": every count counts styles (group id and colour), not products. */
  unit: "styles" | "products",
): Promise<FacetScan> {
  const counted = unit === "styles" ? sql`count(DISTINCT style)` : sql`count(*)`;
  const activeKeys = [...active.keys()];
  const flagColumn = (key: FacetKey) => sql.raw(alias("f", key));
  const allBut = (except?: FacetKey) => {
    const parts = activeKeys.filter((k) => k !== except).map((k) => flagColumn(k));
    return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  };
  const flagDefinitions = activeKeys.map((k) => sql`, (${active.get(k)}) AS ${flagColumn(k)}`);
  const extraCounts: { name: string; condition: SQL }[] = [
    { name: "offer:true", condition: sql`${allBut("offer")} AND is_offer` },
    { name: "premium:true", condition: sql`${allBut("premium")} AND is_premium` },
    { name: "isSet:true", condition: sql`${allBut("isSet")} AND is_set` },
    { name: "isNonSet:true", condition: sql`${allBut("isNonSet")} AND NOT is_set` },
    ...AGE_RANGES.map((r) => ({
      name: `age:${r.key}`,
      condition: sql`${allBut("age")} AND age_from_months IS NOT NULL AND age_to_months > ${r.from}${
        r.to === null ? sql`` : sql` AND age_from_months < ${r.to}`
      }`,
    })),
  ];
  const query = sql`
    WITH base AS (
      SELECT ${products.categoryId} AS category_id, ${products.subcategoryId} AS subcategory_id,
        ${products.brandId} AS brand_id, ${products.subcategoryTypeId} AS subcategory_type_id,
        ${products.stockType} AS stock_type, ${priceBucket} AS price_bucket,
        ${products.isOffer} AS is_offer, ${products.isPremium} AS is_premium, ${products.isSet} AS is_set,
        ${products.ageFromMonths} AS age_from_months, ${products.ageToMonths} AS age_to_months,
        ${products.size} AS size, ${styleKey} AS style
        ${sql.join(flagDefinitions, sql``)}
      FROM ${products} WHERE ${base}
    )
    SELECT ${sql.join(
      GROUPED.map(
        (g) =>
          sql`GROUPING(${g.column}) AS ${sql.raw(alias("g", g.key))}, ${g.column}::text AS ${sql.raw(alias("v", g.key))}`,
      ),
      sql`, `,
    )},
      ${sql.join(
        GROUPED.map(
          (g) => sql`${counted} FILTER (WHERE ${allBut(g.key)})::int AS ${sql.raw(alias("c", g.key))}`,
        ),
        sql`, `,
      )},
      ${counted} FILTER (WHERE ${allBut()})::int AS c_total,
      count(*) FILTER (WHERE ${allBut()})::int AS p_total,
      ${sql.join(
        extraCounts.map((e, i) => sql`${counted} FILTER (WHERE ${e.condition})::int AS ${sql.raw(`x_${i}`)}`),
        sql`, `,
      )}
    FROM base
    GROUP BY GROUPING SETS (${sql.join(
      GROUPED.map((g) => sql`(${g.column})`),
      sql`, `,
    )}, ())`;
  const result = await db.execute(query);
  const rows = (result as unknown as { rows: Record<string, string | number | null>[] }).rows;
  const scan: FacetScan = {
    total: 0,
    productTotal: 0,
    grouped: new Map(GROUPED.map((g) => [g.key, new Map()])),
    flags: new Map(),
  };
  for (const row of rows) {
    const groupedBy = GROUPED.find((g) => Number(row[alias("g", g.key)]) === 0);
    if (!groupedBy) {
      scan.total = Number(row.c_total);
      scan.productTotal = Number(row.p_total);
      extraCounts.forEach((e, i) => {
        const n = Number(row[`x_${i}`]);
        if (n > 0) scan.flags.set(e.name, n);
      });
      continue;
    }
    const value = row[alias("v", groupedBy.key)];
    const n = Number(row[alias("c", groupedBy.key)]);
    if (value === null || value === undefined || n === 0) continue;
    scan.grouped.get(groupedBy.key)?.set(String(value), n);
  }
  return scan;
}

/** Names for the facet values: categories, subcategories, brands and "Subcategory: Type". */
export async function facetNames(db: DbOrTx) {
  const [cats, subs, brandRows, typeRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    // "Boys Clothing › Nightwear": subcategory names repeat across categories.
    db
      .select({
        id: subcategories.id,
        name: sql<string>`${categories.name} || ' › ' || ${subcategories.name}`,
      })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId)),
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db
      .select({
        id: subcategoryTypes.id,
        name: sql<string>`${subcategories.name} || ': ' || ${subcategoryTypes.name}`,
      })
      .from(subcategoryTypes)
      .innerJoin(subcategories, eq(subcategories.id, subcategoryTypes.subcategoryId)),
  ]);
  const toMap = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [String(r.id), r.name]));
  return {
    categories: toMap(cats),
    subcategories: toMap(subs),
    brands: toMap(brandRows),
    Type: toMap(typeRows),
  };
}
