/**
 * Saved lists (issue 29): named lists of products with a default quantity each, kept per store
 * (partner account) and shared by every user of it. The limits and every message of the lists.
 */

/** A store keeps at most this many lists. */
export const LIST_LIMIT = 50;
/** A list holds at most this many lines (products). */
export const LIST_LINE_LIMIT = 500;
/** A list's name: 1 to this many characters (after trimming). */
export const LIST_NAME_MAX = 60;

/** Two names are the same list name when they match ignoring case and surrounding spaces. */
export const listNameKey = (name: string): string => name.trim().toLocaleLowerCase("en-IN");

export const listMessages = {
  notFound: "List not found",
  nameTaken: (name: string) => `You already have a list named "${name}". Choose another name.`,
  listLimit: `You can keep at most ${LIST_LIMIT} lists. Delete a list you no longer use first.`,
  lineLimit: (name: string) =>
    `A list holds at most ${LIST_LINE_LIMIT} products; "${name}" would have more. Split it into two lists.`,
  created: (name: string) => `List "${name}" saved`,
  updated: (name: string) => `List "${name}" updated`,
  deleted: (name: string) => `List "${name}" deleted`,
  linesSaved: (n: number) => (n === 1 ? "1 product saved to the list" : `${n} products saved to the list`),
  noLinesChosen: "Choose at least one product of the list",
  notInList: (ids: readonly number[]) => `Not in this list: ${ids.join(", ")}`,
  imported: (name: string, products: number, skipped: number) =>
    `List "${name}" saved with ${products === 1 ? "1 product" : `${products} products`}` +
    (skipped === 0 ? "" : skipped === 1 ? "; 1 row skipped" : `; ${skipped} rows skipped`),
  duplicateLine: (productId: number) => `lines: product ${productId} is listed more than once`,
  nothingBuyable: "No product of the list can be added to the cart",
  addedToCart: (added: number, refused: number) =>
    refused === 0
      ? added === 1
        ? "1 product added to the cart"
        : `${added} products added to the cart`
      : `${added} of ${added + refused} products added to the cart; ${refused} could not be added`,
} as const;

/** A name for an imported list that is free among the store's names: "Winter", then "Winter (2)", … */
export function freeListName(wanted: string, taken: readonly string[], max: number = LIST_NAME_MAX): string {
  const keys = new Set(taken.map(listNameKey));
  const base = wanted.trim();
  if (!keys.has(listNameKey(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, max - suffix.length).trimEnd()}${suffix}`;
    if (!keys.has(listNameKey(candidate))) return candidate;
  }
}
