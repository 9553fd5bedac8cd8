import {
  type CartAllocationView,
  type CartLine,
  type CartRefreshResponse,
  toCartAllocationView,
} from "@portal/contracts";
import {
  messages,
  OWNED_SHIPPING_LIMIT,
  paiseToDecimal,
  pricedLine,
  priceUnit,
  priceUnitPaise,
  SERVICEABILITY_STOCK_TYPES,
  STOCKIST_MINIMUM_ORDER,
  toPaise,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, gstRates, products } from "../../db/schema";
import { type Headers, requests, setStock, storedCart, userIdOf, visibleIds } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { type CatalogueProduct, loadCatalogue, sellable } from "../../test/test-facts";

let world: TestWorld;
let api: ReturnType<typeof requests>;
let franchisee: Headers;
let stockist: Headers;
let stockistId: number;
/** Owned-stock products both partners see, handed out one per test so stock set-ups never collide. */
let spare: CatalogueProduct[];

const take = () => {
  const p = spare.shift();
  if (!p) throw new Error("out of test products");
  return p;
};

beforeAll(async () => {
  world = await createTestWorld();
  api = requests(world);
  [franchisee, stockist] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
  ]);
  stockistId = await userIdOf(world, "stockist@demo.in");
  const catalogue = await loadCatalogue(world);
  const owned = catalogue.filter(
    (p) =>
      sellable(p) &&
      p.stockType === "OwnedStock" &&
      !p.isSale &&
      !(SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(p.stockType),
  );
  const ids = owned.map((p) => p.id);
  const [a, b] = await Promise.all([visibleIds(world, franchisee, ids), visibleIds(world, stockist, ids)]);
  const both = new Set(a.filter((id) => b.includes(id)));
  spare = owned.filter((p) => both.has(p.id));
});
afterAll(() => world.close());

async function cartOf(headers: Headers, lines: { id: number; qty: number }[]) {
  await world.database.db.delete(cartItems);
  const res = await api.update(headers, { products: lines });
  if (res.statusCode !== 200) throw new Error(`could not fill the cart: ${res.body}`);
}

async function refreshed(headers: Headers, body?: unknown): Promise<CartAllocationView> {
  const res = await api.refresh(headers, body);
  expect(res.statusCode).toBe(200);
  return toCartAllocationView(res.json() as CartRefreshResponse);
}

const line = (cart: CartAllocationView, id: number) => cart.products.find((l) => l.id === id) as CartLine;

async function hsnIgst(productId: number) {
  const [row] = await world.database.db
    .select({
      mrp: products.mrp,
      margin: products.retailerMargin,
      hsn: products.hsnCode,
      igst: gstRates.igst,
    })
    .from(products)
    .innerJoin(gstRates, eq(gstRates.hsnCode, products.hsnCode))
    .where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row;
}

/** The domain's price of one unit of the product shipped from a warehouse state to a state. */
async function unitPrice(productId: number, shipToState: string, warehouseState: string) {
  const r = await hsnIgst(productId);
  const input = {
    mrp: r.mrp,
    retailerMargin: r.margin,
    hsnCode: r.hsn,
    hsnIgstRate: r.igst,
    shipToState,
    warehouseState,
  };
  return { unit: priceUnit(input), paise: priceUnitPaise(input) };
}

