import type { ListingFilter } from "@portal/contracts";
import {
  AGE_RANGES,
  DROPSHIP_STOCK_TYPES,
  foodLicenceAllows,
  OWNED_STOCK_TYPES,
  PRICE_RANGES,
  passesRules,
  type RuleSet,
  type WarehouseType,
} from "@portal/domain";
import {
  type CatalogueSnapshot,
  EXTRA_AGE_SHIFT,
  EXTRA_BITS,
  EXTRA_NON_SET,
  EXTRA_OFFER,
  EXTRA_PREMIUM,
  EXTRA_SET,
  FLAG_SELLABLE,
} from "./catalogue-index";
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

export interface VisibleRows {
  /** What decides the rows (the visibility profile and warehouse type). */
  key: string;
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
    return { key, bits, stylesByCategory };
  });
}

/**
 * A test on rows as a lookup, with no closure per row: a row passes when `table[column[row]] === 1`. A
 * row without a value (-1) reads outside the table: undefined, never 1.
 */
interface RowTest {
  key: FacetKey;
  column: Int32Array;
  table: Uint8Array;
}

/** Each yes-or-no facet value's bit in the `extra` column, in `EXTRA` order. */
const EXTRA_BIT_OF: readonly number[] = [
  EXTRA_OFFER,
  EXTRA_PREMIUM,
  EXTRA_SET,
  EXTRA_NON_SET,
  ...AGE_RANGES.map((_, i) => 1 << (EXTRA_AGE_SHIFT + i)),
];
const EXTRA_TABLE_SIZE = 1 << EXTRA_BITS;

/** A filter as a lookup on one column; undefined when it asks for nothing (the same reading as the SQL had). */
function filterTest(s: CatalogueSnapshot, f: ListingFilter): RowTest | undefined {
  if (f.values.length === 0) return undefined;
  const among = (
    dict: { get(v: never): number | undefined; values: readonly unknown[] },
    values: readonly unknown[],
    column: Int32Array,
  ): RowTest => {
    const table = new Uint8Array(dict.values.length);
    for (const v of values) {
      const i = dict.get(v as never);
      if (i !== undefined) table[i] = 1;
    }
    return { key: f.key, column, table };
  };
  /** Rows whose `extra` bits include any of `bits`. */
  const anyExtra = (bits: number): RowTest => {
    const table = new Uint8Array(EXTRA_TABLE_SIZE);
    for (let m = 0; m < EXTRA_TABLE_SIZE; m++) if ((m & bits) !== 0) table[m] = 1;
    return { key: f.key, column: s.extra, table };
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
      const bit = { offer: EXTRA_OFFER, premium: EXTRA_PREMIUM, isSet: EXTRA_SET, isNonSet: EXTRA_NON_SET }[
        f.key
      ];
      return anyExtra(bit);
    }
    case "prices": {
      const table = new Uint8Array(PRICE_RANGES.length);
      for (const v of f.values) {
        const i = PRICE_RANGES.findIndex((p) => p.key === v);
        if (i >= 0) table[i] = 1;
      }
      return table.includes(1) ? { key: f.key, column: s.priceBucket, table } : undefined;
    }
    case "age": {
      let bits = 0;
      AGE_RANGES.forEach((a, i) => {
        if ((f.values as readonly string[]).includes(a.key)) bits |= 1 << (EXTRA_AGE_SHIFT + i);
      });
      return bits !== 0 ? anyExtra(bits) : undefined;
    }
  }
}

/** Several filters of one key all hold: one lookup, the tables' cells all 1. */
function both(a: RowTest, b: RowTest): RowTest {
  const table = new Uint8Array(Math.max(a.table.length, b.table.length));
  for (let i = 0; i < table.length; i++) table[i] = a.table[i] === 1 && b.table[i] === 1 ? 1 : 0;
  return { key: a.key, column: a.column, table };
}

