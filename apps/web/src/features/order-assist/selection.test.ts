import type { SuggestedItem } from "@portal/contracts";
import { messages } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  bestsellerPages,
  bulkAddProblem,
  chosenCategory,
  planCartAdd,
  productIdFilter,
  selectionValue,
  singleAddProblem,
} from "./selection";

const item = (id: number, suggested: number): SuggestedItem => ({
  id,
  name: `Product ${id}`,
  size: null,
  color: null,
  mrp: "299.00",
  unitCost: "206.32",
  sale: 18,
  dailySale: 0.6,
  stock: 8,
  pending: 0,
  inTransit: 0,
  suggested,
  cartQty: suggested,
});

describe("the category of the address", () => {
  it("is one of the allowed ids, else none", () => {
    expect(chosenCategory("1", [1, 2])).toBe(1);
    expect(chosenCategory("6", [1, 2])).toBeNull();
    expect(chosenCategory("", [1, 2])).toBeNull();
    expect(chosenCategory(null, [1, 2])).toBeNull();
    expect(chosenCategory("1abc", [1, 2])).toBeNull();
  });
});

describe("the product-id filter", () => {
  it("reads ids separated by commas or spaces; anything else is refused", () => {
    expect(productIdFilter("")).toEqual([]);
    expect(productIdFilter("100077, 100123 100077")).toEqual([100077, 100123]);
    expect(productIdFilter("abc")).toBeNull();
    expect(productIdFilter("0")).toBeNull();
  });
});

describe("best sellers", () => {
  it("3 a page, at most 9 pages of the 24 asked for", () => {
    const pages = bestsellerPages(Array.from({ length: 30 }, (_, i) => i));
    expect(pages).toHaveLength(9);
    expect(pages[0]).toEqual([0, 1, 2]);
    expect(bestsellerPages([1, 2, 3, 4])).toEqual([[1, 2, 3], [4]]);
  });
});

describe("adding suggestions", () => {
  it("bulk add needs at least one selected product with a suggested quantity above 0", () => {
    expect(bulkAddProblem([], new Set(), 0)).toBe(messages.selectAtLeastOneProduct);
    expect(bulkAddProblem([item(1, 0)], new Set(), 0)).toBe(messages.selectAtLeastOneProduct);
    expect(bulkAddProblem([item(1, 5)], new Set(), 0)).toBeNull();
  });

  it("new lines past 300: the order-assist cart-limit message; lines already in the cart do not count", () => {
    expect(bulkAddProblem([item(1, 5), item(2, 5)], new Set(), 299)).toBe(messages.cartLimitOrderAssist);
    expect(bulkAddProblem([item(1, 5), item(2, 5)], new Set([1]), 299)).toBeNull();
    expect(singleAddProblem(item(3, 5), new Set(), 300)).toBe(messages.cartLimitOrderAssist);
  });

  it("one product needs a quantity", () => {
    expect(singleAddProblem(item(1, 0), new Set(), 0)).toBe(messages.selectQuantity);
  });
});

describe("adding to a cart that holds some of the products already", () => {
  const cart = new Map([[100077, 5]]);
  const lines = [
    { id: 100077, qty: 19 },
    { id: 100100, qty: 36 },
  ];

  it("sends what is not in the cart and asks about the rest: nothing is overwritten quietly", () => {
    expect(planCartAdd(lines, cart)).toEqual({
      send: [{ id: 100100, qty: 36 }],
      conflicts: [{ id: 100077, cartQty: 5, qty: 19 }],
    });
  });

  it("keep: the cart's 5 stay; replace: 19; add both: 24", () => {
    expect(planCartAdd(lines, cart, "keep").send).toEqual([{ id: 100100, qty: 36 }]);
    expect(planCartAdd(lines, cart, "replace").send).toEqual([
      { id: 100077, qty: 19 },
      { id: 100100, qty: 36 },
    ]);
    expect(planCartAdd(lines, cart, "add").send).toEqual([
      { id: 100077, qty: 24 },
      { id: 100100, qty: 36 },
    ]);
  });

  it("adding both past 50 rounds up to the next quantity the cart offers", () => {
    expect(planCartAdd([{ id: 100077, qty: 48 }], cart, "add").send).toEqual([{ id: 100077, qty: 100 }]);
  });

  it("values a selection at the partner's cost, in paise, and counts lines without a cost", () => {
    expect(
      selectionValue([
        { unitCost: "206.32", qty: 19 },
        { unitCost: null, qty: 3 },
        { unitCost: "10.05", qty: 2 },
      ]),
    ).toEqual({ paise: 394_018n, unpriced: 1 });
  });
});
