/**
 * The listing's one-pass scan (typed columns and lookup tables) against the rule read plainly, product
 * by product, with the domain's functions: on random worlds, random viewers and random filters, the
 * scan gives the same visible products, facet counts (each facet counting what every filter but its
 * own leaves), totals, page and page members.
 */
import type { ListingFilter } from "@portal/contracts";
import {
  AGE_RANGES,
  ageSpanOverlaps,
  DROPSHIP_STOCK_TYPES,
  foodLicenceAllows,
  OWNED_STOCK_TYPES,
  PRICE_RANGES,
  passesRules,
  priceRangeIndexOf,
  type RuleSet,
  STOCK_TYPES,
  type WarehouseType,
} from "@portal/domain";
import { describe, expect, it } from "vitest";
import { CatalogueSnapshot, type SortKey } from "./catalogue-index";
import type { FacetKey, IndexedProduct } from "./listing-repo";
import { type ScanViewer, scanListing } from "./listing-scan";

function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const some = <T>(list: readonly T[], n: number): T[] => list.filter(() => next() < n / list.length);
  return { next, int, pick, some };
}

const CATEGORIES = [1, 2, 3, 4, 5];
const SUBCATEGORIES = [79, 815, 100, 101, 102, 103, 104, 105];
const BRANDS = [11, 12, 13, 14, 15, 16];
const TYPES = [21, 22, 23];
const SIZES = ["S", "M", "L", "XL", "UK 3", "UK 4", "0-3M"];
const WAREHOUSES = [1, 2, 3, 4, 5, 6, 7];
const SORTS: SortKey[] = ["newArrivals:desc", "price:asc", "price:desc", "bestSeller:desc"];

function world(r: ReturnType<typeof random>, count: number): IndexedProduct[] {
  const products: IndexedProduct[] = [];
  for (let id = 1; id <= count; id++) {
    const groupId = 1 + r.int(count / 4);
    // A group's colours share a category most of the time (a style filed under two now and then).
    const categoryId = r.next() < 0.9 ? CATEGORIES[groupId % CATEGORIES.length]! : r.pick(CATEGORIES);
    const ageFrom = r.next() < 0.2 ? null : r.int(150);
    products.push({
      id,
      groupId,
      color: r.pick(["Red", "Blue", null]),
      categoryId,
      subcategoryId: r.pick(SUBCATEGORIES),
      subcategoryTypeId: r.next() < 0.3 ? null : r.pick(TYPES),
      brandId: r.pick(BRANDS),
      stockType: r.pick(STOCK_TYPES),
      size: r.next() < 0.2 ? null : r.pick(SIZES),
      mrpPaise: 100 * (1 + r.int(7000)),
      createdMicros: r.int(50) * 1_000_000,
      bestSellerRank: r.next() < 0.5 ? null : 1 + r.int(40),
      isOffer: r.next() < 0.3,
      isPremium: r.next() < 0.2,
      isSet: r.next() < 0.3,
      ageFromMonths: ageFrom,
      ageToMonths: ageFrom === null || r.next() < 0.1 ? null : ageFrom + r.int(60),
      sellable: r.next() < 0.85,
      stockedWarehouseIds: r.some(WAREHOUSES, 2),
      nameSansBrand: "",
      subcategoryName: "",
      typeName: "",
      textHash: "",
      changeXid: "1",
    });
  }
  return products;
}

function viewerOf(r: ReturnType<typeof random>): ScanViewer {
  const rules: RuleSet[] = [];
  const kind = r.int(4);
  const rule = (type: RuleSet["type"]): RuleSet => ({
    type,
    categories: r.next() < 0.5 ? r.some(CATEGORIES, 2) : [],
    subcategories: r.next() < 0.3 ? r.some(SUBCATEGORIES, 2) : [],
    brands: r.next() < 0.5 ? r.some(BRANDS, 2) : [],
    subcategoryTypes: r.next() < 0.3 ? r.some(TYPES, 1) : [],
  });
  if (kind === 1) rules.push(rule("block"));
  if (kind === 2) rules.push(rule("allow"));
  if (kind === 3) rules.push(rule("allow"), rule("block"));
  return {
    warehouseIds: r.some(WAREHOUSES, 3),
    hasFoodLicense: r.next() < 0.5,
    rules,
    whType: r.pick<WarehouseType>(["all", "owned", "dropship"]),
  };
}

