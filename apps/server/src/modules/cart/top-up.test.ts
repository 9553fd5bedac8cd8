import type { CartAllocationView, TopUpSuggestionsResponse } from "@portal/contracts";
import { messages } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, products, users } from "../../db/schema";
import { type Headers, requests, setStock, storedCart, userIdOf } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";

// The demo world the journeys run on (1,000 products, a year of orders): the franchisee (Pune,
// Maharashtra) buys from the company warehouses and from stockist 101.
let world: TestWorld;
let api: ReturnType<typeof requests>;
let franchisee: Headers;
let franchiseeId: number;

/** Only at stockist 101 for the franchisee: a stockist line of ₹306.89. */
const STOCKIST_LINE = 100032;
/** Priced from Pune: a company-warehouse line of ₹275.31. */
const OWNED_LINE = 100063;

const URL = "/api/cart/topUpSuggestions";
const suggestions = (h: Headers) => world.app.inject({ method: "GET", url: URL, headers: h });
const body = (res: { json(): unknown }) => res.json() as TopUpSuggestionsResponse;

async function cartWith(lines: { id: number; qty: number }[]) {
  await world.database.db.delete(cartItems).where(eq(cartItems.userId, franchiseeId));
  if (lines.length === 0) return;
  const res = await api.update(franchisee, { mode: "add", products: lines });
  expect(res.statusCode, res.body).toBe(200);
}

const allocation = async () => {
  const res = await api.refresh(franchisee);
  const { data, ...rest } = res.json() as Omit<CartAllocationView, "products"> & {
    data: { products: CartAllocationView["products"] };
  };
  return { ...rest, products: data.products };
};

beforeAll(async () => {
  world = await createTestWorld({ products: 1000, historyMonths: 12 });
  api = requests(world);
  franchisee = await world.signIn("franchisee@demo.in");
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
});
afterAll(() => world.close());