describe("POST /api/cart: allocation across the caller's warehouses", () => {
  it("splits a line across two warehouses when one lacks stock, most stock first, priced per warehouse", async () => {
    const p = take();
    await setStock(world, p.id, { 2: 3, 7: 10 });
    await cartOf(stockist, [{ id: p.id, qty: 12 }]);
    const cart = await refreshed(stockist);
    const l = line(cart, p.id);
    const fromBangalore = await unitPrice(p.id, "Karnataka", "Karnataka");
    const fromPune = await unitPrice(p.id, "Karnataka", "Maharashtra");
    expect(l.allocation).toEqual([
      {
        wh: 7,
        whName: "Bangalore",
        group: "owned",
        qty: 10,
        mrp: fromBangalore.unit.mrp,
        ctc: fromBangalore.unit.ctc,
        baseCost: fromBangalore.unit.baseCost,
        vat: fromBangalore.unit.vat,
        netCost: fromBangalore.unit.netCost,
        margin: fromBangalore.unit.margin,
        gstType: "CGST/SGST",
        gstRate: fromBangalore.unit.gstRate,
        // the line's tax on its whole taxable value (10 × base cost), as the order and invoice take it
        total: paiseToDecimal(pricedLine(fromBangalore.paise, 10).total),
      },
      expect.objectContaining({
        wh: 2,
        whName: "Pune",
        qty: 2,
        gstType: "IGST",
        netCost: fromPune.unit.netCost,
      }),
    ]);
    expect(l).toMatchObject({
      qty: 12,
      allocatedQty: 12,
      gapQty: 0,
      availableQty: 13,
      whId: 7,
      group: "owned",
      available: true,
      problem: null,
      totalPrice: paiseToDecimal(
        pricedLine(fromBangalore.paise, 10).total + pricedLine(fromPune.paise, 2).total,
      ),
      totalMRP: paiseToDecimal(toPaise(p.mrp) * 12n),
      reorderWarning: null,
    });
    expect(cart.stockReduced).toBe(false);
    expect(cart.message).toBeNull();
  });

  it("reports the gap when no warehouse set covers the quantity, and can lower the line to the stock", async () => {
    const p = take();
    await setStock(world, p.id, { 2: 3, 7: 10 });
    await cartOf(stockist, [{ id: p.id, qty: 20 }]);
    const cart = await refreshed(stockist);
    expect(line(cart, p.id)).toMatchObject({ qty: 20, allocatedQty: 13, gapQty: 7, availableQty: 13 });
    expect(cart.stockReduced).toBe(true);
    expect(cart.message).toBe(messages.stockReduced);
    expect(await storedCart(world, stockistId)).toEqual({ [p.id]: 20 });

    const reduced = await refreshed(stockist, { reduceToStock: true });
    expect(line(reduced, p.id)).toMatchObject({ qty: 13, allocatedQty: 13, gapQty: 0 });
    expect(reduced.message).toBe(messages.stockReduced);
    expect(await storedCart(world, stockistId)).toEqual({ [p.id]: 13 });
    const after = await refreshed(stockist);
    expect(after.stockReduced).toBe(false);
  });

  it("charges IGST to the Karnataka stockist from Pune and CGST/SGST to the Maharashtra franchisee", async () => {
    const p = take();
    await setStock(world, p.id, { 2: 50 });
    await cartOf(stockist, [{ id: p.id, qty: 4 }]);
    const stockistLine = line(await refreshed(stockist), p.id);
    const igst = await unitPrice(p.id, "Karnataka", "Maharashtra");
    expect(stockistLine.allocation).toEqual([
      expect.objectContaining({
        wh: 2,
        qty: 4,
        gstType: "IGST",
        vat: igst.unit.vat,
        netCost: igst.unit.netCost,
      }),
    ]);
    await cartOf(franchisee, [{ id: p.id, qty: 4 }]);
    const franchiseeLine = line(await refreshed(franchisee), p.id);
    const local = await unitPrice(p.id, "Maharashtra", "Maharashtra");
    expect(franchiseeLine.allocation).toEqual([
      expect.objectContaining({ wh: 2, qty: 4, gstType: "CGST/SGST", vat: local.unit.vat }),
    ]);
  });

  it("ignores the client's wh and userState beyond checking them", async () => {
    const p = take();
    await setStock(world, p.id, { 2: 5, 7: 5 });
    await cartOf(stockist, [{ id: p.id, qty: 8 }]);
    const plain = await refreshed(stockist);
    const claimed = await refreshed(stockist, {
      products: [p.id],
      wh: [2],
      userState: "Maharashtra",
      appType: 1,
    });
    expect(claimed.products).toEqual(plain.products);
    expect(
      line(claimed, p.id)
        .allocation.map((a) => a.wh)
        .sort(),
    ).toEqual([2, 7]);
  });

  it("answers only the asked lines and names asked ids that are not in the cart", async () => {
    const [p, q] = [take(), take()];
    await setStock(world, p.id, { 7: 5 });
    await setStock(world, q.id, { 7: 5 });
    await cartOf(stockist, [
      { id: p.id, qty: 1 },
      { id: q.id, qty: 1 },
    ]);
    const cart = await refreshed(stockist, { products: [q.id, 99_999_999] });
    expect(cart.products.map((l) => l.id)).toEqual([q.id]);
    expect(cart.notInCart).toEqual([99_999_999]);
  });

  it("reports a line whose product is no longer visible instead of dropping it", async () => {
    const p = take();
    await setStock(world, p.id, { 7: 5 });
    await cartOf(stockist, [{ id: p.id, qty: 2 }]);
    await world.database.db.update(products).set({ b2bIsActive: false }).where(eq(products.id, p.id));
    const cart = await refreshed(stockist);
    expect(line(cart, p.id)).toMatchObject({
      qty: 2,
      allocation: [],
      allocatedQty: 0,
      gapQty: 2,
      availableQty: 0,
      totalPrice: "0.00",
      available: false,
      problem: messages.productNotFound,
    });
    // Nothing can be lowered for it: the line speaks for itself (problem), the cart is not "reduced".
    expect(cart.stockReduced).toBe(false);
    expect(await storedCart(world, stockistId)).toEqual({ [p.id]: 2 });
  });

  it("brings a stored line's MRP and warehouse up to date", async () => {
    const p = take();
    await setStock(world, p.id, { 2: 5 });
    await cartOf(stockist, [{ id: p.id, qty: 2 }]);
    const newMrp = paiseToDecimal(toPaise(p.mrp) + 10000n);
    await setStock(world, p.id, { 7: 5 }, { mrp: newMrp });
    const cart = await refreshed(stockist);
    expect(line(cart, p.id)).toMatchObject({ mrp: newMrp, whId: 7 });
    const stored = (await api.getCart(stockist)).json().products[0];
    expect(stored).toMatchObject({ mrp: newMrp, whId: 7 });
  });
});

