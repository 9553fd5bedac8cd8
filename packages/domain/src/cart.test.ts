import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  cartParentKey,
  deleteConfirmation,
  evaluateGroup,
  groupShippingCharge,
  orderableGroups,
  quantityProblem,
  reorderRecommendation,
  shippingChargeTax,
  showsReorderMark,
} from "./cart";
import { DEFAULT_SHIPPING_CHARGE } from "./constants";
import { messages } from "./messages";
import { toPaise } from "./money";
import { preferredWarehouses, warehouseLabel } from "./warehouses";

describe("cart parent key", () => {
  it("groups categories 6 and 21 by group id and colour, others by product id and colour", () => {
    expect(cartParentKey({ id: 11, groupId: 10, categoryId: 6, color: "Blue" })).toBe("10^Blue");
    expect(cartParentKey({ id: 11, groupId: 10, categoryId: 21, color: "Red" })).toBe("10^Red");
    expect(cartParentKey({ id: 11, groupId: 10, categoryId: 22, color: "Red" })).toBe("11^Red");
    expect(cartParentKey({ id: 11, groupId: 10, categoryId: 4, color: null })).toBe("11^");
  });
});

describe("quantities", () => {
  it.each([
    [undefined, messages.selectQuantity],
    [0, messages.selectQuantity],
    [1, null],
    [50, null],
    [51, "Quantity 51 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)"],
    [150, null],
    [175, "Quantity 175 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)"],
    [550, "Quantity 550 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)"],
  ])("%s -> %s", (qty, problem) => {
    expect(quantityProblem(qty)).toBe(problem);
  });
});

describe("allocation across warehouses", () => {
  it("fills from the warehouse with most stock first and reports the gap", () => {
    const result = allocate(30, [
      { warehouseId: 2, stock: 10 },
      { warehouseId: 7, stock: 15 },
      { warehouseId: 3, stock: 0 },
    ]);
    expect(result.allocations).toEqual([
      { warehouseId: 7, qty: 15 },
      { warehouseId: 2, qty: 10 },
    ]);
    expect(result).toMatchObject({ allocatedQty: 25, gapQty: 5, availableQty: 25 });
  });

  it("takes one warehouse when it holds enough, the lowest id on a tie", () => {
    expect(
      allocate(5, [
        { warehouseId: 7, stock: 10 },
        { warehouseId: 2, stock: 10 },
      ]).allocations,
    ).toEqual([{ warehouseId: 2, qty: 5 }]);
  });

  it("prefers the caller's own state over more stock elsewhere (the listing's choice too)", () => {
    const stock = [
      { warehouseId: 2, stock: 40, state: "Maharashtra" },
      { warehouseId: 7, stock: 8, state: "Karnataka" },
    ];
    expect(allocate(10, stock, "karnataka").allocations).toEqual([
      { warehouseId: 7, qty: 8 },
      { warehouseId: 2, qty: 2 },
    ]);
    expect(preferredWarehouses(stock, "Karnataka")[0]?.warehouseId).toBe(7);
    expect(preferredWarehouses(stock, "Delhi")[0]?.warehouseId).toBe(2);
  });

  it("never allocates more than wanted or more than held", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.array(fc.integer({ min: -5, max: 300 }), { maxLength: 6 }),
        (wanted, stocks) => {
          const stock = stocks.map((s, i) => ({ warehouseId: i + 1, stock: s }));
          const r = allocate(wanted, stock);
          const sum = r.allocations.reduce((t, a) => t + a.qty, 0);
          expect(sum).toBe(r.allocatedQty);
          expect(r.allocatedQty + r.gapQty).toBe(wanted);
          for (const a of r.allocations) {
            expect(a.qty).toBeGreaterThan(0);
            expect(a.qty).toBeLessThanOrEqual(stock.find((s) => s.warehouseId === a.warehouseId)?.stock ?? 0);
          }
        },
      ),
    );
  });
});

describe("warehouse groups", () => {
  it.each([
    ["stockist", "5999.99", false, false],
    ["stockist", "6000.00", true, false],
    ["owned", "0.00", false, false],
    ["owned", "0.01", true, true],
    ["owned", "19999.99", true, true],
    ["owned", "20000.00", true, false],
    ["dropship", "1.00", true, false],
  ] as const)("%s at %s: meets minimum %s, shipping charge %s", (group, total, meets, charge) => {
    expect(evaluateGroup(group, toPaise(total))).toMatchObject({
      meetsMinimum: meets,
      shippingCharge: charge,
    });
  });

  it("enables ordering when any group meets its minimum and preselects only those", () => {
    const totals = [evaluateGroup("stockist", toPaise("4000")), evaluateGroup("owned", toPaise("2500"))];
    expect(orderableGroups(totals)).toEqual(["owned"]);
    expect(orderableGroups([evaluateGroup("stockist", toPaise("100"))])).toEqual([]);
  });
});