function filtersOf(r: ReturnType<typeof random>): ListingFilter[] {
  const filters: ListingFilter[] = [];
  const add = (f: ListingFilter) => {
    if (r.next() < 0.35) filters.push(f);
  };
  add({ key: "categories", values: r.some(CATEGORIES, 1.5) });
  add({ key: "subcategories", values: r.some(SUBCATEGORIES, 2) });
  add({ key: "brands", values: r.some(BRANDS, 2) });
  add({ key: "Type", values: r.some(TYPES, 1) });
  add({ key: "stocktype", values: r.some(STOCK_TYPES, 2) });
  add({ key: "prices", values: r.some(PRICE_RANGES, 2).map((p) => p.key) });
  add({ key: "age", values: r.some(AGE_RANGES, 1.5).map((a) => a.key) });
  add({ key: "offer", values: [r.next() < 0.7] });
  add({ key: "premium", values: [true] });
  add({ key: "isSet", values: [true] });
  add({ key: "isNonSet", values: [true] });
  if (r.next() < 0.15) filters.push({ key: "sizes", values: r.some(SIZES, 2) });
  // Now and then a key asked twice (both must hold).
  const first = filters[0];
  if (first && r.next() < 0.15) filters.push({ ...first, values: first.values.slice(1) } as ListingFilter);
  return filters;
}

/** The rule read plainly, product by product. */
function visible(p: IndexedProduct, v: ScanViewer): boolean {
  const types =
    v.whType === "owned" ? OWNED_STOCK_TYPES : v.whType === "dropship" ? DROPSHIP_STOCK_TYPES : null;
  return (
    p.sellable &&
    p.stockedWarehouseIds.some((w) => v.warehouseIds.includes(w)) &&
    (types === null || (types as readonly string[]).includes(p.stockType)) &&
    foodLicenceAllows(v, p.subcategoryId) &&
    passesRules(v.rules, p)
  );
}

function passes(p: IndexedProduct, f: ListingFilter): boolean {
  const values = f.values as readonly unknown[];
  if (values.length === 0) return true;
  const ageOf = (key: string) => AGE_RANGES.find((a) => a.key === key);
  switch (f.key) {
    case "categories":
      return values.includes(p.categoryId);
    case "subcategories":
      return values.includes(p.subcategoryId);
    case "brands":
      return values.includes(p.brandId);
    case "Type":
      return p.subcategoryTypeId !== null && values.includes(p.subcategoryTypeId);
    case "stocktype":
      return values.includes(p.stockType);
    case "sizes":
      return p.size !== null && values.includes(p.size);
    case "offer":
      return !values.some(Boolean) || p.isOffer;
    case "premium":
      return !values.some(Boolean) || p.isPremium;
    case "isSet":
      return !values.some(Boolean) || p.isSet;
    case "isNonSet":
      return !values.some(Boolean) || !p.isSet;
    case "prices": {
      const known = PRICE_RANGES.filter((range) => values.includes(range.key));
      return (
        known.length === 0 ||
        known.some((range) => PRICE_RANGES.indexOf(range) === priceRangeIndexOf(p.mrpPaise))
      );
    }
    case "age": {
      const ranges = values.map((v) => ageOf(String(v))).filter((a) => a !== undefined);
      return ranges.length === 0 || ranges.some((a) => ageSpanOverlaps(a, p.ageFromMonths, p.ageToMonths));
    }
  }
}