describe("warehouse groups", () => {
  it("does not preselect a stockist group below 6000 and flags the shipping charge of owned below 20000", async () => {
    const [s, o] = [take(), take()];
    await setStock(world, s.id, { 102: 500 });
    await setStock(world, o.id, { 7: 500 });
    await cartOf(stockist, [
      { id: s.id, qty: 1 },
      { id: o.id, qty: 1 },
    ]);
    const cart = await refreshed(stockist);
    expect(line(cart, s.id).group).toBe("stockist");
    expect(line(cart, o.id).group).toBe("owned");
    const stockistGroup = cart.groups.find((g) => g.group === "stockist");
    const ownedGroup = cart.groups.find((g) => g.group === "owned");
    expect(toPaise(stockistGroup?.total ?? "0")).toBeLessThan(toPaise(STOCKIST_MINIMUM_ORDER));
    expect(stockistGroup).toMatchObject({
      label: "Stockist",
      minimum: "6000.00",
      shippingLimit: null,
      meetsMinimum: false,
      shippingCharge: false,
      shippingChargeAmount: "0.00",
      toAvoidShippingCharge: null,
      preselected: false,
      lines: 1,
    });
    expect(toPaise(ownedGroup?.total ?? "0")).toBeLessThan(toPaise(OWNED_SHIPPING_LIMIT));
    expect(ownedGroup).toMatchObject({
      minimum: "0.00",
      shippingLimit: "20000.00",
      meetsMinimum: true,
      shippingCharge: true,
      // The default charge (₹250), once for the group, and what more in the group avoids it.
      shippingChargeAmount: "250.00",
      toAvoidShippingCharge: paiseToDecimal(
        toPaise(OWNED_SHIPPING_LIMIT) - toPaise(ownedGroup?.total ?? "0"),
      ),
      preselected: true,
    });
    expect(cart.orderEnabled).toBe(true);
    // Group totals are the sums of their lines, in paise.
    expect(ownedGroup?.total).toBe(line(cart, o.id).totalPrice);
    expect(cart.totalPrice).toBe(
      paiseToDecimal(toPaise(line(cart, s.id).totalPrice) + toPaise(line(cart, o.id).totalPrice)),
    );
  });

  it("preselects a stockist group at 6000 or more and drops the shipping charge of owned at 20000 or more", async () => {
    const [s, o] = [take(), take()];
    await setStock(world, s.id, { 102: 1000 });
    await setStock(world, o.id, { 7: 1000 });
    const sUnit = await unitPrice(s.id, "Karnataka", "Telangana");
    const oUnit = await unitPrice(o.id, "Karnataka", "Karnataka");
    const qtyFor = (unit: bigint, target: number) => {
      const needed = Number(toPaise(target) / unit) + 1;
      const choice = [1, 2, 5, 10, 20, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500].find(
        (q) => q >= needed,
      );
      if (!choice) throw new Error("product too cheap for the group test");
      return choice;
    };
    await cartOf(stockist, [
      { id: s.id, qty: qtyFor(sUnit.paise.netCost, STOCKIST_MINIMUM_ORDER) },
      { id: o.id, qty: qtyFor(oUnit.paise.netCost, OWNED_SHIPPING_LIMIT) },
    ]);
    const cart = await refreshed(stockist);
    expect(cart.groups.find((g) => g.group === "stockist")).toMatchObject({
      meetsMinimum: true,
      preselected: true,
    });
    expect(cart.groups.find((g) => g.group === "owned")).toMatchObject({
      meetsMinimum: true,
      shippingCharge: false,
      shippingChargeAmount: "0.00",
      toAvoidShippingCharge: null,
      preselected: true,
    });
  });

  it("puts drop-ship stock in its own group with no minimum", async () => {
    const p = take();
    await setStock(world, p.id, { 7: 10 }, { stockType: "JustInTime" });
    await cartOf(stockist, [{ id: p.id, qty: 1 }]);
    const cart = await refreshed(stockist);
    expect(line(cart, p.id).group).toBe("dropship");
    expect(cart.groups).toEqual([
      expect.objectContaining({ group: "dropship", minimum: "0.00", meetsMinimum: true, preselected: true }),
    ]);
  });

  it("answers an empty cart with no lines and ordering disabled", async () => {
    await world.database.db.delete(cartItems);
    const cart = await refreshed(stockist);
    expect(cart).toMatchObject({
      products: [],
      groups: [],
      orderEnabled: false,
      stockReduced: false,
      message: null,
      totalPrice: "0.00",
    });
  });
});

