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
  pageBeyondLast,
  STOCK_TYPE_LABELS,
  sortBySize,
  type WarehouseType,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { TtlCache } from "../../lib/ttl-cache";
import {
  type CatalogueIndex,
  type CatalogueSnapshot,
  createCatalogueIndex,
  type SortKey,
} from "./catalogue-index";
import type { FacetKey } from "./listing-repo";
import * as listing from "./listing-repo";
import { scanListing } from "./listing-scan";
import { toProduct, toStyleSize } from "./product-view";
import type { ProductRow, StockRow } from "./products-repo";
import * as productsRepo from "./products-repo";
import { type Viewer, warehouseIdsFor } from "./viewer";

type ListingUnit = ListingResponse["counts"];

/**
 * The listing cards of styles: each card carries its style's sizes (itself and `others`, the page's
 * other products of its style), in size order.
 */
function withStyleSizes(
  cards: readonly Product[],
  cardSizes: readonly StyleSize[],
  others: readonly { style: string; size: StyleSize }[],
): Product[] {
  const byStyle = new Map<string, StyleSize[]>();
  cards.forEach((card, i) => {
    const style = styleOf(card.groupID, card.color);
    const list = byStyle.get(style);
    if (list) list.push(cardSizes[i]!);
    else byStyle.set(style, [cardSizes[i]!]);
  });
  for (const { style, size } of others) byStyle.get(style)?.push(size);
  return cards.map((card) => ({
    ...card,
    styleSizes: sortBySize(byStyle.get(styleOf(card.groupID, card.color))!, (p) => p.size),
  }));
}
const styleOf = (groupId: number, color: string | null) => `${groupId}^${color ?? ""}`;

