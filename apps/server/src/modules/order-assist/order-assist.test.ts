import { messages } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedCart, userIdOf } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { orderBody, placeOrder, stockUp } from "../../test/order-test-kit";
import { HIDDEN_PRODUCTS } from "../../test/test-facts";
import { CATEGORY_NOT_FOUND, NOT_APPAREL, SUBCATEGORY_NOT_FOUND } from "./service";

/**
 * The demo world's franchisee store (franchisee@demo.in): its point-of-sale sales end on
 * 31-10-2026, so the 30-day window is 02-10-2026 to 31-10-2026 and the apparel week 25-10-2026 to
 * 31-10-2026, whatever today's date is.
 */
let world: TestWorld;
type Headers = { authorization: string };
let franchisee: Headers;
let stockist: Headers;
let coco: Headers;
let staff: Headers;

beforeAll(async () => {
  world = await createTestWorld();
  [franchisee, stockist, coco, staff] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
    world.signIn("coco@demo.in"),
    world.signIn("admin@demo.in"),
  ]);
}, 120_000);
afterAll(() => world.close());

const get = (url: string, headers: Headers = franchisee) => world.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object, headers: Headers = franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });

/** The suggestion of one product in a category's answer. */
async function suggestionOf(categoryId: number, productId: number, headers: Headers = franchisee) {
  const res = await get(`/api/products/getSuggestedProducts/${categoryId}`, headers);
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    subcategories: { groups: { children: { id: number }[] }[] }[];
  };
  return body.subcategories
    .flatMap((s) => s.groups)
    .flatMap((g) => g.children)
    .find((c) => c.id === productId) as Record<string, unknown> | undefined;
}

describe("statistics of the franchisee's store", () => {
  it("catTotal: 139 units worth ₹78,061.00 sold in the 30 days to 31-10-2026, per category", async () => {
    const res = await get("/api/orderAssist/catTotal");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      asOf: "2026-10-31",
      from: "2026-10-02",
      saleDays: 30,
      qty: 139,
      amount: "78061.00",
    });
    expect(body.categories).toContainEqual({
      categoryId: 1,
      name: "Diapering",
      apparel: false,
      qty: 36,
      amount: "10764.00",
    });
    expect(body.categories).toContainEqual({
      categoryId: 6,
      name: "Boys Clothing",
      apparel: true,
      qty: 19,
      amount: "9481.00",
    });
    expect(body.categories).toContainEqual({
      categoryId: 21,
      name: "Girls Clothing",
      apparel: true,
      qty: 0,
      amount: "0.00",
    });
  });

  it("sales: non-apparel categories only (6, 21 and 22 left out), most sold first", async () => {
    const body = (await get("/api/orderAssist/sales")).json();
    expect(body.rows.map((r: { id: number; qty: number }) => [r.id, r.qty])).toEqual([
      [1, 36],
      [9, 27],
      [12, 16],
      [4, 13],
      [2, 12],
    ]);
    expect(body.rows[0]).toEqual({ id: 1, name: "Diapering", qty: 36, amount: "10764.00" });
  });

  it("sales/{cat}: per subcategory of the category", async () => {
    const body = (await get("/api/orderAssist/sales/1")).json();
    expect(body.category).toEqual({ id: 1, name: "Diapering" });
    expect(body.rows).toEqual([
      { id: 101, name: "Diapers", qty: 18, amount: "5382.00" },
      { id: 103, name: "Cloth Diapers & Nappies", qty: 18, amount: "5382.00" },
    ]);
  });

  it("stock and stock/{cat}: units in hand at MRP", async () => {
    const all = (await get("/api/orderAssist/stock")).json();
    expect(all.rows[0]).toEqual({
      id: 1,
      name: "Diapering",
      stock: 18,
      value: "5382.00",
      pending: 0,
      inTransit: 0,
    });
    expect(all.rows.map((r: { id: number }) => r.id)).not.toContain(6);
    const toys = (await get("/api/orderAssist/stock/4")).json();
    expect(toys.rows).toEqual([
      { id: 401, name: "Soft Toys", stock: 5, value: "7995.00", pending: 0, inTransit: 0 },
      { id: 405, name: "Remote Control Toys", stock: 5, value: "4245.00", pending: 0, inTransit: 0 },
    ]);
  });
});

