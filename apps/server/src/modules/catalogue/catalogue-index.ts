import {
  AGE_RANGES,
  ageSpanOverlaps,
  priceRangeIndexOf,
  type SORT_ORDERS,
  type SortName,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { catalogueChanges, type IndexedProduct } from "./listing-repo";

/** A listing sort, name and order ("price:asc"); each has its own order of every product (ties broken by id, as the SQL did). */
export type SortKey = `${SortName}:${(typeof SORT_ORDERS)[number]}`;

const DERIVED_KEPT = 256;
/** Small values remembered from scans (a facet's counts under some filters): many, a few hundred bytes each. */
const REMEMBERED_KEPT = 4096;
const LISTS_KEPT = 64;

/** Values computed from the rows, each valid while the rows are unchanged; the most recently used `limit` kept. */
class KeptValues {
  private readonly values = new Map<string, { changes: number; value: unknown }>();
  constructor(private readonly limit: number) {}
  get(key: string, changes: number): unknown {
    const hit = this.values.get(key);
    if (!hit || hit.changes !== changes) return undefined;
    this.values.delete(key);
    this.values.set(key, hit);
    return hit.value;
  }
  set(key: string, changes: number, value: unknown): void {
    this.values.delete(key);
    this.values.set(key, { changes, value });
    if (this.values.size > this.limit) this.values.delete(this.values.keys().next().value as string);
  }
  keep<T>(key: string, changes: number, compute: () => T): T {
    const hit = this.values.get(key);
    if (hit && hit.changes === changes) return this.get(key, changes) as T;
    const value = compute();
    this.set(key, changes, value);
    return value;
  }
}

export const FLAG_SELLABLE = 1;
export const FLAG_OFFER = 2;
export const FLAG_PREMIUM = 4;
export const FLAG_SET = 8;

/**
 * The facets that are yes-or-no per row, as bits of the `extra` column (a row may match several age
 * ranges): offer, premium, set, non-set, then one bit per age range in `AGE_RANGES` order.
 */
export const EXTRA_OFFER = 1;
export const EXTRA_PREMIUM = 2;
export const EXTRA_SET = 4;
export const EXTRA_NON_SET = 8;
export const EXTRA_AGE_SHIFT = 4;
export const EXTRA_BITS = EXTRA_AGE_SHIFT + AGE_RANGES.length;

/** A facet's values numbered 0..k-1, so counting needs arrays instead of maps. */
export class Dictionary<V> {
  readonly values: V[] = [];
  private readonly index = new Map<V, number>();
  add(value: V): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
  get(value: V): number | undefined {
    return this.index.get(value);
  }
}

const compareBy = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

function comparator(sort: SortKey, p: IndexedProduct[]): (a: number, b: number) => number {
  const byId = (a: number, b: number) => compareBy(p[a]!.id, p[b]!.id);
  switch (sort) {
    case "newArrivals:desc":
      return (a, b) => compareBy(p[b]!.createdMicros, p[a]!.createdMicros) || byId(a, b);
    case "newArrivals:asc":
      return (a, b) => compareBy(p[a]!.createdMicros, p[b]!.createdMicros) || byId(a, b);
    case "price:asc":
      return (a, b) => compareBy(p[a]!.mrpPaise, p[b]!.mrpPaise) || byId(a, b);
    case "price:desc":
      return (a, b) => compareBy(p[b]!.mrpPaise, p[a]!.mrpPaise) || byId(a, b);
    case "bestSeller:desc":
    case "bestSeller:asc": {
      // Ranked products first (rank 1 best); unranked last either way.
      const sign = sort === "bestSeller:desc" ? 1 : -1;
      return (a, b) => {
        const ra = p[a]!.bestSellerRank;
        const rb = p[b]!.bestSellerRank;
        if (ra === null || rb === null) return ra === rb ? byId(a, b) : ra === null ? 1 : -1;
        return sign * compareBy(ra, rb) || byId(a, b);
      };
    }
  }
}

/**
 * The products as columns, rows ordered by style (group id and colour), styles by their first category:
 * a style's sizes are neighbours, which lets a scan count styles with one comparison per row.
 */
export class CatalogueSnapshot {
  readonly n: number;
  readonly productId: Int32Array;
  readonly style: Int32Array;
  readonly styleStart: Int32Array;
  readonly category: Int32Array;
  readonly subcategory: Int32Array;
  readonly type: Int32Array;
  readonly brand: Int32Array;
  readonly stockType: Int32Array;
  readonly size: Int32Array;
  readonly priceBucket: Int32Array;
  readonly ageFrom: Int32Array;
  readonly ageTo: Int32Array;
  readonly flags: Uint8Array;
  /** The yes-or-no facets each row matches, as `EXTRA_*` bits. */
  readonly extra: Int32Array;
  /** Warehouses holding stock at MRP, one bit per warehouse (`warehouseBit`), `words` words a row. */
  readonly stocked: Uint32Array;
  readonly words: number;
  /** The distinct (category, subcategory, brand, type) of each row: the facts rules are judged on. */
  readonly ruleFacts: Int32Array;
  readonly ruleFactList: {
    categoryId: number;
    subcategoryId: number;
    brandId: number;
    subcategoryTypeId: number | null;
  }[] = [];
  readonly categories = new Dictionary<number>();
  readonly subcategories = new Dictionary<number>();
  readonly types = new Dictionary<number>();
  readonly brands = new Dictionary<number>();
  readonly stockTypes = new Dictionary<string>();
  readonly sizes = new Dictionary<string>();
  readonly warehouseBit = new Map<number, number>();
  /** Per category (dictionary index): the rows [start, end) holding all of its products. */
  readonly categoryRange: Int32Array;
  readonly rowOfProduct = new Map<number, number>();
  /** Bumped when a product's searchable text changes in place (search's matches are kept per value). */
  textVersion = 0;
  /** Bumped by every change taken in place (what is derived from the rows is kept per value). */
  changes = 0;
  private readonly derived = new KeptValues(DERIVED_KEPT);
  private readonly lists = new KeptValues(LISTS_KEPT);
  private readonly remembered = new KeptValues(REMEMBERED_KEPT);
  private readonly ranks = new Map<SortKey, { rank: Int32Array; rowAt: Int32Array }>();

  constructor(
    readonly products: IndexedProduct[],
    /** The catalogue epoch this snapshot was read in (reference tables changed: everything kept goes). */
    readonly epoch: string,
  ) {
    const byStyle = new Map<string, number[]>();
    products.forEach((p, i) => {
      const key = `${p.groupId}^${p.color ?? ""}`;
      const rows = byStyle.get(key);
      if (rows) rows.push(i);
      else byStyle.set(key, [i]);
    });
    const styles = [...byStyle.values()].map((rows) => {
      rows.sort((a, b) => products[a]!.id - products[b]!.id);
      const first = Math.min(...rows.map((r) => products[r]!.categoryId));
      return { rows, first, group: products[rows[0]!]!.groupId, color: products[rows[0]!]!.color ?? "" };
    });
    styles.sort(
      (a, b) =>
        a.first - b.first || a.group - b.group || (a.color < b.color ? -1 : a.color > b.color ? 1 : 0),
    );
    const order = styles.flatMap((s) => s.rows);
    this.products = order.map((i) => products[i]!);
    this.n = order.length;
    const n = this.n;
    for (const p of this.products) for (const w of p.stockedWarehouseIds) this.bitOf(w);
    this.words = Math.max(1, Math.ceil(this.warehouseBit.size / 32));
    this.productId = new Int32Array(n);
    this.style = new Int32Array(n);
    this.styleStart = new Int32Array(styles.length + 1);
    this.category = new Int32Array(n);
    this.subcategory = new Int32Array(n);
    this.type = new Int32Array(n);
    this.brand = new Int32Array(n);
    this.stockType = new Int32Array(n);
    this.size = new Int32Array(n);
    this.priceBucket = new Int32Array(n);
    this.ageFrom = new Int32Array(n);
    this.ageTo = new Int32Array(n);
    this.flags = new Uint8Array(n);
    this.extra = new Int32Array(n);
    this.stocked = new Uint32Array(n * this.words);
    this.ruleFacts = new Int32Array(n);
    const factIndex = new Map<string, number>();
    let row = 0;
    styles.forEach((s, styleNo) => {
      this.styleStart[styleNo] = row;
      for (const _ of s.rows) {
        const p = this.products[row]!;
        this.productId[row] = p.id;
        this.rowOfProduct.set(p.id, row);
        this.style[row] = styleNo;
        this.category[row] = this.categories.add(p.categoryId);
        this.subcategory[row] = this.subcategories.add(p.subcategoryId);
        this.type[row] = p.subcategoryTypeId === null ? -1 : this.types.add(p.subcategoryTypeId);
        this.brand[row] = this.brands.add(p.brandId);
        this.stockType[row] = this.stockTypes.add(p.stockType);
        this.size[row] = p.size === null ? -1 : this.sizes.add(p.size);
        this.priceBucket[row] = priceRangeIndexOf(p.mrpPaise);
        const factKey = `${p.categoryId}/${p.subcategoryId}/${p.brandId}/${p.subcategoryTypeId}`;
        let fact = factIndex.get(factKey);
        if (fact === undefined) {
          fact = this.ruleFactList.length;
          factIndex.set(factKey, fact);
          this.ruleFactList.push({
            categoryId: p.categoryId,
            subcategoryId: p.subcategoryId,
            brandId: p.brandId,
            subcategoryTypeId: p.subcategoryTypeId,
          });
        }
        this.ruleFacts[row] = fact;
        this.setChanging(row, p);
        row++;
      }
    });
    this.styleStart[styles.length] = n;
    this.categoryRange = new Int32Array(this.categories.values.length * 2).fill(-1);
    for (let r = 0; r < n; r++) {
      const c = this.category[r]! * 2;
      if (this.categoryRange[c] === -1) this.categoryRange[c] = r;
      this.categoryRange[c + 1] = r + 1;
    }
  }

  private bitOf(warehouseId: number): number {
    let bit = this.warehouseBit.get(warehouseId);
    if (bit === undefined) {
      bit = this.warehouseBit.size;
      this.warehouseBit.set(warehouseId, bit);
    }
    return bit;
  }

  /** The facts that change without moving the row (stock, activity, flags, ages). */
  private setChanging(row: number, p: IndexedProduct) {
    this.flags[row] =
      (p.sellable ? FLAG_SELLABLE : 0) |
      (p.isOffer ? FLAG_OFFER : 0) |
      (p.isPremium ? FLAG_PREMIUM : 0) |
      (p.isSet ? FLAG_SET : 0);
    this.ageFrom[row] = p.ageFromMonths ?? -1;
    this.ageTo[row] = p.ageToMonths ?? -1;
    let extra = (p.isOffer ? EXTRA_OFFER : 0) | (p.isPremium ? EXTRA_PREMIUM : 0);
    extra |= p.isSet ? EXTRA_SET : EXTRA_NON_SET;
    AGE_RANGES.forEach((range, i) => {
      if (ageSpanOverlaps(range, p.ageFromMonths, p.ageToMonths)) extra |= 1 << (EXTRA_AGE_SHIFT + i);
    });
    this.extra[row] = extra;
    const base = row * this.words;
    this.stocked.fill(0, base, base + this.words);
    for (const w of p.stockedWarehouseIds) {
      const bit = this.warehouseBit.get(w)!;
      this.stocked[base + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }

  /**
   * Takes a changed product in place when nothing that orders or groups it changed; false when the
   * snapshot must be built again (a new product, another style, category, price or sort position).
   */
  patch(p: IndexedProduct): boolean {
    const row = this.rowOfProduct.get(p.id);
    if (row === undefined) return false;
    const old = this.products[row]!;
    const same =
      old.groupId === p.groupId &&
      old.color === p.color &&
      old.categoryId === p.categoryId &&
      old.subcategoryId === p.subcategoryId &&
      old.subcategoryTypeId === p.subcategoryTypeId &&
      old.brandId === p.brandId &&
      old.stockType === p.stockType &&
      old.size === p.size &&
      old.mrpPaise === p.mrpPaise &&
      old.createdMicros === p.createdMicros &&
      old.bestSellerRank === p.bestSellerRank &&
      p.stockedWarehouseIds.every((w) => this.warehouseBit.has(w));
    if (!same) return false;
    if (old.textHash !== p.textHash || old.nameSansBrand !== p.nameSansBrand) this.textVersion++;
    this.changes++;
    this.products[row] = p;
    this.setChanging(row, p);
    return true;
  }

  private groups: Map<number, number[]> | null = null;
  /** The rows of a group (every size and colour), by product id. Rows only move in a rebuild. */
  groupRows(groupId: number): readonly number[] {
    if (!this.groups) {
      const groups = new Map<number, number[]>();
      for (let r = 0; r < this.n; r++) {
        const g = this.products[r]!.groupId;
        const rows = groups.get(g);
        if (rows) rows.push(r);
        else groups.set(g, [r]);
      }
      for (const rows of groups.values()) rows.sort((a, b) => this.productId[a]! - this.productId[b]!);
      this.groups = groups;
    }
    return this.groups.get(groupId) ?? [];
  }

  /**
   * A value computed from the rows (a viewer's visible rows), kept until the rows change; the most
   * recently used `DERIVED_KEPT` are kept.
   */
  derive<T>(key: string, compute: () => T): T {
    return this.derived.keep(key, this.changes, compute);
  }

  /**
   * The rows a viewer may see as a list (ascending), kept for the most recent `LISTS_KEPT` viewers:
   * four bytes a visible row, so fewer than their one-byte marks.
   */
  rowList(key: string, compute: () => Int32Array): Int32Array {
    return this.lists.keep(key, this.changes, compute);
  }

  /** A small value remembered under this key while the rows are unchanged, or undefined. */
  recall<T>(key: string): T | undefined {
    return this.remembered.get(key, this.changes) as T | undefined;
  }
  /** Remembers a small value until the rows change; the most recently used `REMEMBERED_KEPT` are kept. */
  remember(key: string, value: unknown): void {
    this.remembered.set(key, this.changes, value);
  }

  /** Every row's position in a sort, and the row at each position (computed when first asked). */
  order(sort: SortKey): { rank: Int32Array; rowAt: Int32Array } {
    let o = this.ranks.get(sort);
    if (!o) {
      const rowAt = Int32Array.from({ length: this.n }, (_, i) => i);
      const compare = comparator(sort, this.products);
      const sorted = Array.from(rowAt).sort(compare);
      rowAt.set(sorted);
      const rank = new Int32Array(this.n);
      for (let i = 0; i < this.n; i++) rank[rowAt[i]!] = i;
      o = { rank, rowAt };
      this.ranks.set(sort, o);
    }
    return o;
  }
}

/**
 * The catalogue's listing facts held in this process and brought up to date from the database before
 * each use: a look reads only the products written since the last one (see migration 0018), so every
 * server process answers from the same committed state.
 */
export function createCatalogueIndex(db: Db) {
  let snapshot: CatalogueSnapshot | null = null;
  let xmin = "0";
  let epoch: string | null = null;
  let pending: Promise<CatalogueSnapshot> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  /** What operators watch (/metrics, /api/ready): when the last look ended, how long it and the last full build took. */
  const watched = { lookedAt: null as Date | null, lookMs: 0, fullBuildMs: 0, looks: 0 };

  async function look(): Promise<CatalogueSnapshot> {
    const started = performance.now();
    const built = await lookInside();
    watched.lookMs = performance.now() - started;
    watched.lookedAt = new Date();
    watched.looks++;
    return built;
  }

  async function lookInside(): Promise<CatalogueSnapshot> {
    let changes = await catalogueChanges(db, xmin);
    if (epoch !== null && changes.epoch !== epoch) {
      snapshot = null;
      changes = await catalogueChanges(db, "0");
    }
    epoch = changes.epoch;
    xmin = changes.xmin;
    if (!snapshot) {
      const fullStarted = performance.now();
      snapshot = new CatalogueSnapshot(changes.changed, changes.epoch);
      watched.fullBuildMs = performance.now() - fullStarted;
    } else if (changes.changed.length > 0) {
      const current: CatalogueSnapshot = snapshot;
      const rebuild = changes.changed.filter((p) => !current.patch(p)).length > 0;
      if (rebuild) {
        const byId = new Map(current.products.map((p) => [p.id, p]));
        for (const p of changes.changed) byId.set(p.id, p);
        snapshot = new CatalogueSnapshot([...byId.values()], changes.epoch);
      }
    }
    return snapshot;
  }

  return {
    /** Whether a snapshot is held, when it was last brought up to date, how long that took, its products. */
    status() {
      return { loaded: snapshot !== null, products: snapshot?.n ?? 0, ...watched };
    },
    /**
     * The snapshot as of a look started after this call (what was committed before the request is in
     * it). Callers arriving while a look runs share the next one, so looks never overlap.
     */
    fresh(): Promise<CatalogueSnapshot> {
      if (!pending) {
        const next = tail.then(() => {
          pending = null;
          return look();
        });
        pending = next;
        tail = next.catch(() => undefined);
      }
      return pending;
    },
  };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;