describe("BABYHUG reorder recommendation", () => {
  it("recommends a BABYHUG partner's reorder line that is on sale or out of stock, and nobody else's", async () => {
    const [onSale, plain, soldOut, notReorder] = [take(), take(), take(), take()];
    await setStock(world, onSale.id, { 7: 5 }, { isSale: true, reorder: true });
    await setStock(world, plain.id, { 7: 5 }, { isSale: false, reorder: true });
    await setStock(world, soldOut.id, { 7: 5 }, { isSale: false, reorder: true });
    await setStock(world, notReorder.id, { 7: 5 }, { isSale: true, reorder: false });
    await cartOf(franchisee, [
      { id: onSale.id, qty: 1 },
      { id: plain.id, qty: 1 },
      { id: soldOut.id, qty: 1 },
      { id: notReorder.id, qty: 1 },
    ]);
    await setStock(world, soldOut.id, { 7: 0 });
    const cart = await refreshed(franchisee);
    expect(line(cart, onSale.id).reorderWarning).toBe(messages.reorderRecommendation);
    expect(line(cart, soldOut.id).reorderWarning).toBe(messages.reorderRecommendation);
    expect(line(cart, plain.id).reorderWarning).toBeNull();
    expect(line(cart, notReorder.id).reorderWarning).toBeNull();

    await cartOf(stockist, [{ id: onSale.id, qty: 1 }]);
    expect(line(await refreshed(stockist), onSale.id).reorderWarning).toBeNull();
  });
});