export interface ListingQuery {
  filters: ListingFilter[];
  sort?: { name: "newArrivals" | "price" | "bestSeller"; order: "asc" | "desc" } | undefined;
  search?: string | undefined;
  page: number;
  size: number;
  whId?: number | undefined;
  whType: WarehouseType;
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
const KEPT_PRODUCTS = 20_000;
const KEPT_RELEVANCE_ORDERS = 32;

/** What decides which products a viewer sees: partners with the same profile share cached counts. */
export const visibilityProfile = (viewer: Viewer) =>
  JSON.stringify([viewer.warehouses.map((w) => w.id), viewer.hasFoodLicense, viewer.rules]);

/**
 * The key of a whole catalogue answer: what the viewer may see, the state prices are taxed for,
 * whether wholesale prices are shown (not to a kiosk guest), and (for ARS users, whose marks are
 * their own) the user.
 */
export const viewerAnswerKey = (viewer: Viewer, ...parts: unknown[]) =>
  JSON.stringify([
    visibilityProfile(viewer),
    viewer.shipToState,
    viewer.mrpOnly,
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

/**
 * What the listing needs of search, handed in by the app wiring (search's public functions): the words
 * of a search, their correction, and the rows of a snapshot they find. The catalogue never imports
 * search; search builds on the catalogue.
 */
export interface ListingSearch {
  wordsOf(text: string): string[];
  correctWords(db: Db, words: readonly string[]): Promise<string[]>;
  matcher: {
    find(
      snapshot: CatalogueSnapshot,
      words: readonly string[],
    ): Promise<{ rows: Int32Array; relevance: Float64Array; ordered(ties: "bestSeller" | "id"): Int32Array }>;
  };
}

export function createListingService(
  deps: { db: Db; search: ListingSearch; index?: CatalogueIndex } & CatalogueCacheOptions,
) {
  const { db } = deps;
  const answers = new TtlCache<Promise<ListingResponse>>(deps.answerCacheMs ?? 0, 5000);
  const index = deps.index ?? createCatalogueIndex(db);
  const { search } = deps;
  const { matcher } = search;
  /**
   * The latest searches' orders by relevance, by their matches (the matcher reads matches anew when the
   * snapshot or a product's text changes). Each holds a position per row, so only a few are kept.
   */
  const relevanceOrders = new Map<object, { rank: Int32Array; rowAt: Int32Array }>();
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

  /**
   * What a product's card is made of (its row with names and rates, and its stock rows in every
   * warehouse), kept per product while the catalogue index says the product is unchanged: any write
   * to the product or its stock gives it a new change id, and a change to the tables it refers to a
   * new epoch. The most recently used `KEPT_PRODUCTS` are kept.
   */
  const kept = new Map<number, { epoch: string; changeXid: string; row: ProductRow; stock: StockRow[] }>();
  async function cardFacts(snapshot: CatalogueSnapshot, ids: readonly number[]) {
    const facts = new Map<number, { row: ProductRow; stock: StockRow[] }>();
    // The change ids as the snapshot has them now, before reading: what is read is never older.
    const missing = new Map<number, string | null>();
    const epoch = snapshot.epoch;
    const changeXidOf = (id: number) => {
      const row = snapshot.rowOfProduct.get(id);
      return row === undefined ? null : snapshot.products[row]!.changeXid;
    };
    for (const id of ids) {
      const hit = kept.get(id);
      const changeXid = changeXidOf(id);
      if (hit && hit.epoch === epoch && hit.changeXid === changeXid) {
        kept.delete(id);
        kept.set(id, hit);
        facts.set(id, hit);
      } else missing.set(id, changeXid);
    }
    if (missing.size > 0) {
      const [rows, stock] = await Promise.all([
        productsRepo.productRows(db, [...missing.keys()]),
        productsRepo.allStockRows(db, [...missing.keys()]),
      ]);
      const stockOf = new Map<number, StockRow[]>();
      for (const s of stock) {
        const list = stockOf.get(s.productId);
        if (list) list.push(s);
        else stockOf.set(s.productId, [s]);
      }
      for (const row of rows) {
        const id = row.product.id;
        const entry = { row, stock: stockOf.get(id) ?? [] };
        facts.set(id, entry);
        const changeXid = missing.get(id);
        if (changeXid) kept.set(id, { epoch, changeXid, ...entry });
      }
      while (kept.size > KEPT_PRODUCTS) kept.delete(kept.keys().next().value as number);
    }
    return facts;
  }

  /** Products of these ids (in this order) priced for the viewer from the given warehouses. */
  async function present(
    ids: readonly number[],
    viewer: Viewer,
    warehouseIds: readonly number[],
    snapshot?: CatalogueSnapshot,
  ): Promise<Product[]> {
    const [facts, ars] = await Promise.all([
      snapshot ? cardFacts(snapshot, ids) : index.fresh().then((s) => cardFacts(s, ids)),
      viewer.enableARS
        ? productsRepo.arsProductIds(db, viewer.userId, ids)
        : Promise.resolve(new Set<number>()),
    ]);
    return presentFrom(facts, ars, ids, viewer, warehouseIds);
  }

  function presentFrom(
    facts: Map<number, { row: ProductRow; stock: StockRow[] }>,
    ars: ReadonlySet<number>,
    ids: readonly number[],
    viewer: Viewer,
    warehouseIds: readonly number[],
  ): Product[] {
    const from = new Set(warehouseIds);
    return ids.flatMap((id) => {
      const f = facts.get(id);
      if (!f) return [];
      return [
        toProduct(
          f.row,
          f.stock.filter((s) => from.has(s.warehouseId)),
          {
            shipToState: viewer.shipToState,
            isARS: ars.has(id),
            concept: viewer.concept,
            mrpOnly: viewer.mrpOnly,
          },
        ),
      ];
    });
  }

  /**
   * A page of style cards: the first products as whole products, each with its style's sizes (the
   * other products only as sizes, priced and stocked as their products would be).
   */
  async function presentStyles(
    firstIds: readonly number[],
    members: ReadonlyMap<number, readonly number[]>,
    viewer: Viewer,
    warehouseIds: readonly number[],
    snapshot: CatalogueSnapshot,
  ): Promise<Product[]> {
    const firsts = new Set(firstIds);
    const others = firstIds.flatMap((id) => (members.get(id) ?? []).filter((m) => !firsts.has(m)));
    const [facts, ars] = await Promise.all([
      cardFacts(snapshot, [...firstIds, ...others]),
      viewer.enableARS
        ? productsRepo.arsProductIds(db, viewer.userId, firstIds)
        : Promise.resolve(new Set<number>()),
    ]);
    const cards = presentFrom(facts, ars, firstIds, viewer, warehouseIds);
    const from = new Set(warehouseIds);
    const context = { shipToState: viewer.shipToState, mrpOnly: viewer.mrpOnly };
    const sizeOf = (f: { row: ProductRow; stock: StockRow[] }) =>
      toStyleSize(
        f.row,
        f.stock.filter((s) => from.has(s.warehouseId)),
        context,
      );
    const cardSizes = cards.map((card) => sizeOf(facts.get(card.id)!));
    const otherSizes = others.flatMap((id) => {
      const f = facts.get(id);
      return f ? [{ style: styleOf(f.row.product.groupId, f.row.product.color), size: sizeOf(f) }] : [];
    });
    return withStyleSizes(cards, cardSizes, otherSizes);
  }

  return {
    present,
    cardFacts,
    /** The catalogue index and search matches the listing answers from (suggestions share them). */
    index,
    matcher,
    /** Forget cached answers (after stock or catalogue changes); the index brings itself up to date. */
    invalidate: () => answers.clear(),

    list(viewer: Viewer, query: ListingQuery): Promise<ListingResponse> {
      return answers.getOrCompute(viewerAnswerKey(viewer, query), () => computeList(viewer, query));
    },
  };

  async function computeList(viewer: Viewer, query: ListingQuery): Promise<ListingResponse> {
    const warehouseIds = warehouseIdsFor(viewer, query.whType, query.whId);
    const [snapshot, names] = await Promise.all([index.fresh(), facetNamesCached()]);
    const words = query.search ? search.wordsOf(query.search) : [];
    let searchRows: Int32Array | null = null;
    let searchOrder: { rank: Int32Array; rowAt: Int32Array } | null = null;
    if (query.search !== undefined && query.search.trim() !== "") {
      const corrected = words.length > 0 ? await search.correctWords(db, words) : [];
      const found = await matcher.find(snapshot, corrected);
      searchRows = found.rows;
      if (!query.sort) {
        // Most relevant first, ties by id (as the page's order always ends); kept with the matches.
        searchOrder = relevanceOrders.get(found) ?? null;
        relevanceOrders.delete(found);
        if (!searchOrder) {
          const byRelevance = found.ordered("id");
          const rank = new Int32Array(snapshot.n);
          byRelevance.forEach((i, position) => {
            rank[found.rows[i]!] = position;
          });
          searchOrder = { rank, rowAt: byRelevance.map((i) => found.rows[i]!) };
        }
        relevanceOrders.set(found, searchOrder);
        if (relevanceOrders.size > KEPT_RELEVANCE_ORDERS)
          relevanceOrders.delete(relevanceOrders.keys().next().value as object);
      }
    }
    // One card per style (group id and colour) with its sizes inside, unless a filter asks for sizes.
    const unit: ListingUnit = query.filters.some((f) => f.key === "sizes" && f.values.length > 0)
      ? "products"
      : "styles";
    const order =
      searchOrder ??
      snapshot.order(query.sort ? (`${query.sort.name}:${query.sort.order}` as SortKey) : "newArrivals:desc");
    const offset = (query.page - 1) * query.size;
    const scan = scanListing(snapshot, {
      viewer: {
        warehouseIds,
        hasFoodLicense: viewer.hasFoodLicense,
        rules: viewer.rules,
        whType: query.whType,
      },
      filters: query.filters,
      searchRows,
      order,
      unit,
      offset,
      limit: query.size,
    });
    const total = scan.total;
    const totalPages = Math.ceil(total / query.size);
    if (query.page > Math.max(1, totalPages)) {
      throw badRequest(pageBeyondLast(query.page, Math.max(1, totalPages)));
    }
    let page: Product[];
    if (unit === "products") page = await present(scan.pageIds, viewer, warehouseIds, snapshot);
    else page = await presentStyles(scan.pageIds, scan.members, viewer, warehouseIds, snapshot);

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
