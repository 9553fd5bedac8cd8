import { type FacetValue, FILTER_KEYS, type ListingResponse, type Product } from "@portal/contracts";
import { AGE_RANGES, PRICE_RANGES, STOCK_TYPES, type WarehouseType } from "@portal/domain";
import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { TtlCache } from "../../lib/ttl-cache";
import * as search from "../search/public";
import type { FacetKey } from "./listing-repo";
import * as listing from "./listing-repo";
import { toProduct } from "./product-view";
import * as productsRepo from "./products-repo";
import { type Viewer, warehouseIdsFor } from "./viewer";
import { visibleCondition } from "./visibility";

export interface ListingQuery {
  filters: { key: FacetKey; values: (string | number | boolean)[] }[];
  sort?: { name: "newArrivals" | "price" | "bestSeller"; order: "asc" | "desc" } | undefined;
  search?: string | undefined;
  page: number;
  size: number;
  whId?: number | undefined;
  whType: WarehouseType;
}

/** Ids are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;
const ID_KEYS = new Set<FacetKey>(["categories", "subcategories", "brands", "Type"]);
const FLAG_KEYS = new Set<FacetKey>(["offer", "premium", "isSet", "isNonSet"]);

function ids(key: FacetKey, values: readonly (string | number | boolean)[]): number[] {
  return values.map((v) => {
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_ID)
      throw badRequest(`filter ${key}: "${v}" is not an id`);
    return n;
  });
}

function isTrue(key: FacetKey, values: readonly (string | number | boolean)[]): boolean {
  return values.some((v) => {
    const text = String(v).toLowerCase();
    if (text !== "true" && text !== "false" && text !== "1" && text !== "0")
      throw badRequest(`filter ${key}: use true or false, not "${v}"`);
    return text === "true" || text === "1";
  });
}

/** The SQL condition of one filter; undefined when the filter asks for nothing. */
function filterCondition(key: FacetKey, values: readonly (string | number | boolean)[]): SQL | undefined {
  if (values.length === 0) return undefined;
  if (ID_KEYS.has(key)) {
    const column = {
      categories: products.categoryId,
      subcategories: products.subcategoryId,
      brands: products.brandId,
      Type: products.subcategoryTypeId,
    }[key as "categories"];
    return inArray(column, ids(key, values));
  }
  if (FLAG_KEYS.has(key)) {
    if (!isTrue(key, values)) return undefined;
    return {
      offer: sql`${products.isOffer}`,
      premium: sql`${products.isPremium}`,
      isSet: sql`${products.isSet}`,
      isNonSet: sql`NOT ${products.isSet}`,
    }[key as "offer"];
  }
  if (key === "stocktype") {
    const types = values.map(String);
    const unknown = types.find((t) => !(STOCK_TYPES as readonly string[]).includes(t));
    if (unknown)
      throw badRequest(`filter stocktype: "${unknown}" is not a stock type (${STOCK_TYPES.join(", ")})`);
    return inArray(products.stockType, types);
  }
  const ranges = values.map((v) => {
    const condition =
      key === "prices" ? listing.priceRangeCondition(String(v)) : listing.ageRangeCondition(String(v));
    if (!condition) {
      const known = (key === "prices" ? PRICE_RANGES : AGE_RANGES).map((r) => r.key).join(", ");
      throw badRequest(`filter ${key}: "${v}" is not a range (${known})`);
    }
    return condition;
  });
  return sql`(${sql.join(ranges, sql` OR `)})`;
}

const FLAG_LABELS: Partial<Record<FacetKey, string>> = {
  offer: "Offer",
  premium: "Premium",
  isSet: "Sets",
  isNonSet: "Non-sets",
};
const RANGE_LABELS = new Map<string, string>([
  ...PRICE_RANGES.map((r) => [`prices:${r.key}`, r.label] as const),
  ...AGE_RANGES.map((r) => [`age:${r.key}`, r.label] as const),
]);
const FACET_KEYS: readonly FacetKey[] = FILTER_KEYS;

const NAMES_TTL_MS = 60_000;
const FACET_TTL_MS = 60_000;

/** What decides which products a viewer sees: partners with the same profile share cached counts. */
export const visibilityProfile = (viewer: Viewer) =>
  JSON.stringify([viewer.warehouses.map((w) => w.id), viewer.hasFoodLicense, viewer.rules]);

/**
 * The key of a whole catalogue answer: what the viewer may see, the state prices are taxed for, and
 * (for ARS users, whose marks are their own) the user.
 */
export const viewerAnswerKey = (viewer: Viewer, ...parts: unknown[]) =>
  JSON.stringify([
    visibilityProfile(viewer),
    viewer.shipToState,
    viewer.enableARS ? viewer.userId : 0,
    viewer.concept,
    ...parts,
  ]);

export interface CatalogueCacheOptions {
  /**
   * How long a whole listing or detail answer may be served again (micro-cache; 0 turns it off). Carts
   * and orders always recompute prices and stock from the database, so this only delays what a page shows.
   */
  answerCacheMs?: number;
}

