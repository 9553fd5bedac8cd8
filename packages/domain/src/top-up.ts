import { evaluateGroup, GROUP_RULES } from "./cart";
import type { WarehouseGroup } from "./catalogue";
import { formatRupees } from "./format";
import type { Paise } from "./money";

/**
 * Smart top-up: what a warehouse group lacks (to its minimum, or to its free-shipping limit) and the
 * set of products that covers it with the smallest overshoot.
 */

/** At most this many candidates are considered (the first ones, in priority order). */
export const TOP_UP_MAX_CANDIDATES = 30;
/** At most this many units of one candidate are suggested. */
export const TOP_UP_MAX_UNITS = 3;
/**
 * The search works over every total up to the amount needed plus the dearest unit: amounts needed
 * above ₹1,00,000 are refused, and a candidate whose one unit would carry the search past it is
 * not considered (a group's gap is at most its free-shipping limit, ₹20,000).
 */
export const TOP_UP_SEARCH_LIMIT: Paise = 10_000_000n;

export type TopUpReason = "minimum" | "shipping";

export interface TopUpNeed {
  reason: TopUpReason;
  /** What the group lacks: the minimum or the free-shipping limit minus its total (paise, above 0). */
  short: Paise;
  /** The amount to reach: the minimum or the free-shipping limit. */
  target: Paise;
}

/**
 * What a group with this total lacks: below its minimum, the gap to the minimum; otherwise, paying
 * a shipping charge (at or above the minimum, below the free-shipping limit), the gap to the limit.
 * Null when the group needs nothing (an empty owned group pays no charge; drop-ship asks nothing).
 */
export function topUpNeed(group: WarehouseGroup, total: Paise): TopUpNeed | null {
  const rule = GROUP_RULES[group];
  const evaluated = evaluateGroup(group, total);
  if (!evaluated.meetsMinimum && rule.minimum > total)
    return { reason: "minimum", short: rule.minimum - total, target: rule.minimum };
  if (evaluated.shippingCharge && rule.shippingLimit !== null)
    return { reason: "shipping", short: rule.shippingLimit - total, target: rule.shippingLimit };
  return null;
}

/** "Add ₹2,500.00 to reach the minimum" / "Add ₹1,234.50 to avoid the shipping charge". */
export const topUpHeadline = (reason: TopUpReason, short: Paise | string) =>
  reason === "minimum"
    ? `Add ${formatRupees(short)} to reach the minimum`
    : `Add ${formatRupees(short)} to avoid the shipping charge`;

/** Said of a group below its figure when no product of its warehouse can be suggested. */
export const topUpNoCandidates = "No product from this warehouse can be suggested to top it up.";

export interface TopUpCandidate {
  productId: number;
  /** Net price of one unit (GST included), paise. */
  unitPrice: Paise;
  /** The most units that may be suggested (stock at the warehouse; capped at TOP_UP_MAX_UNITS). */
  maxQty: number;
  /**
   * The exact total of `qty` units as the cart will price them (the tax engine rounds per line, so it
   * may differ from unitPrice × qty by a paisa); default unitPrice × qty. Must rise with qty.
   */
  lineTotal?: (qty: number) => Paise;
}

export interface TopUpLine {
  productId: number;
  qty: number;
  total: Paise;
}

export type TopUpChoice =
  /** The lines reach the amount: `total` ≥ needed with the smallest overshoot among the candidates considered. */
  | { status: "reaches"; lines: TopUpLine[]; total: Paise; overshoot: Paise; considered: number }
  /** Every candidate considered, at its most, still falls short by `stillShort`: all of them are suggested. */
  | { status: "falls-short"; lines: TopUpLine[]; total: Paise; stillShort: Paise; considered: number }
  /** No candidate could be considered: nothing is suggested. */
  | { status: "no-candidates"; lines: []; total: 0n; considered: 0 };

interface Option {
  productId: number;
  /** totals[q - 1]: the total of q units, strictly rising. */
  totals: Paise[];
}

function optionsOf(
  needed: Paise,
  candidates: readonly TopUpCandidate[],
  maxCandidates: number,
  maxUnits: number,
): Option[] {
  const options: Option[] = [];
  const seen = new Set<number>();
  for (const c of candidates) {
    if (options.length >= maxCandidates) break;
    const maxQty = Math.min(Math.floor(c.maxQty), maxUnits);
    if (!(maxQty >= 1) || c.unitPrice <= 0n || seen.has(c.productId)) continue;
    const totals: Paise[] = [];
    for (let q = 1; q <= maxQty; q++) {
      const total = c.lineTotal ? c.lineTotal(q) : c.unitPrice * BigInt(q);
      if (total <= (totals[q - 2] ?? 0n)) break; // a total must rise with the quantity
      totals.push(total);
    }
    const first = totals[0];
    if (first === undefined || first > TOP_UP_SEARCH_LIMIT - needed) continue;
    seen.add(c.productId);
    options.push({ productId: c.productId, totals });
  }
  return options;
}