function expected(
  products: readonly IndexedProduct[],
  snapshot: CatalogueSnapshot,
  v: ScanViewer,
  filters: readonly ListingFilter[],
  sort: SortKey,
  unit: "styles" | "products",
  offset: number,
  limit: number,
) {
  const seen = products.filter((p) => visible(p, v));
  const styleOf = (p: IndexedProduct) => (unit === "styles" ? `${p.groupId}^${p.color ?? ""}` : String(p.id));
  const leaving = (except: FacetKey | null) =>
    seen.filter((p) => filters.every((f) => f.key === except || passes(p, f)));
  const countBy = (rows: readonly IndexedProduct[], valuesOf: (p: IndexedProduct) => unknown[]) => {
    const units = new Map<string, Set<string>>();
    for (const p of rows)
      for (const value of valuesOf(p)) {
        const key = String(value);
        units.set(key, (units.get(key) ?? new Set()).add(styleOf(p)));
      }
    return Object.fromEntries([...units].map(([k, set]) => [k, set.size]).sort());
  };
  const one = (value: unknown) => (value === null ? [] : [value]);
  const grouped = {
    categories: countBy(leaving("categories"), (p) => [p.categoryId]),
    subcategories: countBy(leaving("subcategories"), (p) => [p.subcategoryId]),
    brands: countBy(leaving("brands"), (p) => [p.brandId]),
    Type: countBy(leaving("Type"), (p) => one(p.subcategoryTypeId)),
    prices: countBy(leaving("prices"), (p) => one(PRICE_RANGES[priceRangeIndexOf(p.mrpPaise)]?.key ?? null)),
    stocktype: countBy(leaving("stocktype"), (p) => [p.stockType]),
    sizes: countBy(leaving("sizes"), (p) => one(p.size)),
  };
  const flags = {
    ...countBy(leaving("offer"), (p) => (p.isOffer ? ["offer:true"] : [])),
    ...countBy(leaving("premium"), (p) => (p.isPremium ? ["premium:true"] : [])),
    ...countBy(leaving("isSet"), (p) => (p.isSet ? ["isSet:true"] : [])),
    ...countBy(leaving("isNonSet"), (p) => (p.isSet ? [] : ["isNonSet:true"])),
    ...countBy(leaving("age"), (p) =>
      AGE_RANGES.filter((a) => ageSpanOverlaps(a, p.ageFromMonths, p.ageToMonths)).map((a) => `age:${a.key}`),
    ),
  };
  const all = leaving(null);
  const { rank, rowAt } = snapshot.order(sort);
  const rankOf = (p: IndexedProduct) => rank[snapshot.rowOfProduct.get(p.id)!]!;
  const best = new Map<string, number>();
  for (const p of all)
    best.set(styleOf(p), Math.min(best.get(styleOf(p)) ?? Number.MAX_SAFE_INTEGER, rankOf(p)));
  const pageIds = [...best.values()]
    .sort((x, y) => x - y)
    .slice(offset, offset + limit)
    .map((position) => snapshot.productId[rowAt[position]!]!);
  const byId = new Map(products.map((p) => [p.id, p]));
  const members =
    unit === "styles"
      ? Object.fromEntries(
          pageIds.map((id) => [
            id,
            all
              .filter((p) => styleOf(p) === styleOf(byId.get(id)!))
              .map((p) => p.id)
              .sort((x, y) => x - y),
          ]),
        )
      : {};
  return { total: best.size, productTotal: all.length, grouped, flags, pageIds, members };
}

describe("the listing scan", () => {
  it("counts, totals and pages as the rule read product by product, on random worlds, viewers and filters", () => {
    let compared = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const r = random(seed);
      const products = world(r, 600);
      const snapshot = new CatalogueSnapshot(products, "1");
      for (let q = 0; q < 25; q++) {
        const viewer = viewerOf(r);
        const filters = filtersOf(r);
        const sort = r.pick(SORTS);
        const unit = filters.some((f) => f.key === "sizes" && f.values.length > 0) ? "products" : "styles";
        const offset = r.int(3) * 10;
        // Asked again, and with other categories chosen: the categories' counts are then remembered.
        const variants = [
          filters,
          filters,
          [
            ...filters.filter((f) => f.key !== "categories"),
            { key: "categories", values: r.some(CATEGORIES, 2) } as ListingFilter,
          ],
        ];
        for (const asked of variants) {
          const got = scanListing(snapshot, {
            viewer,
            filters: asked,
            searchRows: null,
            order: snapshot.order(sort),
            unit,
            offset,
            limit: 10,
          });
          const sorted = (m: Map<string, number>) => Object.fromEntries([...m].sort());
          expect({
            total: got.total,
            productTotal: got.productTotal,
            grouped: Object.fromEntries([...got.grouped].map(([k, m]) => [k, sorted(m)])),
            flags: sorted(got.flags),
            pageIds: got.pageIds,
            members: Object.fromEntries(got.members),
          }).toEqual(expected(products, snapshot, viewer, asked, sort, unit, offset, 10));
        }
        compared++;
      }
    }
    expect(compared).toBe(300);
  });
});
