import { FIRST_STOCKIST_ID, STOCKIST_WAREHOUSE_ID, type StockType } from "./constants";
import { sameAmount } from "./money";
import { foodLicenceAllows } from "./users";

/** Stock types of the drop-ship / just-in-time group; the others (OwnedStock, CreditWHStock) ship from owned stock. */
export const DROPSHIP_STOCK_TYPES: readonly StockType[] = ["DropShipment", "JustInTime", "CreditVendorStock"];
export const OWNED_STOCK_TYPES: readonly StockType[] = ["OwnedStock", "CreditWHStock"];
/** Items that are added to a cart only when serviceable for the user's pincode. */
export const SERVICEABILITY_STOCK_TYPES: readonly StockType[] = ["DropShipment", "CreditVendorStock"];

export const isDropshipStockType = (t: string) => (DROPSHIP_STOCK_TYPES as readonly string[]).includes(t);

/** The last character of an order id: T or N owned, K or J just in time, D drop shipment. */
export const ORDER_ID_LETTER: Record<StockType, string> = {
  OwnedStock: "T",
  CreditWHStock: "N",
  JustInTime: "J",
  CreditVendorStock: "K",
  DropShipment: "D",
};

export const WAREHOUSE_GROUPS = ["owned", "stockist", "dropship"] as const;
export type WarehouseGroup = (typeof WAREHOUSE_GROUPS)[number];

/** Allow rules narrow, block rules hide. */
export const RULE_TYPES = ["allow", "block"] as const;

/**
 * The ordering group of a line: stockist for warehouse 99 and ids 100 and above; otherwise drop-ship
 * for drop-ship, just-in-time and credit-vendor stock; otherwise owned.
 */
export function warehouseGroupOf(warehouseId: number, stockType: string): WarehouseGroup {
  if (warehouseId === STOCKIST_WAREHOUSE_ID || warehouseId >= FIRST_STOCKIST_ID) return "stockist";
  return isDropshipStockType(stockType) ? "dropship" : "owned";
}

/** Estimated shipping: minimum ship hours + 72 (owned or credit-warehouse) or + 120 (drop-ship, JIT, credit-vendor); days rounded up. */
export function estimatedShippingDays(minimumShipHours: number, stockType: string): number {
  const hours = minimumShipHours + (isDropshipStockType(stockType) ? 120 : 72);
  return Math.ceil(hours / 24);
}

export interface RuleSet {
  type: (typeof RULE_TYPES)[number];
  categories: readonly number[];
  subcategories: readonly number[];
  brands: readonly number[];
  subcategoryTypes: readonly number[];
}

export interface ProductFacts {
  categoryId: number;
  subcategoryId?: number | null;
  brandId?: number | null;
  subcategoryTypeId?: number | null;
}

/**
 * Allow and block rules. A block rule hides whatever matches any of its lists. An allow rule
 * narrows: with categories or subcategories listed, the product must be in one of those categories
 * or subcategories; with brands listed, in one of those brands; with types listed, of one of those
 * types. Facts left undefined (a menu entry has no brand) are not checked.
 */
export function passesRules(rules: readonly RuleSet[], p: ProductFacts): boolean {
  const inList = (list: readonly number[], v: number | null | undefined) =>
    v !== undefined && v !== null && list.includes(v);
  for (const rule of rules) {
    if (rule.type === "block") {
      if (
        rule.categories.includes(p.categoryId) ||
        inList(rule.subcategories, p.subcategoryId) ||
        inList(rule.brands, p.brandId) ||
        inList(rule.subcategoryTypes, p.subcategoryTypeId)
      )
        return false;
      continue;
    }
    if (rule.categories.length > 0 || rule.subcategories.length > 0) {
      const categoryOk = rule.categories.includes(p.categoryId);
      // Asked about a whole category (no subcategory yet): a subcategory allow may still let part of it through.
      const subOk =
        p.subcategoryId === undefined
          ? rule.subcategories.length > 0
          : inList(rule.subcategories, p.subcategoryId);
      if (!categoryOk && !subOk) return false;
    }
    if (rule.brands.length > 0 && p.brandId !== undefined && !inList(rule.brands, p.brandId)) return false;
    if (
      rule.subcategoryTypes.length > 0 &&
      p.subcategoryTypeId !== undefined &&
      !inList(rule.subcategoryTypes, p.subcategoryTypeId)
    )
      return false;
  }
  return true;
}

/** Whether the rules let a brand through on its own (a block on it, or an allow list without it, hides it). */
export const brandAllowed = (rules: readonly RuleSet[], brandId: number) =>
  rules.every((r) =>
    r.type === "block" ? !r.brands.includes(brandId) : r.brands.length === 0 || r.brands.includes(brandId),
  );

export interface VisibilityFacts extends ProductFacts {
  b2bIsActive: boolean;
  retailerMargin: string;
  currentStock: number;
  mrp: string;
  subcategoryId: number;
  warehouses: readonly { id: number; mrp: string; stock: number }[];
}

