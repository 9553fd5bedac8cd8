import {
  type FacetValue,
  FILTER_KEYS,
  type ListingFilter,
  type ListingResponse,
  type Product,
  type StyleSize,
} from "@portal/contracts";
import {
  AGE_RANGES,
  compareSizes,
  PRICE_RANGES,
  STOCK_TYPE_LABELS,
  sortBySize,
  type WarehouseType,
} from "@portal/domain";
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

type ListingUnit = ListingResponse["counts"];

/** The listing cards of styles: each first product carries its style's sizes (in size order). */
function withStyleSizes(cards: readonly Product[], all: readonly Product[]): Product[] {
  const styleOf = (p: Product) => `${p.groupID}^${p.color ?? ""}`;
  const byStyle = new Map<string, Product[]>();
  for (const p of all) byStyle.set(styleOf(p), [...(byStyle.get(styleOf(p)) ?? []), p]);
  return cards.map((card) => ({
    ...card,
    styleSizes: sortBySize(byStyle.get(styleOf(card)) ?? [card], (p) => p.size).map(
      (p): StyleSize => ({
        id: p.id,
        size: p.size,
        ageFromMonths: p.ageFromMonths,
        ageToMonths: p.ageToMonths,
        totalStock: p.totalStock,
        whId: p.whId,
        mrp: p.pricing.mrp,
        netCost: p.pricing.netCost,
      }),
    ),
  }));
}

export interface ListingQuery {
  filters: ListingFilter[];
  sort?: { name: "newArrivals" | "price" | "bestSeller"; order: "asc" | "desc" } | undefined;
  search?: string | undefined;
  page: number;
  size: number;
  whId?: number | undefined;
  whType: WarehouseType;
}

/** The SQL condition of one filter, its values already validated by the contract; undefined when it asks for nothing. */
function filterCondition(filter: ListingFilter): SQL | undefined {
  if (filter.values.length === 0) return undefined;
  switch (filter.key) {
    case "categories":
      return inArray(products.categoryId, filter.values);
    case "subcategories":
      return inArray(products.subcategoryId, filter.values);
    case "brands":
      return inArray(products.brandId, filter.values);
    case "Type":
      return inArray(products.subcategoryTypeId, filter.values);
    case "stocktype":
      return inArray(products.stockType, filter.values);
    case "sizes":
      return inArray(products.size, filter.values);
    case "offer":
    case "premium":
    case "isSet":
    case "isNonSet": {
      if (!filter.values.some(Boolean)) return undefined;
      return {
        offer: sql`${products.isOffer}`,
        premium: sql`${products.isPremium}`,
        isSet: sql`${products.isSet}`,
        isNonSet: sql`NOT ${products.isSet}`,
      }[filter.key];
    }
    case "prices":
    case "age": {
      const ranges = filter.values.flatMap((v) => {
        const condition =
          filter.key === "prices" ? listing.priceRangeCondition(v) : listing.ageRangeCondition(v);
        return condition ? [condition] : [];
      });
      return ranges.length > 0 ? sql`(${sql.join(ranges, sql` OR `)})` : undefined;
    }
  }
}

const FLAG_LABELS: Partial<Record<FacetKey, string>> = {
  offer: "Offer",
  premium: "Premium",
  isSet: "Sets",
  isNonSet: "Non-sets",
};
const RANGE_LABELS = new Map<string, string>([
  ...Object.entries(STOCK_TYPE_LABELS).map(([key, label]) => [`stocktype:${key}`, label] as const),
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
      const condition = filterCondition(f);
      if (!condition) continue;
      const existing = byKey.get(f.key);
      byKey.set(f.key, existing ? sql`(${existing} AND ${condition})` : condition);
    }
    const where = and(baseWhere, ...byKey.values()) ?? sql`true`;
    // One card per style (group id and colour) with its sizes inside, unless a filter asks for sizes.
    const unit: ListingUnit = byKey.has("sizes") ? "products" : "styles";

    // Facet counts and the total change slowly and are shared by every partner with the same visibility
    // profile: computed once a minute per profile and query. The page of products is always fresh.
    const scanKey = JSON.stringify([
      visibilityProfile(viewer),
      warehouseIds,
      query.whType,
      unit,
      corrected,
      [...byKey.keys()].sort().map((k) => [k, query.filters.filter((f) => f.key === k).map((f) => f.values)]),
    ]);
    const [scan, names] = await Promise.all([
      facetCache.getOrCompute(scanKey, () => listing.scanFacets(db, baseWhere, byKey, unit)),
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
    const offset = (query.page - 1) * query.size;
    let page: Product[];
    if (total === 0) page = [];
    else if (unit === "products") {
      page = await present(
        await listing.pageOfIds(db, where, orderBy, query.size, offset),
        viewer,
        warehouseIds,
      );
    } else {
      const styles = await listing.pageOfStyleIds(db, where, orderBy, query.size, offset);
      const members = await listing.styleMemberIds(db, where, styles);
      const firstIds = new Set(styles.map((s) => s.id));
      const presented = await present(
        [...styles.map((s) => s.id), ...members.filter((id) => !firstIds.has(id))],
        viewer,
        warehouseIds,
      );
      page = withStyleSizes(presented.slice(0, styles.length), presented);
    }

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
        facets[key].push({ value: labels ? Number(value) : value, label, count });
      }
    }
    for (const [name, count] of scan.flags) {
      const [key, value] = name.split(":") as [FacetKey, string];
      facets[key].push({ value, label: FLAG_LABELS[key] ?? RANGE_LABELS.get(name) ?? value, count });
    }
    for (const key of ["categories", "subcategories", "brands", "Type", "stocktype"] as const) {
      facets[key].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
    }
    facets.sizes.sort((a, b) => compareSizes(a.label, b.label));
    const rangeOrder = (key: "prices" | "age") => {
      const keys: string[] = (key === "prices" ? PRICE_RANGES : AGE_RANGES).map((r) => r.key);
      facets[key].sort((a, b) => keys.indexOf(String(a.value)) - keys.indexOf(String(b.value)));
    };
    rangeOrder("prices");
    rangeOrder("age");

    return {
      products: page,
      total,
      counts: unit,
      productTotal: scan.productTotal,
      page: query.page,
      size: query.size,
      totalPages,
      facets,
    };
  }
}

export type ListingService = ReturnType<typeof createListingService>;