describe("shipping charge of a group", () => {
  const charge = toPaise(DEFAULT_SHIPPING_CHARGE);
  it.each([
    ["owned", "0.01", "250.00", "19999.99"],
    ["owned", "12500.00", "250.00", "7500.00"],
    ["owned", "19999.99", "250.00", "0.01"],
    ["owned", "20000.00", "0.00", null],
    ["owned", "0.00", "0.00", null],
    ["stockist", "6000.00", "0.00", null],
    ["dropship", "100.00", "0.00", null],
  ] as const)("%s at %s: charge %s, %s more avoids it", (group, total, amount, toAvoid) => {
    const result = groupShippingCharge(evaluateGroup(group, toPaise(total)), charge);
    expect(result.amount).toBe(toPaise(amount));
    expect(result.toAvoid).toBe(toAvoid === null ? null : toPaise(toAvoid));
  });

  it("the default is ₹250", () => {
    expect(DEFAULT_SHIPPING_CHARGE).toBe(250);
  });

  it.each([
    ["250.00", "211.86", "38.14"],
    ["100.00", "84.75", "15.25"],
    ["0.00", "0.00", "0.00"],
    ["1.18", "1.00", "0.18"],
    ["5000.00", "4237.29", "762.71"],
  ])("GST inside a charge of %s: taxable %s, tax %s", (amount, taxable, tax) => {
    expect(shippingChargeTax(toPaise(amount))).toEqual({ taxable: toPaise(taxable), tax: toPaise(tax) });
  });

  it("taxable plus tax is always the charge", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), (amount) => {
        const { taxable, tax } = shippingChargeTax(amount);
        expect(taxable + tax).toBe(amount);
        expect(tax).toBeGreaterThanOrEqual(0n);
      }),
    );
  });
});

describe("warehouse labels", () => {
  it("labels stockists as stockists and company warehouses by name", () => {
    expect(warehouseLabel({ id: 102, name: "Deccan Kids Wholesale" })).toBe(
      "Stockist: Deccan Kids Wholesale",
    );
    expect(warehouseLabel({ id: 99, name: "Stockist" })).toBe("Stockist");
    expect(warehouseLabel({ id: 7, name: "Bangalore" })).toBe("Bangalore");
  });
});

describe("BABYHUG reorder rules", () => {
  const line = (patch: Partial<{ reorder: boolean; isSale: boolean; availableQty: number }> = {}) => ({
    reorder: true,
    isSale: false,
    availableQty: 5,
    ...patch,
  });

  it("marks reorder products for BABYHUG partners only", () => {
    expect(showsReorderMark("BABYHUG", { reorder: true })).toBe(true);
    expect(showsReorderMark("BABYHUG", { reorder: false })).toBe(false);
    expect(showsReorderMark("COCO", { reorder: true })).toBe(false);
    expect(showsReorderMark(null, { reorder: true })).toBe(false);
  });

  it.each([
    ["BABYHUG", line({ availableQty: 0 }), messages.reorderRecommendation],
    ["BABYHUG", line({ isSale: true }), messages.reorderRecommendation],
    ["BABYHUG", line(), null],
    ["BABYHUG", line({ reorder: false, isSale: true, availableQty: 0 }), null],
    ["COCO", line({ isSale: true }), null],
  ] as const)("%s %o -> %s", (concept, l, expected) => {
    expect(reorderRecommendation(concept, l)).toBe(expected);
  });

  it("adds the recommendation to a delete confirmation when a deleted line carries it", () => {
    expect(deleteConfirmation(messages.confirmDeleteProduct, [{ reorderWarning: null }])).toBe(
      "Are you sure you want to delete this product?",
    );
    expect(
      deleteConfirmation(messages.confirmDeleteCart, [
        { reorderWarning: null },
        { reorderWarning: messages.reorderRecommendation },
      ]),
    ).toBe("Are You Sure You Want To Delete This Cart? Oops! We recommend you to buy this product.");
  });
});
