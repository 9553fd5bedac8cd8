/**
 * Order assist: what a store should reorder, from its own sales, its stock in hand and what it has
 * already ordered. The formulas of the spec, written once; server and web import them.
 *
 * Reading of the spec's open points (README, "Reading of open points"):
 * - "as of" is the store's latest sales date (its last point-of-sale sync), never the wall clock;
 *   the 30-day window is the 30 days ending on that date, inclusive.
 * - Apparel's "5 × sale" reads sale as the last 7 days' sale (a week, ending on the same date):
 *   five weeks of cover, close to the 45 days of non-apparel.
 * - Quantities are whole units: a suggestion is rounded UP to the next whole unit and never below 0.
 * - A suggestion goes into the cart as the smallest quantity the quantity dropdown offers at or above
 *   it (1 to 50, then 100 to 500 in steps of 50), at most 500.
 */
import { APPAREL_CATEGORY_IDS, GROUPED_APPAREL_CATEGORY_IDS, QUANTITY_CHOICES } from "./constants";

/** Days of sale the non-apparel daily sale is taken over. */
export const ASSIST_SALE_WINDOW_DAYS = 30;
/** Days of sale the non-apparel target stock covers. */
export const ASSIST_COVER_DAYS = 45;
/** Days of the apparel "sale" the multiplier applies to. */
export const APPAREL_SALE_WINDOW_DAYS = 7;
/** Apparel target stock: this many times the sale. */
export const APPAREL_SALE_MULTIPLIER = 5;

/** Best sellers: shown 3 at a time, up to 9 pages, from a request of 24 sorted by best seller. */
export const BESTSELLER_PAGE_SIZE = 3;
export const BESTSELLER_MAX_PAGES = 9;
export const BESTSELLER_REQUEST_SIZE = 24;
/** The apparel reorder carousel: 3 a page. */
export const REORDER_PAGE_SIZE = 3;

/** Categories 6, 21 and 22 (apparel and footwear) are not in the non-apparel list. */
export const ORDER_ASSIST_EXCLUDED_CATEGORY_IDS = APPAREL_CATEGORY_IDS;

export const isApparelCategory = (categoryId: number) =>
  (APPAREL_CATEGORY_IDS as readonly number[]).includes(categoryId);

/** Categories 6 and 21 show their suggestions grouped by group id and colour, with the sizes as children. */
export const groupsBySizes = (categoryId: number) =>
  (GROUPED_APPAREL_CATEGORY_IDS as readonly number[]).includes(categoryId);

/** Daily sale = 30-day sale ÷ 30, to 2 decimals (for display; the suggestion uses the exact ratio). */
export function dailySale(sale30: number): number {
  return Math.round((sale30 * 100) / ASSIST_SALE_WINDOW_DAYS) / 100;
}

/**
 * Non-apparel suggested quantity: 45 days of sale (daily sale = 30-day sale ÷ 30) minus stock in
 * hand and in transit, rounded up to a whole unit, never below 0. Worked in integers:
 * ceil((45 × sale30 − 30 × (stock + inTransit)) ÷ 30).
 */
export function nonApparelSuggestion(input: { sale30: number; stock: number; inTransit: number }): number {
  const numerator =
    ASSIST_COVER_DAYS * input.sale30 - ASSIST_SALE_WINDOW_DAYS * (input.stock + input.inTransit);
  if (numerator <= 0) return 0;
  return Math.ceil(numerator / ASSIST_SALE_WINDOW_DAYS);
}

/** Apparel suggested quantity: 5 × sale minus stock, pending and in transit, never below 0. */
export function apparelSuggestion(input: {
  sale: number;
  stock: number;
  pending: number;
  inTransit: number;
}): number {
  return Math.max(0, APPAREL_SALE_MULTIPLIER * input.sale - input.stock - input.pending - input.inTransit);
}

/** The order statuses order assist counts: Pending is pending quantity, Confirmed and Shipped are in transit. */
export function assistOrderBucket(status: string): "pending" | "inTransit" | null {
  if (status === "Pending") return "pending";
  if (status === "Confirmed" || status === "Shipped") return "inTransit";
  return null;
}

