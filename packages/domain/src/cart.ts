import type { WarehouseGroup } from "./catalogue";
import {
  CART_LIMIT,
  GROUPED_APPAREL_CATEGORY_IDS,
  OWNED_MINIMUM_ORDER,
  OWNED_SHIPPING_LIMIT,
  QUANTITY_CHOICES,
  SHIPPING_CHARGE_GST_RATE,
  STOCKIST_MINIMUM_ORDER,
} from "./constants";
import { inclusiveSplit } from "./gst";
import { messages } from "./messages";
import { type Paise, toPaise } from "./money";
import { type HoldingWarehouse, preferredWarehouses } from "./warehouses";

/** The cart's grouping key: groupID^colour for categories 6 and 21, otherwise productId^colour. */
export function cartParentKey(p: {
  id: number;
  groupId: number;
  categoryId: number;
  color: string | null;
}): string {
  const grouped = (GROUPED_APPAREL_CATEGORY_IDS as readonly number[]).includes(p.categoryId);
  return `${grouped ? p.groupId : p.id}^${p.color ?? ""}`;
}

/** Null when the quantity is one of the offered choices, else the reason. */
export function quantityProblem(qty: number | null | undefined): string | null {
  if (qty === null || qty === undefined || qty === 0) return messages.selectQuantity;
  if (!QUANTITY_CHOICES.includes(qty))
    return `Quantity ${qty} is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)`;
  return null;
}

export const cartHasRoomFor = (currentLines: number, newLines: number) =>
  currentLines + newLines <= CART_LIMIT;

export interface Allocation {
  warehouseId: number;
  qty: number;
}

/**
 * Splits a wanted quantity across warehouses holding stock in the one warehouse preference
 * (`preferredWarehouses`: own state, then most stock, then lowest id). Returns what was allocated and
 * the gap that no warehouse covers.
 */
export function allocate(
  wanted: number,
  stock: readonly HoldingWarehouse[],
  shipToState = "",
): { allocations: Allocation[]; allocatedQty: number; gapQty: number; availableQty: number } {
  const usable = preferredWarehouses(stock, shipToState);
  const availableQty = usable.reduce((sum, s) => sum + s.stock, 0);
  const allocations: Allocation[] = [];
  let left = Math.max(0, wanted);
  for (const s of usable) {
    if (left === 0) break;
    const qty = Math.min(left, s.stock);
    allocations.push({ warehouseId: s.warehouseId, qty });
    left -= qty;
  }
  const allocatedQty = Math.max(0, wanted) - left;
  return { allocations, allocatedQty, gapQty: left, availableQty };
}

export interface GroupRule {
  group: WarehouseGroup;
  label: string;
  /** Minimum total to order from this group (paise). */
  minimum: Paise;
  /** Below this total (and at or above the minimum) a shipping charge applies; null: never. */
  shippingLimit: Paise | null;
}

/** The spec's warehouse groups: stockist at least 6000; owned minimum 0 with shipping limit 20000; drop-ship no minimum. */
export const GROUP_RULES: Record<WarehouseGroup, GroupRule> = {
  stockist: {
    group: "stockist",
    label: "Stockist",
    minimum: toPaise(STOCKIST_MINIMUM_ORDER),
    shippingLimit: null,
  },
  owned: {
    group: "owned",
    label: "Company warehouse",
    minimum: toPaise(OWNED_MINIMUM_ORDER),
    shippingLimit: toPaise(OWNED_SHIPPING_LIMIT),
  },
  dropship: { group: "dropship", label: "Drop-ship & just-in-time", minimum: 0n, shippingLimit: null },
};

export interface GroupTotal {
  group: WarehouseGroup;
  total: Paise;
  meetsMinimum: boolean;
  /** Total at or above the minimum but below the shipping limit. */
  shippingCharge: boolean;
}

/** Evaluates a group total against its rule. An empty group never meets its minimum. */
export function evaluateGroup(group: WarehouseGroup, total: Paise): GroupTotal {
  const rule = GROUP_RULES[group];
  const meetsMinimum = total > 0n && total >= rule.minimum;
  const shippingCharge = meetsMinimum && rule.shippingLimit !== null && total < rule.shippingLimit;
  return { group, total, meetsMinimum, shippingCharge };
}

/**
 * What a group's shipping charge is and how much more would avoid it: the charge (paise) when the
 * flag is set, else 0; the gap to the shipping limit when the flag is set, else null.
 */
export function groupShippingCharge(
  evaluated: GroupTotal,
  charge: Paise,
): { amount: Paise; toAvoid: Paise | null } {
  const limit = GROUP_RULES[evaluated.group].shippingLimit;
  if (!evaluated.shippingCharge || limit === null) return { amount: 0n, toAvoid: null };
  return { amount: charge, toAvoid: limit - evaluated.total };
}

/**
 * The GST inside a GST-inclusive shipping charge (18%): taxable value rounded to the paisa (half
 * up), tax the rest, so taxable + tax is always the charge.
 */
export function shippingChargeTax(amount: Paise): { taxable: Paise; tax: Paise } {
  return inclusiveSplit(amount, BigInt(SHIPPING_CHARGE_GST_RATE) * 100n);
}

/** Ordering is enabled when any group meets its minimum; only those groups are preselected. */
export function orderableGroups(totals: readonly GroupTotal[]): WarehouseGroup[] {
  return totals.filter((t) => t.meetsMinimum).map((t) => t.group);
}

/** The franchise concept whose partners get reorder marks, reorder delete rules and the sale and reorder stock checks. */
export const REORDER_CONCEPT = "BABYHUG";

/** Whether a partner of this franchise concept follows the reorder rules. */
export const followsReorderRules = (concept: string | null | undefined) => concept === REORDER_CONCEPT;

/** A reorder mark in listings: a reorder product, shown to partners following the reorder rules. */
export const showsReorderMark = (concept: string | null | undefined, product: { reorder: boolean }) =>
  followsReorderRules(concept) && product.reorder;

/**
 * BABYHUG's sale and reorder stock checks on a cart line: a reorder product with no stock or on sale
 * carries "Oops! We recommend you to buy this product.", which its delete confirmation adds.
 */
export function reorderRecommendation(
  concept: string | null | undefined,
  line: { reorder: boolean; isSale: boolean; availableQty: number },
): string | null {
  return showsReorderMark(concept, line) && (line.availableQty === 0 || line.isSale)
    ? messages.reorderRecommendation
    : null;
}

/**
 * The reorder-specific delete rule: the spec's confirmation question, followed by the recommendation
 * when any line about to be deleted carries it.
 */
export const deleteConfirmation = (question: string, lines: readonly { reorderWarning: string | null }[]) =>
  lines.some((l) => l.reorderWarning) ? `${question} ${messages.reorderRecommendation}` : question;
