import type { SuggestedItem } from "@portal/contracts";
import {
  BESTSELLER_MAX_PAGES,
  BESTSELLER_PAGE_SIZE,
  CART_LIMIT,
  type CartConflictChoice,
  lineValuePaise,
  messages,
  quantityAfterChoice,
  toPaise,
} from "@portal/domain";

/** The category of the address (?category=), when it is one of the allowed ids; else null. */
export function chosenCategory(value: string | null, allowed: readonly number[]): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return allowed.includes(id) ? id : null;
}

/**
 * The product-id filter: ids separated by commas or spaces. Empty text is no filter ([]); anything
 * that is not a list of ids is null (the screen says so).
 */
export function productIdFilter(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) < 1)) return null;
  return [...new Set(parts.map(Number))];
}

/** Pages of `size` items, at most `maxPages` of them. */
export function pagesOf<T>(items: readonly T[], size: number, maxPages = Number.POSITIVE_INFINITY): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length && pages.length < maxPages; i += size)
    pages.push(items.slice(i, i + size));
  return pages;
}

/** Best sellers: 3 a page, up to 9 pages. */
export const bestsellerPages = <T>(items: readonly T[]) =>
  pagesOf(items, BESTSELLER_PAGE_SIZE, BESTSELLER_MAX_PAGES);

/**
 * Why the selected suggestions cannot go to the cart, or null: at least one selected product with
 * a suggested quantity above 0, and the new lines must fit under the cart's 300.
 */
export function bulkAddProblem(
  selected: readonly SuggestedItem[],
  cartIds: ReadonlySet<number>,
  cartCount: number,
): string | null {
  const adding = selected.filter((s) => s.suggested > 0);
  if (adding.length === 0) return messages.selectAtLeastOneProduct;
  const newLines = adding.filter((s) => !cartIds.has(s.id)).length;
  if (cartCount + newLines > CART_LIMIT) return messages.cartLimitOrderAssist;
  return null;
}

/** One product's add: it needs a quantity. */
export function singleAddProblem(item: SuggestedItem, cartIds: ReadonlySet<number>, cartCount: number) {
  if (item.cartQty <= 0) return messages.selectQuantity;
  if (!cartIds.has(item.id) && cartCount + 1 > CART_LIMIT) return messages.cartLimitOrderAssist;
  return null;
}

/** A product already in the cart that the partner is adding again: what is there and what is chosen now. */
export interface CartConflict {
  id: number;
  cartQty: number;
  qty: number;
}

/**
 * What adding these lines does to a cart that may hold some of them already. Without a choice, lines
 * not in the cart are sent and those in it are conflicts to ask about (nothing is overwritten
 * quietly); with a choice, each conflict becomes the quantity the choice leads to (keep: nothing sent).
 */
export function planCartAdd(
  lines: readonly { id: number; qty: number }[],
  cartQty: ReadonlyMap<number, number>,
  choice?: CartConflictChoice,
): { send: { id: number; qty: number }[]; conflicts: CartConflict[] } {
  const send: { id: number; qty: number }[] = [];
  const conflicts: CartConflict[] = [];
  for (const line of lines) {
    const held = cartQty.get(line.id);
    if (held === undefined) {
      send.push(line);
      continue;
    }
    if (!choice) {
      conflicts.push({ id: line.id, cartQty: held, qty: line.qty });
      continue;
    }
    const next = quantityAfterChoice(choice, held, line.qty);
    if (next !== null) send.push({ id: line.id, qty: next });
  }
  return { send, conflicts };
}

/** The value of the selected lines at the partner's unit cost, in paise (lines without a cost count 0), and how many lack one. */
export function selectionValue(lines: readonly { unitCost: string | null; qty: number }[]): {
  paise: bigint;
  unpriced: number;
} {
  let paise = 0n;
  let unpriced = 0;
  for (const l of lines) {
    if (l.unitCost === null) unpriced++;
    else paise += lineValuePaise(toPaise(l.unitCost), l.qty);
  }
  return { paise, unpriced };
}
