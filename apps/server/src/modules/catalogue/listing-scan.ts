import type { ListingFilter } from "@portal/contracts";
import {
  AGE_RANGES,
  ageSpanOverlaps,
  DROPSHIP_STOCK_TYPES,
  foodLicenceAllows,
  OWNED_STOCK_TYPES,
  PRICE_RANGES,
  passesRules,
  type RuleSet,
  type WarehouseType,
} from "@portal/domain";
import { type CatalogueSnapshot, FLAG_OFFER, FLAG_PREMIUM, FLAG_SELLABLE, FLAG_SET } from "./catalogue-index";
import type { FacetKey } from "./listing-repo";

/** Who is looking: the spec's visibility inputs (the same rule as `visibleCondition` and the domain's). */
export interface ScanViewer {
  warehouseIds: readonly number[];
  hasFoodLicense: boolean;
  rules: readonly RuleSet[];
  whType: WarehouseType;
}

export interface ScanQuery {
  viewer: ScanViewer;
  filters: readonly ListingFilter[];
  /** Rows the search words found (ascending), or null for no search. */
  searchRows: Int32Array | null;
  /** The order: each row's position, and the row at each position (a sort's, or the search's relevance). */
  order: { rank: Int32Array; rowAt: Int32Array };
  unit: "styles" | "products";
  offset: number;
  limit: number;
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

export interface ScanResult extends FacetScan {
  /** Product ids of the page: the first product of each style (styles) or the products (sizes). */
  pageIds: number[];
  /** For styles: every product of the page's styles that the filters leave, by style's first id. */
  members: Map<number, number[]>;
}

/** A counter whose counts are already known (not counted row by row). */
const KEPT_COUNTS = -2;
const GROUPED = ["categories", "subcategories", "brands", "Type", "prices", "stocktype", "sizes"] as const;
type GroupedKey = (typeof GROUPED)[number];
const EXTRA: { name: string; key: FacetKey }[] = [
  { name: "offer:true", key: "offer" },
  { name: "premium:true", key: "premium" },
  { name: "isSet:true", key: "isSet" },
  { name: "isNonSet:true", key: "isNonSet" },
  ...AGE_RANGES.map((r) => ({ name: `age:${r.key}`, key: "age" as FacetKey })),
];

/** Which rows a viewer may see: the spec's visibility, judged per distinct rule facts once a scan. */
function visibilityTest(s: CatalogueSnapshot, v: ScanViewer): (row: number) => boolean {
  const mask = new Uint32Array(s.words);
  for (const id of v.warehouseIds) {
    const bit = s.warehouseBit.get(id);
    if (bit !== undefined) mask[bit >>> 5]! |= 1 << (bit & 31);
  }
  const allowedTypes =
    v.whType === "owned" ? OWNED_STOCK_TYPES : v.whType === "dropship" ? DROPSHIP_STOCK_TYPES : null;
  const stockTypeOk = Uint8Array.from(s.stockTypes.values, (t) =>
    allowedTypes === null || (allowedTypes as readonly string[]).includes(t) ? 1 : 0,
  );
  const factOk = Uint8Array.from(s.ruleFactList, (f) =>
    foodLicenceAllows(v, f.subcategoryId) && passesRules(v.rules, f) ? 1 : 0,
  );
  const { flags, stocked, words, stockType, ruleFacts } = s;
  if (words === 1) {
    const m = mask[0]!;
    return (r) =>
      (flags[r]! & FLAG_SELLABLE) !== 0 &&
      (stocked[r]! & m) !== 0 &&
      stockTypeOk[stockType[r]!] === 1 &&
      factOk[ruleFacts[r]!] === 1;
  }
  return (r) => {
    if ((flags[r]! & FLAG_SELLABLE) === 0 || stockTypeOk[stockType[r]!] !== 1 || factOk[ruleFacts[r]!] !== 1)
      return false;
    const base = r * words;
    for (let w = 0; w < words; w++) if ((stocked[base + w]! & mask[w]!) !== 0) return true;
    return false;
  };
}

/** A row's age span (-1 kept for unknown) against an age range: the domain's rule. */
const overlapsAge = (s: CatalogueSnapshot, r: number, range: (typeof AGE_RANGES)[number]) => {
  const from = s.ageFrom[r]!;
  const to = s.ageTo[r]!;
  return ageSpanOverlaps(range, from < 0 ? null : from, to < 0 ? null : to);
};

export interface VisibleRows {
  /** 1 for each row the viewer may see. */
  bits: Uint8Array;
  /** Per category (dictionary index): the styles the viewer may see. */
  stylesByCategory: Int32Array;
}

/** The rows a viewer may see, kept with the snapshot per visibility profile until the rows change. */
export function visibleRows(s: CatalogueSnapshot, v: ScanViewer): VisibleRows {
  const key = JSON.stringify([v.warehouseIds, v.hasFoodLicense, v.rules, v.whType]);
  return s.derive(`visible:${key}`, () => {
    const test = visibilityTest(s, v);
    const bits = new Uint8Array(s.n);
    const stylesByCategory = new Int32Array(s.categories.values.length);
    const last = new Int32Array(s.categories.values.length).fill(-1);
    for (let r = 0; r < s.n; r++) {
      if (!test(r)) continue;
      bits[r] = 1;
      const c = s.category[r]!;
      if (last[c] !== s.style[r]) {
        last[c] = s.style[r]!;
        stylesByCategory[c]!++;
      }
    }
    return { bits, stylesByCategory };
  });
}

/** A filter as a test on rows; undefined when it asks for nothing (the same reading as the SQL had). */
function filterTest(s: CatalogueSnapshot, f: ListingFilter): ((r: number) => boolean) | undefined {
  if (f.values.length === 0) return undefined;
  const among = (
    dict: { get(v: never): number | undefined; values: readonly unknown[] },
    values: readonly unknown[],
    column: Int32Array,
  ) => {
    const wanted = new Uint8Array(dict.values.length);
    for (const v of values) {
      const i = dict.get(v as never);
      if (i !== undefined) wanted[i] = 1;
    }
    // A row without a value (-1) reads outside the array: undefined, never 1.
    return (r: number) => wanted[column[r]!] === 1;
  };
  switch (f.key) {
    case "categories":
      return among(s.categories, f.values, s.category);
    case "subcategories":
      return among(s.subcategories, f.values, s.subcategory);
    case "brands":
      return among(s.brands, f.values, s.brand);
    case "Type":
      return among(s.types, f.values, s.type);
    case "stocktype":
      return among(s.stockTypes, f.values, s.stockType);
    case "sizes":
      return among(s.sizes, f.values, s.size);
    case "offer":
    case "premium":
    case "isSet":
    case "isNonSet": {
      if (!f.values.some(Boolean)) return undefined;
      const flag = { offer: FLAG_OFFER, premium: FLAG_PREMIUM, isSet: FLAG_SET, isNonSet: FLAG_SET }[f.key];
      const want = f.key === "isNonSet" ? 0 : flag;
      return (r) => (s.flags[r]! & flag) === want;
    }
    case "prices": {
      const buckets = new Uint8Array(PRICE_RANGES.length);
      for (const v of f.values) {
        const i = PRICE_RANGES.findIndex((p) => p.key === v);
        if (i >= 0) buckets[i] = 1;
      }
      return buckets.includes(1) ? (r) => buckets[s.priceBucket[r]!] === 1 : undefined;
    }
    case "age": {
      const ranges = AGE_RANGES.filter((a) => (f.values as readonly string[]).includes(a.key));
      return ranges.length ? (r) => ranges.some((a) => overlapsAge(s, r, a)) : undefined;
    }
  }
}

/**
 * One listing answer from the snapshot: the facet counts (each facet counting what every active filter
 * but its own leaves, so the panel shows what each further choice leaves), the total, and the page
 * in the query's order. One pass over the candidate rows.
 */
export function scanListing(s: CatalogueSnapshot, q: ScanQuery): ScanResult {
  const seen = visibleRows(s, q.viewer);
  const bits = seen.bits;
  const tests = new Map<FacetKey, (r: number) => boolean>();
  for (const f of q.filters) {
    const test = filterTest(s, f);
    if (!test) continue;
    const earlier = tests.get(f.key);
    tests.set(f.key, earlier ? (r) => earlier(r) && test(r) : test);
  }
  const activeKeys = [...tests.keys()];
  const activeTests = [...tests.values()];
  const styles = q.unit === "styles";

  const columns: Record<GroupedKey, { column: Int32Array; values: readonly unknown[] }> = {
    categories: { column: s.category, values: s.categories.values },
    subcategories: { column: s.subcategory, values: s.subcategories.values },
    brands: { column: s.brand, values: s.brands.values },
    Type: { column: s.type, values: s.types.values },
    prices: { column: s.priceBucket, values: PRICE_RANGES.map((p) => p.key) },
    stocktype: { column: s.stockType, values: s.stockTypes.values },
    sizes: { column: s.size, values: s.sizes.values },
  };
  const counters = GROUPED.map((key) => ({
    key,
    column: columns[key].column,
    count: new Int32Array(columns[key].values.length),
    last: new Int32Array(columns[key].values.length).fill(-1),
    position: activeKeys.indexOf(key),
  }));
  const extras = EXTRA.map((e, i) => ({
    ...e,
    position: activeKeys.indexOf(e.key),
    count: 0,
    last: -1,
    matches:
      i < 4
        ? (r: number) => {
            const f = s.flags[r]!;
            return e.key === "offer"
              ? (f & FLAG_OFFER) !== 0
              : e.key === "premium"
                ? (f & FLAG_PREMIUM) !== 0
                : e.key === "isSet"
                  ? (f & FLAG_SET) !== 0
                  : (f & FLAG_SET) === 0;
          }
        : (r: number) => overlapsAge(s, r, AGE_RANGES[i - 4]!),
  }));
  let total = 0;
  let lastTotalStyle = -1;
  let productTotal = 0;
  const firsts: number[] = [];
  let pageStyle = -1;
  let pageFirst = 0;

  const countRow = (r: number, onlyKey: number) => {
    const st = s.style[r]!;
    for (const c of counters) {
      if ((onlyKey >= 0 && c.position !== onlyKey) || c.position === KEPT_COUNTS) continue;
      const v = c.column[r]!;
      if (v < 0) continue;
      if (!styles) c.count[v]!++;
      else if (c.last[v] !== st) {
        c.last[v] = st;
        c.count[v]!++;
      }
    }
    for (const e of extras) {
      if (onlyKey >= 0 && e.position !== onlyKey) continue;
      if (!e.matches(r)) continue;
      if (!styles) e.count++;
      else if (e.last !== st) {
        e.last = st;
        e.count++;
      }
    }
  };

  const visit = (r: number) => {
    if (bits[r] !== 1) return;
    let failed = -1;
    for (let j = 0; j < activeTests.length; j++) {
      if (activeTests[j]!(r)) continue;
      if (failed >= 0) return;
      failed = j;
    }
    if (failed >= 0) {
      countRow(r, failed);
      return;
    }
    countRow(r, -1);
    productTotal++;
    const st = s.style[r]!;
    const rank = q.order.rank[r]!;
    if (!styles) {
      total++;
      firsts.push(rank);
    } else {
      if (lastTotalStyle !== st) {
        lastTotalStyle = st;
        total++;
      }
      if (pageStyle !== st) {
        if (pageStyle >= 0) firsts.push(pageFirst);
        pageStyle = st;
        pageFirst = rank;
      } else if (rank < pageFirst) pageFirst = rank;
    }
  };

  const categoriesOnly =
    activeKeys.length === 1 && activeKeys[0] === "categories" && styles && q.searchRows === null;
  if (q.searchRows) for (const r of q.searchRows) visit(r);
  else if (categoriesOnly) {
    // Only a category asked for: the other categories' counts are the viewer's visible styles per
    // category (kept with the visible rows), and only the chosen categories' rows are read.
    const chosen = activeTests[0]!;
    const categoryCounter = counters.find((c) => c.key === "categories")!;
    categoryCounter.count.set(seen.stylesByCategory);
    categoryCounter.position = KEPT_COUNTS;
    const ranges: [number, number][] = [];
    for (let c = 0; c < s.categories.values.length; c++) {
      const start = s.categoryRange[c * 2]!;
      if (start >= 0 && chosen(start)) ranges.push([start, s.categoryRange[c * 2 + 1]!]);
    }
    // A style filed under two categories makes their ranges overlap: read each row once.
    ranges.sort((x, y) => x[0] - y[0]);
    let next = 0;
    for (const [start, end] of ranges) {
      for (let r = Math.max(start, next); r < end; r++) if (chosen(r)) visit(r);
      next = Math.max(next, end);
    }
  } else for (let r = 0; r < s.n; r++) visit(r);
  if (styles && pageStyle >= 0) firsts.push(pageFirst);

  const ordered = Int32Array.from(firsts).sort();
  const pageRows = Array.from(ordered.subarray(q.offset, q.offset + q.limit), (rank) => q.order.rowAt[rank]!);
  const candidates = q.searchRows;
  const inSearch = candidates ? new Set(candidates) : null;
  const members = new Map<number, number[]>();
  if (styles) {
    for (const first of pageRows) {
      const st = s.style[first]!;
      const ids: number[] = [];
      for (let r = s.styleStart[st]!; r < s.styleStart[st + 1]!; r++) {
        if ((inSearch && !inSearch.has(r)) || bits[r] !== 1 || !activeTests.every((t) => t(r))) continue;
        ids.push(s.productId[r]!);
      }
      members.set(s.productId[first]!, ids);
    }
  }

  const grouped = new Map<FacetKey, Map<string, number>>();
  for (const c of counters) {
    const values = columns[c.key].values;
    const counts = new Map<string, number>();
    c.count.forEach((n, i) => {
      if (n > 0) counts.set(String(values[i]), n);
    });
    grouped.set(c.key, counts);
  }
  const flags = new Map<string, number>();
  for (const e of extras) if (e.count > 0) flags.set(e.name, e.count);
  return { total, productTotal, grouped, flags, pageIds: pageRows.map((r) => s.productId[r]!), members };
}