describe("GET /api/cart/topUpSuggestions", () => {
  it("tops a stockist group up to its ₹6,000 minimum with the smallest overshoot, from stockist 101", async () => {
    await cartWith([{ id: STOCKIST_LINE, qty: 1 }]);
    const res = await suggestions(franchisee);
    expect(res.statusCode).toBe(200);
    const [group, ...others] = body(res).groups;
    expect(others).toEqual([]);
    expect(group).toMatchObject({
      group: "stockist",
      label: "Stockist",
      total: "306.89",
      reason: "minimum",
      target: "6000.00",
      short: "5693.11",
      headline: "Add ₹5,693.11 to reach the minimum",
      status: "reaches",
      adds: "5693.18",
      overshoot: "0.07",
      stillShort: "0.00",
      considered: 17,
    });
    // The store's best sellers at stockist 101 (it has no order-assist suggestion there), in priority order.
    expect(group?.products.map((p) => [p.productId, p.qty, p.unitPrice, p.total, p.wh, p.source])).toEqual([
      [100114, 2, "588.85", "1177.70", 101, "bestseller"],
      [100297, 1, "352.47", "352.47", 101, "bestseller"],
      [100288, 3, "314.37", "943.11", 101, "bestseller"],
      [100290, 3, "314.37", "943.11", 101, "bestseller"],
      [100289, 3, "314.37", "943.11", 101, "bestseller"],
      [100286, 2, "314.37", "628.74", 101, "bestseller"],
      [100294, 1, "352.47", "352.47", 101, "bestseller"],
      [100293, 1, "352.47", "352.47", 101, "bestseller"],
    ]);
    expect(group?.products[0]).toMatchObject({
      name: "Babyhug Linen Blend Half Sleeve Shirt Solid - Beige",
      brand: "Babyhug",
      whName: "Shree Baby Distributors",
      image: "/api/images/products/100114/a.svg",
    });
  });

  it("adds up: the suggestion added through the cart's add call makes the group meet its minimum", async () => {
    await cartWith([{ id: STOCKIST_LINE, qty: 1 }]);
    const [group] = body(await suggestions(franchisee)).groups;
    const lines = (group?.products ?? []).map((p) => ({ id: p.productId, qty: p.qty }));
    const add = await api.update(franchisee, { mode: "add", products: lines });
    expect(add.statusCode, add.body).toBe(200);
    const cart = await allocation();
    expect(cart.groups.find((g) => g.group === "stockist")).toMatchObject({
      total: "6000.07",
      meetsMinimum: true,
      preselected: true,
      lines: 9,
    });
    expect(cart.orderEnabled).toBe(true);
    // Nothing left to top up.
    expect(body(await suggestions(franchisee)).groups).toEqual([]);
  });

  it("tops a company-warehouse group up to free shipping", async () => {
    await cartWith([{ id: OWNED_LINE, qty: 1 }]);
    const [group, ...others] = body(await suggestions(franchisee)).groups;
    expect(others).toEqual([]);
    expect(group).toMatchObject({
      group: "owned",
      label: "Company warehouse",
      total: "275.31",
      reason: "shipping",
      target: "20000.00",
      short: "19724.69",
      headline: "Add ₹19,724.69 to avoid the shipping charge",
      status: "reaches",
      adds: "19724.69",
      overshoot: "0.00",
      considered: 30,
    });
    // The store's order-assist suggestions come first; an exact fit needs 19 of them. Each line is
    // priced as the cart prices it (3 × ₹204.82 is ₹614.47: the tax is rounded once per line).
    const suggested = group?.products ?? [];
    expect(suggested).toHaveLength(19);
    expect(suggested.every((p) => p.source === "assist" && [2, 5, 7].includes(p.wh))).toBe(true);
    expect(suggested.slice(0, 3).map((p) => [p.productId, p.qty, p.unitPrice, p.total, p.wh])).toEqual([
      [100583, 3, "1135.29", "3405.86", 5],
      [100514, 3, "204.82", "614.47", 5],
      [100261, 3, "564.63", "1693.88", 2],
    ]);
    const add = await api.update(franchisee, {
      mode: "add",
      products: suggested.map((p) => ({ id: p.productId, qty: p.qty })),
    });
    expect(add.statusCode, add.body).toBe(200);
    expect((await allocation()).groups).toMatchObject([
      { group: "owned", total: "20000.00", shippingCharge: false, shippingChargeAmount: "0.00", lines: 20 },
    ]);
  });

  it("never suggests a product already in the cart, out of stock or refused by the purchase rules", async () => {
    await cartWith([{ id: STOCKIST_LINE, qty: 1 }]);
    const first = body(await suggestions(franchisee)).groups[0]?.products ?? [];
    const [inCart, soldOut, hidden] = first;
    if (!inCart || !soldOut || !hidden) throw new Error("expected suggestions");
    // one suggested product goes into the cart, another sells out, a third is taken off the B2B catalogue
    await api.update(franchisee, { mode: "add", products: [{ id: inCart.productId, qty: 1 }] });
    await setStock(world, soldOut.productId, {});
    await world.database.db
      .update(products)
      .set({ b2bIsActive: false })
      .where(eq(products.id, hidden.productId));
    const again = body(await suggestions(franchisee)).groups[0]?.products.map((p) => p.productId) ?? [];
    expect(again.length).toBeGreaterThan(0);
    expect(again).not.toContain(inCart.productId);
    expect(again).not.toContain(soldOut.productId);
    expect(again).not.toContain(hidden.productId);
    const cart = Object.keys(await storedCart(world, franchiseeId)).map(Number);
    expect(again.filter((id) => cart.includes(id))).toEqual([]);
  });

  it("answers no group for an empty cart", async () => {
    await cartWith([]);
    expect(body(await suggestions(franchisee))).toEqual({ groups: [] });
  });

  it("refuses a partner who may not order, as every buying path does, and a caller not signed in", async () => {
    await cartWith([{ id: STOCKIST_LINE, qty: 1 }]);
    await world.database.db.update(users).set({ canOrder: false }).where(eq(users.id, franchiseeId));
    try {
      const res = await suggestions(franchisee);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.orderingDisabled });
    } finally {
      await world.database.db.update(users).set({ canOrder: true }).where(eq(users.id, franchiseeId));
    }
    expect((await world.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});