export function createListingService(deps: { db: Db } & CatalogueCacheOptions) {
  const { db } = deps;
  const answers = new TtlCache<Promise<ListingResponse>>(deps.answerCacheMs ?? 0, 5000);
  const facetCache = new TtlCache<Promise<listing.FacetScan>>(FACET_TTL_MS, 2000);
  // Category, brand and type names change rarely: read them at most once a minute.
  let names: { at: number; value: Promise<Awaited<ReturnType<typeof listing.facetNames>>> } | null = null;
  const facetNamesCached = () => {
    if (!names || Date.now() - names.at > NAMES_TTL_MS) {
      const value = listing.facetNames(db);
      names = { at: Date.now(), value };
      value.catch(() => {
        names = null;
      });
    }
    return names.value;
  };

  /** Products of these ids (in this order) priced for the viewer from the given warehouses. */
  async function present(
    ids: readonly number[],
    viewer: Viewer,
    warehouseIds: readonly number[],
  ): Promise<Product[]> {
    const [rows, stock, ars] = await Promise.all([
      productsRepo.productRows(db, ids),
      productsRepo.stockRows(db, ids, warehouseIds),
      viewer.enableARS
        ? productsRepo.arsProductIds(db, viewer.userId, ids)
        : Promise.resolve(new Set<number>()),
    ]);
    const byId = new Map(rows.map((r) => [r.product.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        toProduct(
          row,
          stock.filter((s) => s.productId === id),
          { shipToState: viewer.shipToState, isARS: ars.has(id), concept: viewer.concept },
        ),
      ];
    });
  }

  return {
    present,
    /** Forget cached counts (after stock or catalogue changes). */
    invalidate: () => {
      facetCache.clear();
      answers.clear();
    },

    list(viewer: Viewer, query: ListingQuery): Promise<ListingResponse> {
      return answers.getOrCompute(viewerAnswerKey(viewer, query), () => computeList(viewer, query));
    },
  };

  async function computeList(viewer: Viewer, query: ListingQuery): Promise<ListingResponse> {
    const warehouseIds = warehouseIdsFor(viewer, query.whType, query.whId);
    const base: SQL[] = [
      visibleCondition({
        warehouseIds,
        hasFoodLicense: viewer.hasFoodLicense,
        rules: viewer.rules,
        whType: query.whType,
      }),
    ];
    const words = query.search ? search.searchWordsOf(query.search) : [];
    if (query.search !== undefined && words.length === 0 && query.search.trim() !== "") base.push(sql`false`);
    let corrected: string[] = [];
    if (words.length > 0) {
      corrected = await search.correctWords(db, words);
      base.push(search.productSearchCondition(corrected));
    }
    const baseWhere = and(...base) ?? sql`true`;

    const byKey = new Map<FacetKey, SQL>();
    for (const f of query.filters) {
      const condition = filterCondition(f.key, f.values);
      if (!condition) continue;
      const existing = byKey.get(f.key);
      byKey.set(f.key, existing ? sql`(${existing} AND ${condition})` : condition);
    }
    const where = and(baseWhere, ...byKey.values()) ?? sql`true`;

    // Facet counts and the total change slowly and are shared by every partner with the same visibility
    // profile: computed once a minute per profile and query. The page of products is always fresh.
    const scanKey = JSON.stringify([
      visibilityProfile(viewer),
      warehouseIds,
      query.whType,
      corrected,
      [...byKey.keys()].sort().map((k) => [k, query.filters.filter((f) => f.key === k).map((f) => f.values)]),
    ]);
    const [scan, names] = await Promise.all([
      facetCache.getOrCompute(scanKey, () => listing.scanFacets(db, baseWhere, byKey)),
      facetNamesCached(),
    ]);
    const total = scan.total;
    const totalPages = Math.ceil(total / query.size);
    if (query.page > Math.max(1, totalPages)) {
      throw badRequest(`page ${query.page} is beyond the last page (${Math.max(1, totalPages)})`);
    }
    const orderBy = query.sort
      ? listing.sortColumns[query.sort.name](query.sort.order)
      : corrected.length > 0
        ? [sql`${search.productSearchRank(corrected)} DESC`]
        : listing.sortColumns.newArrivals("desc");
    const ids =
      total === 0
        ? []
        : await listing.pageOfIds(db, where, orderBy, query.size, (query.page - 1) * query.size);

    const facets = Object.fromEntries(FACET_KEYS.map((k) => [k, [] as FacetValue[]])) as Record<
      FacetKey,
      FacetValue[]
    >;
    for (const [key, counts] of scan.grouped) {
      const labels =
        key === "categories" || key === "subcategories" || key === "brands" || key === "Type"
          ? names[key]
          : null;
      for (const [value, count] of counts) {
        const label = labels?.get(value) ?? RANGE_LABELS.get(`${key}:${value}`) ?? value;
        facets[key].push({ value: ID_KEYS.has(key) ? Number(value) : value, label, count });
      }
    }
    for (const [name, count] of scan.flags) {
      const [key, value] = name.split(":") as [FacetKey, string];
      facets[key].push({ value, label: FLAG_LABELS[key] ?? RANGE_LABELS.get(name) ?? value, count });
    }
    for (const key of ["categories", "subcategories", "brands", "Type", "stocktype"] as const) {
      facets[key].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    }
    const rangeOrder = (key: "prices" | "age") => {
      const keys: string[] = (key === "prices" ? PRICE_RANGES : AGE_RANGES).map((r) => r.key);
      facets[key].sort((a, b) => keys.indexOf(String(a.value)) - keys.indexOf(String(b.value)));
    };
    rangeOrder("prices");
    rangeOrder("age");

    return {
      products: await present(ids, viewer, warehouseIds),
      total,
      page: query.page,
      size: query.size,
      totalPages,
      facets,
    };
  }
}

export type ListingService = ReturnType<typeof createListingService>;
