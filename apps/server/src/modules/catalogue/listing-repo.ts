import type { FilterKey } from "@portal/contracts";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { brands, categories, products, subcategories, subcategoryTypes } from "../../db/schema";

export type FacetKey = FilterKey;

/** What the listing index keeps of a product (see catalogue-index.ts). */
export interface IndexedProduct {
  id: number;
  groupId: number;
  color: string | null;
  categoryId: number;
  subcategoryId: number;
  subcategoryTypeId: number | null;
  brandId: number;
  stockType: string;
  size: string | null;
  mrpPaise: number;
  /** created_at in microseconds since 1970 (PostgreSQL keeps microseconds; the listing sorts by them). */
  createdMicros: number;
  bestSellerRank: number | null;
  isOffer: boolean;
  isPremium: boolean;
  isSet: boolean;
  ageFromMonths: number | null;
  ageToMonths: number | null;
  /** Active, with margin and current stock above 0 (the visibility facts that do not depend on the viewer). */
  sellable: boolean;
  stockedWarehouseIds: number[];
  /** What search ranks on (lower case): the name without its leading brand, the subcategory's and type's names. */
  nameSansBrand: string;
  subcategoryName: string;
  typeName: string;
  /** Changes when the name, colour or description (what search reads) changes. */
  textHash: string;
  /** The transaction that last wrote the product (or, through the stock triggers, its stock). */
  changeXid: string;
}

export interface CatalogueLook {
  /** The oldest transaction still running when this look was taken: the next look re-reads from it. */
  xmin: string;
  /** Bumped whenever products are deleted or truncated. */
  epoch: string;
  changed: IndexedProduct[];
}

const intArray = (v: unknown): number[] =>
  Array.isArray(v)
    ? v.map(Number)
    : typeof v === "string" && v.length > 2
      ? v.slice(1, -1).split(",").map(Number)
      : [];
const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The products written by transactions from `sinceXmin` on ("0": all of them), read in the same
 * statement as the snapshot's xmin and the removal epoch, so nothing committed in between is missed.
 */
export async function catalogueChanges(db: DbOrTx, sinceXmin: string): Promise<CatalogueLook> {
  const result = await db.execute(sql`
    WITH look AS (
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
        (SELECT epoch FROM catalogue_epoch WHERE id = 1)::text AS epoch
    )
    SELECT look.xmin, look.epoch, p.id, p.group_id, p.color, p.category_id, p.subcategory_id,
      p.subcategory_type_id, p.brand_id, p.stock_type, p.size, (p.mrp * 100)::bigint::text AS mrp_paise,
      (extract(epoch FROM p.created_at) * 1000000)::bigint::text AS created_micros, p.best_seller_rank,
      p.is_offer, p.is_premium, p.is_set, p.age_from_months, p.age_to_months,
      (p.b2b_is_active AND p.retailer_margin > 0 AND p.current_stock > 0) AS sellable, p.stocked_warehouse_ids,
      CASE WHEN left(lower(p.name), length(b.name)) = lower(b.name) THEN substr(lower(p.name), length(b.name) + 1)
        ELSE lower(p.name) END AS name_sans_brand,
      lower(s.name) AS subcategory_name, lower(coalesce(t.name, '')) AS type_name,
      md5(p.name || '^' || coalesce(p.color, '') || '^' || p.description) AS text_hash,
      p.change_xid::text AS change_xid
    FROM look
    LEFT JOIN ${products} p ON p.change_xid >= ${sinceXmin}::xid8
    LEFT JOIN ${brands} b ON b.id = p.brand_id
    LEFT JOIN ${subcategories} s ON s.id = p.subcategory_id
    LEFT JOIN ${subcategoryTypes} t ON t.id = p.subcategory_type_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const first = rows[0];
  const changed: IndexedProduct[] = [];
  for (const r of rows) {
    if (r.id === null || r.id === undefined) continue;
    changed.push({
      id: Number(r.id),
      groupId: Number(r.group_id),
      color: (r.color as string | null) ?? null,
      categoryId: Number(r.category_id),
      subcategoryId: Number(r.subcategory_id),
      subcategoryTypeId: intOrNull(r.subcategory_type_id),
      brandId: Number(r.brand_id),
      stockType: String(r.stock_type),
      size: (r.size as string | null) ?? null,
      mrpPaise: Number(r.mrp_paise),
      createdMicros: Number(r.created_micros),
      bestSellerRank: intOrNull(r.best_seller_rank),
      isOffer: r.is_offer === true,
      isPremium: r.is_premium === true,
      isSet: r.is_set === true,
      ageFromMonths: intOrNull(r.age_from_months),
      ageToMonths: intOrNull(r.age_to_months),
      sellable: r.sellable === true,
      stockedWarehouseIds: intArray(r.stocked_warehouse_ids),
      nameSansBrand: String(r.name_sans_brand),
      subcategoryName: String(r.subcategory_name),
      typeName: String(r.type_name),
      textHash: String(r.text_hash),
      changeXid: String(r.change_xid),
    });
  }
  return { xmin: String(first?.xmin ?? "0"), epoch: String(first?.epoch ?? "0"), changed };
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