export interface Viewer {
  hasFoodLicense: boolean;
  mappedWarehouseIds: readonly number[];
  rules: readonly RuleSet[];
}

/**
 * The spec's product visibility: active; stocked above 0 at its MRP in a warehouse; margin above 0;
 * current stock above 0; passes the rules; that warehouse is in the user's mapping; food
 * subcategories 79 and 815 only with a food licence. Returns the reason it is hidden, or null.
 */
export function hiddenReason(p: VisibilityFacts, viewer: Viewer): string | null {
  if (!p.b2bIsActive) return "inactive";
  if (!(Number(p.retailerMargin) > 0)) return "no margin";
  if (!(p.currentStock > 0)) return "no current stock";
  const stockedAtMrp = p.warehouses.filter((w) => w.stock > 0 && sameAmount(w.mrp, p.mrp));
  if (stockedAtMrp.length === 0) return "no warehouse stock at MRP";
  if (!stockedAtMrp.some((w) => viewer.mappedWarehouseIds.includes(w.id))) return "warehouse not mapped";
  if (!foodLicenceAllows(viewer, p.subcategoryId)) return "food licence required";
  if (!passesRules(viewer.rules, p)) return "blocked by rules";
  return null;
}

export const isVisible = (p: VisibilityFacts, viewer: Viewer) => hiddenReason(p, viewer) === null;

/** Sellable size options: active, stocked in a warehouse, current stock above 0 and margin above 0. */
export function isSellableSize(
  p: Pick<VisibilityFacts, "b2bIsActive" | "retailerMargin" | "currentStock" | "warehouses">,
): boolean {
  return (
    p.b2bIsActive &&
    Number(p.retailerMargin) > 0 &&
    p.currentStock > 0 &&
    p.warehouses.some((w) => w.stock > 0)
  );
}

/** Product picture views a to h. */
export const IMAGE_VIEWS = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;
export const productImageUrl = (productId: number, view: (typeof IMAGE_VIEWS)[number] = "a") =>
  `/api/images/products/${productId}/${view}.svg`;

/** The listing's sort options. */
export const SORT_OPTIONS = [
  { name: "newArrivals", label: "New Arrivals" },
  { name: "price", label: "Price" },
  { name: "bestSeller", label: "Best Seller" },
] as const;
export type SortName = (typeof SORT_OPTIONS)[number]["name"];
export const SORT_NAMES = SORT_OPTIONS.map((o) => o.name) as [SortName, ...SortName[]];
export const SORT_ORDERS = ["asc", "desc"] as const;

/** Price ranges of the price filter (rupees, inclusive lower, exclusive upper). */
export const PRICE_RANGES = [
  { key: "0-499", label: "Under ₹500", min: 0, max: 500 },
  { key: "500-999", label: "₹500 – ₹999", min: 500, max: 1000 },
  { key: "1000-1999", label: "₹1,000 – ₹1,999", min: 1000, max: 2000 },
  { key: "2000-4999", label: "₹2,000 – ₹4,999", min: 2000, max: 5000 },
  { key: "5000-", label: "₹5,000 and above", min: 5000, max: null },
] as const;

/** Age ranges of the age filter, in months (a product matches when its age span overlaps). */
export const AGE_RANGES = [
  { key: "0-12", label: "0 – 12 months", from: 0, to: 12 },
  { key: "12-36", label: "1 – 3 years", from: 12, to: 36 },
  { key: "36-72", label: "3 – 6 years", from: 36, to: 72 },
  { key: "72-144", label: "6 – 12 years", from: 72, to: 144 },
  { key: "144-", label: "12 years and above", from: 144, to: null },
] as const;

/** The price range (its index in PRICE_RANGES) an MRP in paise falls in: min included, max not. */
export const priceRangeIndexOf = (mrpPaise: number): number =>
  PRICE_RANGES.findIndex((r) => mrpPaise >= r.min * 100 && (r.max === null || mrpPaise < r.max * 100));

/** Whether a product's age span in months (both ends known) overlaps an age range. */
export const ageSpanOverlaps = (
  range: (typeof AGE_RANGES)[number],
  fromMonths: number | null,
  toMonths: number | null,
): boolean =>
  fromMonths !== null &&
  toMonths !== null &&
  toMonths > range.from &&
  (range.to === null || fromMonths < range.to);

/** Warehouse types of the listing's selector. */
export const WAREHOUSE_TYPES = [
  { key: "all", label: "All warehouses" },
  { key: "owned", label: "Company warehouses" },
  { key: "stockist", label: "Stockists" },
  { key: "dropship", label: "Drop-ship & just-in-time" },
] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number]["key"];
export const WAREHOUSE_TYPE_KEYS = WAREHOUSE_TYPES.map((t) => t.key) as [WarehouseType, ...WarehouseType[]];