/** The index of the first value of an ascending list at or after `value`. */
function firstAtOrAfter(list: Int32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a row passes every test. */
function passesAll(r: number, columns: readonly Int32Array[], tables: readonly Uint8Array[]): boolean {
  for (let j = 0; j < columns.length; j++) if (tables[j]![columns[j]![r]!] !== 1) return false;
  return true;
}

/**
 * One listing answer from the snapshot: the facet counts (each facet counting what every active filter
 * but its own leaves, so the panel shows what each further choice leaves), the total, and the page
 * in the query's order. One pass over the candidate rows, on typed columns and lookup tables.
 */
export function scanListing(s: CatalogueSnapshot, q: ScanQuery): ScanResult {
  const seen = visibleRows(s, q.viewer);
  const bits = seen.bits;
  const byKey = new Map<FacetKey, RowTest>();
  for (const f of q.filters) {
    const test = filterTest(s, f);
    if (!test) continue;
    const earlier = byKey.get(f.key);
    byKey.set(f.key, earlier ? both(earlier, test) : test);
  }
  const active = [...byKey.values()];
  const activeKeys = active.map((t) => t.key);
  const testColumns = active.map((t) => t.column);
  const testTables = active.map((t) => t.table);
  const k = active.length;
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
  const categoriesOnly =
    activeKeys.length === 1 && activeKeys[0] === "categories" && styles && q.searchRows === null;
  // With categories chosen, the categories' counts do not depend on which: they are what the other
  // filters leave of every category. Those are remembered per viewer and other filters, so the next
  // such listing reads only the chosen categories' rows. (Only a category asked for: they are the
  // viewer's visible styles per category, kept with the visible rows.)
  const categoryTest = byKey.get("categories");
  const countsKey =
    categoryTest && q.searchRows === null && !categoriesOnly
      ? `categories:${JSON.stringify([seen.key, q.unit, q.filters.filter((f) => f.key !== "categories")])}`
      : null;
  const keptCounts = categoriesOnly
    ? seen.stylesByCategory
    : countsKey
      ? s.recall<Int32Array>(countsKey)
      : undefined;
  // Grouped counters: a column each, a count and the last counted unit (style or row) per value.
  const groupedColumns = GROUPED.map((key) => columns[key].column);
  const groupedCounts = GROUPED.map((key) => new Int32Array(columns[key].values.length));
  const groupedLast = GROUPED.map((key) => new Int32Array(columns[key].values.length).fill(-1));
  const categoryCounter = GROUPED.indexOf("categories");
  const keptCategory = keptCounts ? categoryCounter : -1;
  /** Counted on a row that passes every filter: every grouped counter but a kept one. */
  const allGrouped = GROUPED.map((_, i) => i).filter((i) => i !== keptCategory);
  /** Per active filter: the grouped counter of its key (-1: none, or kept), and its yes-or-no bits. */
  const groupedOfTest = new Int32Array(k).fill(-1);
  const extraOfTest = new Int32Array(k);
  for (let j = 0; j < k; j++) {
    const g = (GROUPED as readonly string[]).indexOf(activeKeys[j]!);
    groupedOfTest[j] = g === keptCategory ? -1 : g;
    EXTRA.forEach((e, i) => {
      if (e.key === activeKeys[j]) extraOfTest[j]! |= EXTRA_BIT_OF[i]!;
    });
  }
  const extraCounts = new Int32Array(EXTRA.length);
  const extraLast = new Int32Array(EXTRA.length).fill(-1);
  const allExtras = (1 << EXTRA.length) - 1;

  const { style, extra } = s;
  const rank = q.order.rank;
  let total = 0;
  let lastTotalStyle = -1;
  let productTotal = 0;
  const firsts: number[] = [];
  let pageStyle = -1;
  let pageFirst = 0;

  const countExtras = (m: number, unit: number) => {
    while (m !== 0) {
      const low = m & -m;
      const e = 31 - Math.clz32(low);
      if (extraLast[e] !== unit) {
        extraLast[e] = unit;
        extraCounts[e]!++;
      }
      m ^= low;
    }
  };
  const countGrouped = (g: number, r: number, unit: number) => {
    const v = groupedColumns[g]![r]!;
    if (v < 0) return;
    const last = groupedLast[g]!;
    if (last[v] !== unit) {
      last[v] = unit;
      groupedCounts[g]![v]!++;
    }
  };

  /** A visible row. */
  const visit = (r: number) => {
    let failed = -1;
    for (let j = 0; j < k; j++) {
      if (testTables[j]![testColumns[j]![r]!] === 1) continue;
      if (failed >= 0) return;
      failed = j;
    }
    // Styles are counted once: a style's rows are neighbours, so the last unit counted says it all.
    const unit = styles ? style[r]! : r;
    if (failed >= 0) {
      // Counted only by the facet of the one filter it fails.
      const g = groupedOfTest[failed]!;
      if (g >= 0) countGrouped(g, r, unit);
      const m = extra[r]! & extraOfTest[failed]!;
      if (m !== 0) countExtras(m, unit);
      return;
    }
    for (let i = 0; i < allGrouped.length; i++) countGrouped(allGrouped[i]!, r, unit);
    countExtras(extra[r]! & allExtras, unit);
    productTotal++;
    const position = rank[r]!;
    if (!styles) {
      total++;
      firsts.push(position);
    } else {
      const st = style[r]!;
      if (lastTotalStyle !== st) {
        lastTotalStyle = st;
        total++;
      }
      if (pageStyle !== st) {
        if (pageStyle >= 0) firsts.push(pageFirst);
        pageStyle = st;
        pageFirst = position;
      } else if (position < pageFirst) pageFirst = position;
    }
  };

  const visible = s.rowList(seen.key, () => {
    const list = new Int32Array(s.n);
    let count = 0;
    for (let r = 0; r < s.n; r++) if (bits[r] === 1) list[count++] = r;
    return list.slice(0, count);
  });
  if (q.searchRows) {
    for (const r of q.searchRows) if (bits[r] === 1) visit(r);
  } else if (keptCounts && categoryTest) {
    // Only the chosen categories' rows are read.
    groupedCounts[keptCategory]!.set(keptCounts);
    const ranges: [number, number][] = [];
    for (let c = 0; c < s.categories.values.length; c++) {
      const start = s.categoryRange[c * 2]!;
      if (start >= 0 && categoryTest.table[c] === 1) ranges.push([start, s.categoryRange[c * 2 + 1]!]);
    }
    // A style filed under two categories makes their ranges overlap: read each row once.
    ranges.sort((x, y) => x[0] - y[0]);
    let next = 0;
    for (const [start, end] of ranges) {
      for (let i = firstAtOrAfter(visible, Math.max(start, next)); i < visible.length; i++) {
        const r = visible[i]!;
        if (r >= end) break;
        visit(r);
      }
      next = Math.max(next, end);
    }
  } else {
    for (let i = 0; i < visible.length; i++) visit(visible[i]!);
    if (countsKey) s.remember(countsKey, groupedCounts[categoryCounter]!.slice());
  }
  if (styles && pageStyle >= 0) firsts.push(pageFirst);

  const ordered = Int32Array.from(firsts).sort();
  const pageRows = Array.from(
    ordered.subarray(q.offset, q.offset + q.limit),
    (position) => q.order.rowAt[position]!,
  );
  const candidates = q.searchRows;
  /** Whether the search found a row (the search's rows are ascending). */
  const found = (r: number) => candidates === null || candidates[firstAtOrAfter(candidates, r)] === r;
  const members = new Map<number, number[]>();
  if (styles) {
    for (const first of pageRows) {
      const st = style[first]!;
      const ids: number[] = [];
      for (let r = s.styleStart[st]!; r < s.styleStart[st + 1]!; r++) {
        if (!found(r) || bits[r] !== 1 || !passesAll(r, testColumns, testTables)) continue;
        ids.push(s.productId[r]!);
      }
      members.set(s.productId[first]!, ids);
    }
  }

  const grouped = new Map<FacetKey, Map<string, number>>();
  GROUPED.forEach((key, g) => {
    const values = columns[key].values;
    const counts = new Map<string, number>();
    groupedCounts[g]!.forEach((n, i) => {
      if (n > 0) counts.set(String(values[i]), n);
    });
    grouped.set(key, counts);
  });
  const flags = new Map<string, number>();
  EXTRA.forEach((e, i) => {
    if (extraCounts[i]! > 0) flags.set(e.name, extraCounts[i]!);
  });
  return { total, productTotal, grouped, flags, pageIds: pageRows.map((r) => s.productId[r]!), members };
}