/**
 * Chooses quantities of the candidates (in priority order, the first `maxCandidates` usable ones, up
 * to `maxUnits` each) whose total reaches `needed` with the smallest overshoot: an exact bounded
 * subset sum over paise (a bitset of reachable totals, one candidate at a time).
 *
 * Ties (several sets with that total) go by priority: the set whose lowest-priority candidate ranks
 * highest, with the fewest units of it, and so on for the rest. The smallest total reaching `needed`
 * lies below needed + the largest one-unit step (a set beyond it still reaches without one unit), so
 * the search stops there. Needed at or below 0: nothing to add.
 */
export function chooseTopUp(
  needed: Paise,
  candidates: readonly TopUpCandidate[],
  limits: { maxCandidates?: number; maxUnits?: number } = {},
): TopUpChoice {
  if (needed > TOP_UP_SEARCH_LIMIT) throw new RangeError("The amount to top up is too large to search");
  if (needed <= 0n) return { status: "reaches", lines: [], total: 0n, overshoot: 0n, considered: 0 };
  const options = optionsOf(
    needed,
    candidates,
    Math.min(limits.maxCandidates ?? TOP_UP_MAX_CANDIDATES, 250),
    Math.min(limits.maxUnits ?? TOP_UP_MAX_UNITS, 250),
  );
  if (options.length === 0) return { status: "no-candidates", lines: [], total: 0n, considered: 0 };

  const most = options.map((o) => ({
    productId: o.productId,
    qty: o.totals.length,
    total: o.totals[o.totals.length - 1] as Paise,
  }));
  const mostTotal = most.reduce((sum, l) => sum + l.total, 0n);
  if (mostTotal < needed)
    return {
      status: "falls-short",
      lines: most,
      total: mostTotal,
      stillShort: needed - mostTotal,
      considered: options.length,
    };

  let step = 0n;
  for (const o of options)
    o.totals.forEach((t, i) => {
      const rise = t - (o.totals[i - 1] ?? 0n);
      if (rise > step) step = rise;
    });
  // Totals 0 … range - 1 are searched; the smallest reaching total is below needed + step.
  const range = Number(needed + step);
  const words = Math.ceil(range / 32);
  const bits = new Uint32Array(words);
  bits[0] = 1;
  // For each total: the candidate (index + 1) that first reached it, and with how many units.
  const viaOption = new Uint8Array(words * 32);
  const viaQty = new Uint8Array(words * 32);
  options.forEach((o, k) => {
    const before = bits.slice();
    o.totals.forEach((t, i) => {
      const shift = Number(t);
      if (shift >= range) return;
      const wordShift = shift >>> 5;
      const bitShift = shift & 31;
      for (let w = words - 1; w >= wordShift; w--) {
        const from = w - wordShift;
        const moved =
          bitShift === 0
            ? (before[from] as number)
            : ((before[from] as number) << bitShift) |
              (from > 0 ? (before[from - 1] as number) >>> (32 - bitShift) : 0);
        let fresh = (moved & ~(bits[w] as number)) >>> 0;
        if (fresh === 0) continue;
        bits[w] = ((bits[w] as number) | fresh) >>> 0;
        while (fresh !== 0) {
          const bit = 31 - Math.clz32(fresh & -fresh);
          const sum = w * 32 + bit;
          viaOption[sum] = k + 1;
          viaQty[sum] = i + 1;
          fresh = (fresh & (fresh - 1)) >>> 0;
        }
      }
    });
  });

  const reached = (sum: number) => (((bits[sum >>> 5] as number) >>> (sum & 31)) & 1) === 1;
  let best = Number(needed);
  while (best < range && !reached(best)) best++;
  if (best >= range) throw new Error("top-up search missed a reachable total");

  const qtyOf = new Map<number, number>();
  for (let sum = best; sum > 0; ) {
    const k = (viaOption[sum] as number) - 1;
    const qty = viaQty[sum] as number;
    const option = options[k] as Option;
    qtyOf.set(k, qty);
    sum -= Number(option.totals[qty - 1]);
  }
  const lines = [...qtyOf.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, qty]) => {
      const option = options[k] as Option;
      return { productId: option.productId, qty, total: option.totals[qty - 1] as Paise };
    });
  const total = lines.reduce((sum, l) => sum + l.total, 0n);
  return { status: "reaches", lines, total, overshoot: total - needed, considered: options.length };
}