describe("non-apparel suggestions: 45 days of sale minus stock in hand and in transit", () => {
  it("per subcategory, one product a line: sold 18 in 30 days (0.6 a day), 8 in hand → 27 − 8 = 19", async () => {
    const res = await get("/api/products/getSuggestedProducts/1");
    const body = res.json();
    expect(body).toMatchObject({
      asOf: "2026-10-31",
      from: "2026-10-02",
      saleDays: 30,
      apparel: false,
      grouped: false,
    });
    expect(body.subcategories.map((s: { id: number; name: string }) => s.name)).toEqual([
      "Diapers",
      "Cloth Diapers & Nappies",
    ]);
    expect(await suggestionOf(1, 100077)).toEqual({
      id: 100077,
      name: "Cotton Cubs Overnight Pant Style Diapers Jumbo Pack of 96",
      size: "Medium (7-12 kg)",
      color: null,
      mrp: "299.00",
      // The partner's net cost, as the catalogue prices it for them (below).
      unitCost: "206.32",
      sale: 18,
      dailySale: 0.6,
      stock: 8,
      pending: 0,
      inTransit: 0,
      suggested: 19,
      cartQty: 19,
    });
    const listed = (await post("/api/products/getProductList", { productIds: [100077] })).json();
    expect(listed[0].pricing.netCost).toBe("206.32");
    // sold nothing in the window, 2 in hand: nothing to reorder
    expect(await suggestionOf(1, 100080)).toMatchObject({ sale: 0, stock: 2, suggested: 0, cartQty: 0 });
  });

  it("the product-id filter keeps only the asked products", async () => {
    const res = await post("/api/products/suggestedProducts", { category: 9, productIds: [100100] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subcategories).toHaveLength(1);
    expect(body.subcategories[0].groups[0].children).toEqual([
      expect.objectContaining({ id: 100100, sale: 27, dailySale: 0.9, stock: 5, suggested: 36, cartQty: 36 }),
    ]);
    const none = (
      await post("/api/products/suggestedProducts", { category: 9, productIds: [100077] })
    ).json();
    expect(none.subcategories).toEqual([]);
  });

  it("a Pending order is pending quantity; once Confirmed it is in transit and lowers the suggestion", async () => {
    await stockUp(world.database.db, 100100, 2, 100);
    const placed = await placeOrder(
      world.app,
      franchisee,
      orderBody([{ wh: 2, products: [{ id: 100100, qty: 6 }] }]),
    );
    expect(placed.statusCode).toBe(200);
    const poid = placed.json().result[0].poid as string;

    expect((await post("/api/orderAssist/stockInTransit", { productIds: [100100] })).json()).toEqual([
      { productId: 100100, pending: 6, inTransit: 0 },
    ]);
    // non-apparel counts stock in hand and in transit only
    expect(await suggestionOf(9, 100100)).toMatchObject({ pending: 6, inTransit: 0, suggested: 36 });
    const lines = (await post("/api/orderAssist/invoiceDetails", { productIds: [100100] })).json();
    expect(lines.rows).toEqual([
      expect.objectContaining({
        poid,
        status: "Pending",
        productId: 100100,
        qty: 6,
        orderedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);

    const confirmed = await world.app.inject({
      method: "POST",
      url: `/api/admin/orders/${poid}/confirm`,
      headers: staff,
      payload: {},
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await post("/api/orderAssist/stockInTransit", { productIds: [100100] })).json()).toEqual([
      { productId: 100100, pending: 0, inTransit: 6 },
    ]);
    // 27 × 45 / 30 = 40.5 − 5 in hand − 6 in transit = 29.5 → 30
    expect(await suggestionOf(9, 100100)).toMatchObject({
      pending: 0,
      inTransit: 6,
      suggested: 30,
      cartQty: 30,
    });
    const stock = (await get("/api/orderAssist/stock/9")).json();
    expect(stock.rows).toContainEqual(expect.objectContaining({ id: 902, stock: 5, inTransit: 6 }));

    // another store sees none of it
    expect((await post("/api/orderAssist/stockInTransit", { productIds: [100100] }, coco)).json()).toEqual([
      { productId: 100100, pending: 0, inTransit: 0 },
    ]);
    expect((await post("/api/orderAssist/invoiceDetails", { productIds: [100100] }, coco)).json()).toEqual({
      rows: [],
    });
  });
});

describe("apparel: 5 × a week's sale minus stock, pending and in transit, by type and price slab", () => {
  it("categories 6 and 21 group by group id and colour with the sizes as children", async () => {
    const body = (await get("/api/products/getSuggestedProducts/6")).json();
    expect(body).toMatchObject({ from: "2026-10-25", saleDays: 7, apparel: true, grouped: true });
    const tees = body.subcategories.find((s: { id: number }) => s.id === 601);
    expect(tees.groups).toEqual([
      {
        key: "100181^Red",
        groupId: 100181,
        name: "Hopscotch Lane Jersey Half Sleeve Polo T-Shirt Printed - Red",
        color: "Red",
        children: [
          expect.objectContaining({ id: 100191, size: "2-3 Y", sale: 0, stock: 10, suggested: 0 }),
          // 2 sold this week, none in hand: 5 × 2 = 10; a day over the same 7 days: 2 ÷ 7 = 0.29
          expect.objectContaining({
            id: 100192,
            size: "3-4 Y",
            sale: 2,
            dailySale: 0.29,
            stock: 0,
            suggested: 10,
            cartQty: 10,
          }),
        ],
      },
    ]);
    // footwear (22) is apparel but not grouped
    expect((await get("/api/products/getSuggestedProducts/22")).json()).toMatchObject({
      apparel: true,
      grouped: false,
    });
  });

  it("price slabs, sales, stock and the subcategory's suggestion by type and slab", async () => {
    const slabs = (await get("/api/orderAssist/priceSlabConfig/6")).json();
    expect(slabs.slabs.map((s: { label: string }) => s.label)).toEqual([
      "Up to ₹499",
      "₹500 – ₹999",
      "₹1,000 – ₹1,999",
      "₹2,000 and above",
    ]);
    expect((await get("/api/orderAssist/apparelSales/6")).json().rows).toEqual([
      {
        subcategoryId: 601,
        subcategoryName: "T-Shirts",
        typeId: 1,
        typeName: "Half Sleeve",
        slabId: 1,
        slabLabel: "Up to ₹499",
        qty: 2,
      },
    ]);
    expect(
      (await get("/api/orderAssist/apparelStock/6")).json().rows.map((r: { qty: number }) => r.qty),
    ).toEqual([10, 9]);
    expect((await get("/api/orderAssist/apparelStockInTransit/6")).json()).toEqual({
      categoryId: 6,
      rows: [],
    });
    expect((await get("/api/orderAssist/apparelInvoice/6")).json()).toEqual({ rows: [] });
    const sub = (await get("/api/orderAssist/apparelSubcatLevelSales/601")).json();
    expect(sub).toMatchObject({
      asOf: "2026-10-31",
      categoryId: 6,
      subcategory: { id: 601, name: "T-Shirts" },
    });
    // 5 × 2 − 10 in hand = 0
    expect(sub.rows).toEqual([
      {
        typeId: 1,
        typeName: "Half Sleeve",
        slabId: 1,
        slabLabel: "Up to ₹499",
        sale: 2,
        stock: 10,
        pending: 0,
        inTransit: 0,
        suggested: 0,
      },
    ]);
  });

  it("refuses non-apparel categories and unknown ids", async () => {
    for (const url of [
      "/api/orderAssist/priceSlabConfig/1",
      "/api/orderAssist/apparelSales/1",
      "/api/orderAssist/apparelSubcatLevelSales/101",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: NOT_APPAREL });
    }
    expect((await get("/api/orderAssist/apparelSales/999")).json()).toEqual({ message: CATEGORY_NOT_FOUND });
    expect((await get("/api/products/getSuggestedProducts/999")).statusCode).toBe(404);
    expect((await get("/api/orderAssist/apparelSubcatLevelSales/99999")).json()).toEqual({
      message: SUBCATEGORY_NOT_FOUND,
    });
  });
});

describe("who sees what", () => {
  it("needs a sign-in", async () => {
    const res = await world.app.inject({ method: "GET", url: "/api/orderAssist/catTotal" });
    expect(res.statusCode).toBe(401);
  });

  it("bad ids and bodies are 400 with a reason", async () => {
    expect((await get("/api/orderAssist/sales/0")).statusCode).toBe(400);
    expect((await get("/api/orderAssist/sales/abc")).statusCode).toBe(400);
    expect((await get("/api/products/getSuggestedProducts/99999999999")).statusCode).toBe(400);
    const empty = await post("/api/orderAssist/stockInTransit", { productIds: [] });
    expect(empty.statusCode).toBe(400);
    expect((await post("/api/products/suggestedProducts", { category: "x" })).statusCode).toBe(400);
  });

  it("a store without point-of-sale sales (the stockist) gets nothing to assist, no date", async () => {
    const totals = (await get("/api/orderAssist/catTotal", stockist)).json();
    expect(totals).toMatchObject({ asOf: null, from: null, qty: 0, amount: "0.00" });
    expect((await get("/api/products/getSuggestedProducts/1", stockist)).json().subcategories).toEqual([]);
  });

  it("another store's figures are its own (coco sells other products)", async () => {
    const mine = (await get("/api/orderAssist/catTotal")).json();
    const theirs = (await get("/api/orderAssist/catTotal", coco)).json();
    expect(theirs.asOf).toBe("2026-10-31");
    expect(theirs.amount).not.toBe(mine.amount);
    const cocoIds = (await get("/api/products/getSuggestedProducts/1", coco))
      .json()
      .subcategories.flatMap((s: { groups: { children: { id: number }[] }[] }) =>
        s.groups.flatMap((g) => g.children.map((c) => c.id)),
      );
    expect(cocoIds).not.toContain(100077);
  });

  it("getProductList answers only products the caller may see", async () => {
    const res = await post("/api/products/getProductList", {
      productIds: [100077, HIDDEN_PRODUCTS.inactive, 100100],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([100077, 100100]);
  });
});

describe("adding suggestions to the cart", () => {
  it("adds the selected products with their quantities through the cart's rules", async () => {
    const userId = await userIdOf(world, "franchisee@demo.in");
    const res = await post("/api/orderAssist/addToCart", {
      products: [
        { id: 100077, qty: 19 },
        { id: 100123, qty: 19 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.productsAddedToCart);
    expect(await storedCart(world, userId)).toMatchObject({ 100077: 19, 100123: 19 });
  });

  it("a product the caller may not see is refused and nothing is added", async () => {
    const res = await post("/api/orderAssist/addToCart", {
      products: [
        { id: 100100, qty: 30 },
        { id: HIDDEN_PRODUCTS.inactive, qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(404);
    const userId = await userIdOf(world, "franchisee@demo.in");
    expect((await storedCart(world, userId))[100100]).toBeUndefined();
  });

  it("without a quantity: the spec's message", async () => {
    const res = await post("/api/orderAssist/addToCart", { products: [{ id: 100100, qty: 0 }] });
    expect(res.json()).toEqual({ message: messages.selectQuantity });
  });

  it("past 300 lines: the order-assist cart-limit message", async () => {
    const products = Array.from({ length: 301 }, (_, i) => ({ id: 200_000 + i, qty: 1 }));
    const res = await post("/api/orderAssist/addToCart", { products });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        "Number of products you are trying to add exceeds cart limit of 300 products. Please try adding products for required subcategories or individual products.",
    });
  });
});
