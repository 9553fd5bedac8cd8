import { describe, expect, it } from "vitest";
import type { VisibilityFacts } from "./catalogue";
import { LIVE_STOCK_LOW, liveStockNote, liveStockOf, liveStockVisible } from "./live-stock";

const pune = { id: 1, name: "Pune" };
const mumbai = { id: 2, name: "Mumbai" };
const note = (...stocks: [string, number][]) =>
  liveStockNote({
    stock: stocks.reduce((s, [, n]) => s + n, 0),
    warehouses: stocks.map(([name, stock], i) => ({ id: i + 1, name, stock })),
  });

describe("liveStockNote", () => {
  it.each([
    [[["Pune", 0]], "sold out"],
    [
      [
        ["Pune", 0],
        ["Mumbai", 0],
      ],
      "sold out",
    ],
    [
      [
        ["Pune", 0],
        ["Mumbai", 7],
      ],
      "sold out at Pune, available at Mumbai",
    ],
    [
      [
        ["Pune", 0],
        ["Mumbai", 2],
      ],
      "sold out at Pune, available at Mumbai",
    ],
    [[["Pune", 3]], "only 3 left"],
    [
      [
        ["Pune", 2],
        ["Mumbai", 1],
      ],
      "only 3 left",
    ],
    [[["Pune", LIVE_STOCK_LOW]], `only ${LIVE_STOCK_LOW} left`],
    [[["Pune", LIVE_STOCK_LOW + 1]], null],
    [
      [
        ["Pune", 40],
        ["Mumbai", 12],
      ],
      null,
    ],
  ] as [[string, number][], string | null][])("%j says %s", (stocks, expected) => {
    expect(note(...stocks)).toBe(expected);
  });
  it("says sold out for a product with no warehouse left in the mapping", () => {
    expect(liveStockNote({ stock: 0, warehouses: [] })).toBe("sold out");
  });
});

const product = (over: Partial<VisibilityFacts> = {}): VisibilityFacts & { id: number } => ({
  id: 9,
  b2bIsActive: true,
  retailerMargin: "20.00",
  currentStock: 0,
  mrp: "499.00",
  categoryId: 1,
  subcategoryId: 10,
  brandId: 3,
  subcategoryTypeId: null,
  warehouses: [
    { id: 1, mrp: "499.00", stock: 0 },
    { id: 2, mrp: "499", stock: 4 },
    { id: 2, mrp: "549.00", stock: 50 },
    { id: 3, mrp: "499.00", stock: 8 },
  ],
  ...over,
});
const viewer = { hasFoodLicense: false, mappedWarehouseIds: [1, 2], rules: [] };

describe("liveStockOf", () => {
  it("sums the mapped warehouses at the product's MRP only, in mapping order", () => {
    expect(liveStockOf(product(), [mumbai, pune])).toEqual({
      productId: 9,
      stock: 4,
      warehouses: [
        { id: 2, name: "Mumbai", stock: 4 },
        { id: 1, name: "Pune", stock: 0 },
      ],
    });
  });
});

describe("liveStockVisible", () => {
  it("tells a partner of a sold-out product they could see", () => {
    expect(liveStockVisible(product({ currentStock: 0 }), viewer)).toBe(true);
  });
  it.each([
    ["inactive", { b2bIsActive: false }],
    ["without margin", { retailerMargin: "0" }],
    ["held only outside the mapping", { warehouses: [{ id: 3, mrp: "499.00", stock: 8 }] }],
    ["held only at another MRP", { warehouses: [{ id: 1, mrp: "549.00", stock: 8 }] }],
    ["in a food subcategory without the licence", { subcategoryId: 79 }],
  ] as [string, Partial<VisibilityFacts>][])("never tells of a product %s", (_why, over) => {
    expect(liveStockVisible(product(over), viewer)).toBe(false);
  });
  it("never tells of a product the partner's rules block", () => {
    const rules = [
      { type: "block" as const, categories: [], subcategories: [], brands: [3], subcategoryTypes: [] },
    ];
    expect(liveStockVisible(product(), { ...viewer, rules })).toBe(false);
  });
});