/** The quantity a suggestion is added to the cart with: the smallest dropdown choice at or above it. */
export function cartQuantityFor(suggested: number): number {
  if (suggested <= 0) return 0;
  const choice = QUANTITY_CHOICES.find((q) => q >= suggested);
  return choice ?? (QUANTITY_CHOICES[QUANTITY_CHOICES.length - 1] as number);
}

/** A price slab of an apparel category: MRP from `fromRupees` up to and including `toRupees` (null: no top). */
export interface PriceSlab {
  id: number;
  label: string;
  fromRupees: number;
  toRupees: number | null;
}

const slab = (id: number, fromRupees: number, toRupees: number | null): PriceSlab => ({
  id,
  fromRupees,
  toRupees,
  label:
    toRupees === null
      ? `₹${fromRupees.toLocaleString("en-IN")} and above`
      : fromRupees === 0
        ? `Up to ₹${toRupees.toLocaleString("en-IN")}`
        : `₹${fromRupees.toLocaleString("en-IN")} – ₹${toRupees.toLocaleString("en-IN")}`,
});

/** The price slab configuration of each apparel category (GET /api/orderAssist/priceSlabConfig/{cat}). */
export const PRICE_SLAB_CONFIG: Readonly<Record<number, readonly PriceSlab[]>> = {
  6: [slab(1, 0, 499), slab(2, 500, 999), slab(3, 1000, 1999), slab(4, 2000, null)],
  21: [slab(1, 0, 499), slab(2, 500, 999), slab(3, 1000, 1999), slab(4, 2000, null)],
  22: [slab(1, 0, 699), slab(2, 700, 1499), slab(3, 1500, null)],
};

export const priceSlabsOf = (categoryId: number): readonly PriceSlab[] | null =>
  PRICE_SLAB_CONFIG[categoryId] ?? null;

/**
 * The slab an MRP (in paise) falls in. Bounds are whole rupees and a slab runs up to (not including)
 * the next slab's start: ₹499.50 is in "Up to ₹499", ₹500.00 in "₹500 – ₹999".
 */
export function priceSlabFor(categoryId: number, mrpPaise: number | bigint): PriceSlab | null {
  const slabs = priceSlabsOf(categoryId);
  if (!slabs) return null;
  const paise = Number(mrpPaise);
  return (
    slabs.find(
      (s) => paise >= s.fromRupees * 100 && (s.toRupees === null || paise < (s.toRupees + 1) * 100),
    ) ?? null
  );
}

/** yyyy-MM-dd of the day `days` days before `isoDay` (calendar arithmetic on the date alone). */
export function dayMinus(isoDay: string, days: number): string {
  const at = new Date(`${isoDay}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/** The first day of a window of `days` days ending on `asOf` (inclusive). */
export const windowStart = (asOf: string, days: number) => dayMinus(asOf, days - 1);

/**
 * Units a day over the window the sale was counted on (apparel: its 7 days, non-apparel: 30), to 2
 * decimals: a row's "/day" and its "Sale" always speak of the same days.
 */
export function dailySaleOver(sale: number, days: number): number {
  if (days <= 0) return 0;
  return Math.round((sale * 100) / days) / 100;
}

/**
 * What the partner chooses when a suggested product is already in the cart: keep the cart's
 * quantity, replace it with the chosen quantity, or add both together.
 */
export const CART_CONFLICT_CHOICES = ["keep", "replace", "add"] as const;
export type CartConflictChoice = (typeof CART_CONFLICT_CHOICES)[number];

/**
 * The cart quantity a choice leads to, or null when nothing is sent (keep, or a quantity equal to the
 * cart's). Adding both is rounded up to the next quantity the cart offers (at most 500).
 */
export function quantityAfterChoice(
  choice: CartConflictChoice,
  cartQty: number,
  chosen: number,
): number | null {
  const next =
    choice === "keep" ? cartQty : choice === "replace" ? chosen : cartQuantityFor(cartQty + chosen);
  return next === cartQty || next <= 0 ? null : next;
}

/** A suggestion line's value at the partner's unit cost: unit cost (paise) × quantity. */
export const lineValuePaise = (unitCostPaise: bigint, qty: number): bigint => unitCostPaise * BigInt(qty);

/** The largest quantity the cart offers at or below `n` (0 when below 1): an expected quantity never overshoots its target. */
export function cartQuantityAtMost(n: number): number {
  return [...QUANTITY_CHOICES].filter((q) => q <= n).pop() ?? 0;
}
