import type { SuggestedItem } from "@portal/contracts";
import { BESTSELLER_MAX_PAGES, BESTSELLER_PAGE_SIZE, CART_LIMIT, messages } from "@portal/domain";

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
