import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { type Buyer, buyerRefusal, type PurchaseQuestion, purchaseRefusal } from "./purchase";

const product = (patch: Partial<PurchaseQuestion["product"]> = {}): PurchaseQuestion["product"] => ({
  b2bIsActive: true,
  retailerMargin: "20.00",
  mrp: "1000.00",
  stockType: "OwnedStock",
  categoryId: 4,
  subcategoryId: 407,
  brandId: 621,
  subcategoryTypeId: null,
  currentStock: 5,
  warehouses: [{ id: 2, mrp: "1000.00", stock: 5 }],
  ...patch,
});

const buyer: Buyer = { canOrder: true, hasFoodLicense: false, rules: [], mappedWarehouseIds: [2, 7] };
const blockBrand = {
  type: "block" as const,
  categories: [],
  subcategories: [],
  brands: [621],
  subcategoryTypes: [],
};

const notFound = { status: 404, message: messages.productNotFound };
const notServiceable = { status: 400, message: messages.productNotServiceable };
const orderingDisabled = { status: 403, message: messages.orderingDisabled };

describe("purchaseRefusal", () => {
  it.each([
    ["an ordinary product", buyer, product(), null],
    ["an inactive product", buyer, product({ b2bIsActive: false }), notFound],
    ["a product without margin", buyer, product({ retailerMargin: "0.00" }), notFound],
    ["a food product without a licence", buyer, product({ subcategoryId: 79 }), notFound],
    [
      "a food product with a licence",
      { ...buyer, hasFoodLicense: true },
      product({ subcategoryId: 815 }),
      null,
    ],
    ["a brand the partner's rules block", { ...buyer, rules: [blockBrand] }, product(), notFound],
    [
      "stock only outside the mapping",
      buyer,
      product({ warehouses: [{ id: 3, mrp: "1000.00", stock: 5 }] }),
      notFound,
    ],
    [
      "stock at another MRP only",
      buyer,
      product({ warehouses: [{ id: 2, mrp: "999.00", stock: 5 }] }),
      notFound,
    ],
    ["a partner without the ordering flag", { ...buyer, canOrder: false }, product(), orderingDisabled],
  ])("from the cart, %s: %j", (_what, who, p, expected) => {
    expect(purchaseRefusal(who, { product: p, brandDelivers: true })).toEqual(expected);
  });

  it("asks serviceability of drop-ship and credit-vendor stock only", () => {
    for (const stockType of ["DropShipment", "CreditVendorStock"])
      expect(purchaseRefusal(buyer, { product: product({ stockType }), brandDelivers: false })).toEqual(
        notServiceable,
      );
    for (const stockType of ["OwnedStock", "CreditWHStock", "JustInTime"])
      expect(purchaseRefusal(buyer, { product: product({ stockType }), brandDelivers: false })).toBeNull();
  });

  it("checks the ordering flag first, then visibility, then serviceability", () => {
    const hiddenDropShip = product({ stockType: "DropShipment", b2bIsActive: false });
    expect(
      purchaseRefusal({ ...buyer, canOrder: false }, { product: hiddenDropShip, brandDelivers: false }),
    ).toEqual(orderingDisabled);
    expect(purchaseRefusal(buyer, { product: hiddenDropShip, brandDelivers: false })).toEqual(notFound);
  });

  it("from a named warehouse, judges the product as if that warehouse held it (its stock is checked when the order is written)", () => {
    const soldOut = product({ currentStock: 0, warehouses: [] });
    expect(purchaseRefusal(buyer, { product: soldOut, brandDelivers: true })).toEqual(notFound);
    expect(purchaseRefusal(buyer, { product: soldOut, brandDelivers: true, from: 7 })).toBeNull();
    expect(purchaseRefusal(buyer, { product: soldOut, brandDelivers: true, from: 3 })).toEqual(notFound);
    expect(
      purchaseRefusal({ ...buyer, rules: [blockBrand] }, { product: soldOut, brandDelivers: true, from: 7 }),
    ).toEqual(notFound);
  });
});

describe("buyerRefusal", () => {
  it("refuses an account without the ordering flag with the one message", () => {
    expect(buyerRefusal({ canOrder: false })).toEqual(orderingDisabled);
    expect(buyerRefusal({ canOrder: true })).toBeNull();
  });
});
