/** Smart top-up: per warehouse group short of its minimum or free shipping, the products that cover it. */
import { z } from "zod";
import { Money, WarehouseGroupKey } from "./common";

export const TopUpProduct = z.object({
  productId: z.number(),
  name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  brand: z.string(),
  image: z.string(),
  /** Units suggested (within the warehouse's stock, at most 3). */
  qty: z.number(),
  /** Net cost of one unit, GST included, from the warehouse it ships from. */
  unitPrice: Money,
  /** What the line adds to the group, priced as the cart prices it. */
  total: Money,
  wh: z.number(),
  whName: z.string(),
  /** Why it is suggested: an order-assist suggestion, or one of the store's best sellers. */
  source: z.enum(["assist", "bestseller"]),
});
export type TopUpProduct = z.infer<typeof TopUpProduct>;

export const TopUpGroup = z.object({
  group: WarehouseGroupKey,
  label: z.string(),
  /** The group's total now. */
  total: Money,
  /** minimum: below the group's minimum; shipping: paying (or about to pay) the shipping charge. */
  reason: z.enum(["minimum", "shipping"]),
  /** The minimum or the free-shipping limit. */
  target: Money,
  /** The amount short: target minus total. */
  short: Money,
  /** "Add ₹X to reach the minimum" / "Add ₹Y to avoid the shipping charge". */
  headline: z.string(),
  /**
   * reaches: the products cover the amount short with the smallest overshoot among the candidates;
   * falls-short: every candidate at its most still falls short; no-candidates: nothing to suggest.
   */
  status: z.enum(["reaches", "falls-short", "no-candidates"]),
  products: z.array(TopUpProduct),
  /** What the products add together. */
  adds: Money,
  /** adds minus short when the products reach it, else "0.00". */
  overshoot: Money,
  /** What stays short after the products ("0.00" when they reach it). */
  stillShort: Money,
  /** How many candidate products the choice was made from. */
  considered: z.number(),
});
export type TopUpGroup = z.infer<typeof TopUpGroup>;

/** GET /api/cart/topUpSuggestions: only the groups below their minimum or below free shipping. */
export const TopUpSuggestionsResponse = z.object({ groups: z.array(TopUpGroup) });
export type TopUpSuggestionsResponse = z.infer<typeof TopUpSuggestionsResponse>;
