import { describe, expect, it } from "vitest";
import {
  AGE_RANGES,
  ageSpanOverlaps,
  hiddenReason,
  isSellableSize,
  passesRules,
  priceRangeIndexOf,
  type Viewer,
  type VisibilityFacts,
} from "./catalogue";

const product: VisibilityFacts = {
  b2bIsActive: true,
  retailerMargin: "30.00",
  currentStock: 10,
  mrp: "499.00",
  categoryId: 4,
  subcategoryId: 401,
  brandId: 12,
  subcategoryTypeId: null,
  warehouses: [{ id: 2, mrp: "499.00", stock: 10 }],
};
const viewer: Viewer = { hasFoodLicense: false, mappedWarehouseIds: [2, 7], rules: [] };

describe("product visibility", () => {
  it("shows a product that meets every condition", () => {
    expect(hiddenReason(product, viewer)).toBeNull();
  });

  it.each<[string, Partial<VisibilityFacts>, Partial<Viewer>]>([
    ["inactive", { b2bIsActive: false }, {}],
    ["no margin", { retailerMargin: "0.00" }, {}],
    ["no current stock", { currentStock: 0 }, {}],
    ["no warehouse stock at MRP", { warehouses: [{ id: 2, mrp: "499.00", stock: 0 }] }, {}],
    ["no warehouse stock at MRP", { warehouses: [{ id: 2, mrp: "449.00", stock: 5 }] }, {}],
    ["warehouse not mapped", { warehouses: [{ id: 104, mrp: "499.00", stock: 5 }] }, {}],
    ["food licence required", { subcategoryId: 79 }, {}],
    ["food licence required", { subcategoryId: 815 }, {}],
    [
      "blocked by rules",
      {},
      { rules: [{ type: "block", categories: [], subcategories: [], brands: [12], subcategoryTypes: [] }] },
    ],
  ])("hides it when %s", (reason, change, viewerChange) => {
    expect(hiddenReason({ ...product, ...change }, { ...viewer, ...viewerChange })).toBe(reason);
  });

  it("shows food subcategories to a food-licence holder", () => {
    expect(hiddenReason({ ...product, subcategoryId: 79 }, { ...viewer, hasFoodLicense: true })).toBeNull();
  });
});

describe("rules", () => {
  const allow = (lists: Partial<{ categories: number[]; subcategories: number[]; brands: number[] }>) => ({
    type: "allow" as const,
    categories: [],
    subcategories: [],
    brands: [],
    subcategoryTypes: [],
    ...lists,
  });

  it("lets an allow rule narrow by category or subcategory, and by brand", () => {
    expect(passesRules([allow({ categories: [4] })], product)).toBe(true);
    expect(passesRules([allow({ categories: [5] })], product)).toBe(false);
    expect(passesRules([allow({ subcategories: [401] })], product)).toBe(true);
    expect(passesRules([allow({ brands: [12] })], product)).toBe(true);
    expect(passesRules([allow({ brands: [13] })], product)).toBe(false);
  });

  it("lets a menu ask about a whole category", () => {
    expect(passesRules([allow({ subcategories: [401] })], { categoryId: 9 })).toBe(true);
    expect(passesRules([allow({ categories: [4] })], { categoryId: 9 })).toBe(false);
  });
});

describe("sellable sizes", () => {
  it("needs activity, warehouse stock, current stock and margin", () => {
    expect(isSellableSize(product)).toBe(true);
    expect(isSellableSize({ ...product, warehouses: [] })).toBe(false);
    expect(isSellableSize({ ...product, currentStock: 0 })).toBe(false);
    expect(isSellableSize({ ...product, retailerMargin: "0" })).toBe(false);
    expect(isSellableSize({ ...product, b2bIsActive: false })).toBe(false);
  });
});

describe("listing ranges", () => {
  it("puts an MRP in its price range, the lower bound in and the upper out", () => {
    expect([0, 49_999, 50_000, 99_999, 100_000, 499_999, 500_000, 2_000_000].map(priceRangeIndexOf)).toEqual([
      0, 0, 1, 1, 2, 3, 4, 4,
    ]);
  });

  it("matches an age range when the product's span overlaps it, and never an unknown span", () => {
    const [baby, toddler] = AGE_RANGES;
    expect(ageSpanOverlaps(baby, 6, 18)).toBe(true);
    expect(ageSpanOverlaps(toddler, 6, 18)).toBe(true);
    expect(ageSpanOverlaps(toddler, 0, 12)).toBe(false);
    expect(ageSpanOverlaps(baby, 12, 24)).toBe(false);
    expect(ageSpanOverlaps(baby, null, 12)).toBe(false);
  });
});
