import { describe, expect, it } from "vitest";
import {
  apparelSuggestion,
  assistOrderBucket,
  cartQuantityAtMost,
  cartQuantityFor,
  dailySale,
  dailySaleOver,
  dayMinus,
  groupsBySizes,
  isApparelCategory,
  lineValuePaise,
  nonApparelSuggestion,
  priceSlabFor,
  priceSlabsOf,
  quantityAfterChoice,
  windowStart,
} from "./order-assist";

describe("non-apparel: 45 days of sale (daily = 30-day sale ÷ 30) minus stock in hand and in transit", () => {
  it.each([
    // sale30, stock, inTransit, suggested
    [30, 0, 0, 45], // 1 a day → 45
    [20, 0, 0, 30], // 0.667 a day → 30
    [19, 0, 0, 29], // 28.5 → rounded up to 29
    [1, 0, 0, 2], // 1.5 → 2
    [30, 10, 5, 30],
    [30, 45, 0, 0], // covered exactly
    [30, 50, 0, 0], // over-covered: never below 0
    [0, 0, 0, 0], // nothing sold, nothing suggested
    [0, 3, 2, 0],
    [7, 4, 6, 1], // 10.5 − 10 = 0.5 → 1
  ])("sale30 %i, stock %i, in transit %i → %i", (sale30, stock, inTransit, suggested) => {
    expect(nonApparelSuggestion({ sale30, stock, inTransit })).toBe(suggested);
  });

  it.each([
    [30, 1],
    [20, 0.67],
    [19, 0.63],
    [1, 0.03],
    [0, 0],
  ])("daily sale of %i in 30 days is %d", (sale30, daily) => {
    expect(dailySale(sale30)).toBe(daily);
  });
});

describe("apparel: 5 × sale minus stock, pending and in transit", () => {
  it.each([
    // sale, stock, pending, inTransit, suggested
    [4, 0, 0, 0, 20],
    [4, 5, 3, 2, 10],
    [4, 20, 0, 0, 0],
    [4, 10, 10, 10, 0], // never below 0
    [0, 0, 0, 0, 0],
    [1, 0, 0, 4, 1],
  ])("sale %i, stock %i, pending %i, in transit %i → %i", (sale, stock, pending, inTransit, suggested) => {
    expect(apparelSuggestion({ sale, stock, pending, inTransit })).toBe(suggested);
  });
});

describe("order statuses", () => {
  it.each([
    ["Pending", "pending"],
    ["Confirmed", "inTransit"],
    ["Shipped", "inTransit"],
    ["Delivered", null],
    ["Cancelled", null],
  ])("%s counts as %s", (status, bucket) => {
    expect(assistOrderBucket(status)).toBe(bucket);
  });
});

describe("cart quantity for a suggestion: the smallest dropdown choice at or above it", () => {
  it.each([
    [0, 0],
    [-3, 0],
    [1, 1],
    [29, 29],
    [50, 50],
    [51, 100],
    [101, 150],
    [500, 500],
    [900, 500],
  ])("%i → %i", (suggested, qty) => {
    expect(cartQuantityFor(suggested)).toBe(qty);
  });
});

describe("categories", () => {
  it("6, 21 and 22 are apparel (out of the non-apparel list); 6 and 21 group by group id and colour", () => {
    expect([6, 21, 22, 1, 9].map(isApparelCategory)).toEqual([true, true, true, false, false]);
    expect([6, 21, 22, 1].map(groupsBySizes)).toEqual([true, true, false, false]);
  });
});

describe("price slabs", () => {
  it("apparel categories have slabs, others none", () => {
    expect(priceSlabsOf(6)?.map((s) => s.label)).toEqual([
      "Up to ₹499",
      "₹500 – ₹999",
      "₹1,000 – ₹1,999",
      "₹2,000 and above",
    ]);
    expect(priceSlabsOf(22)?.length).toBe(3);
    expect(priceSlabsOf(1)).toBeNull();
    expect(priceSlabFor(1, 10_000)).toBeNull();
  });

  it.each([
    [0, 1],
    [49_900, 1],
    [49_950, 1], // ₹499.50 is still under ₹500
    [50_000, 2],
    [99_900, 2],
    [100_000, 3],
    [199_999, 3],
    [200_000, 4],
    [999_900, 4],
  ])("category 6, MRP %i paise → slab %i", (paise, id) => {
    expect(priceSlabFor(6, paise)?.id).toBe(id);
  });
});

describe("the window ends on the store's last sales date", () => {
  it("30 days ending 31-10-2026 start on 02-10-2026; a week on 25-10-2026", () => {
    expect(windowStart("2026-10-31", 30)).toBe("2026-10-02");
    expect(windowStart("2026-10-31", 7)).toBe("2026-10-25");
    expect(dayMinus("2026-03-01", 1)).toBe("2026-02-28");
  });
});

describe("issue 28: the suggestion's day rate, the cart choice and values", () => {
  it("a day's sale is over the same days as the sale beside it (7 for apparel, 30 otherwise)", () => {
    expect(dailySaleOver(2, 7)).toBe(0.29);
    expect(dailySaleOver(18, 30)).toBe(0.6);
    expect(dailySaleOver(5, 0)).toBe(0);
  });

  it("keep, replace or add both a product already in the cart (5 in the cart, 19 chosen)", () => {
    expect(quantityAfterChoice("keep", 5, 19)).toBeNull();
    expect(quantityAfterChoice("replace", 5, 19)).toBe(19);
    expect(quantityAfterChoice("add", 5, 19)).toBe(24);
    // replacing with the same quantity changes nothing; adding past 50 takes the next offered quantity
    expect(quantityAfterChoice("replace", 5, 5)).toBeNull();
    expect(quantityAfterChoice("add", 40, 19)).toBe(100);
    expect(quantityAfterChoice("add", 450, 100)).toBe(500);
  });

  it("a line's value is the unit cost in paise times the quantity", () => {
    expect(lineValuePaise(20_632n, 19)).toBe(392_008n);
  });

  it("an expected quantity goes into the cart at the largest offered quantity not above it", () => {
    expect(cartQuantityAtMost(15)).toBe(15);
    expect(cartQuantityAtMost(73)).toBe(50);
    expect(cartQuantityAtMost(160)).toBe(150);
    expect(cartQuantityAtMost(0)).toBe(0);
  });
});
