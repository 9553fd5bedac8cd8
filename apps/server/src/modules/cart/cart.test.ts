import type { CartItem, CartUpdateResponse } from "@portal/contracts";
import {
  CART_LIMIT,
  cartParentKey,
  FOOD_SUBCATEGORY_IDS,
  itemsAddedOrUpdated,
  itemsDeletedFromCart,
  messages,
  SERVICEABILITY_STOCK_TYPES,
  warehouseNotMapped,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "../../db/schema";
import { type Headers, requests, serves, storedCart, userIdOf, visibleIds } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { type CatalogueProduct, HIDDEN_PRODUCTS, loadCatalogue, pick, sellable } from "../../test/test-facts";

let world: TestWorld;
let api: ReturnType<typeof requests>;
let catalogue: CatalogueProduct[];
let franchisee: Headers;
let stockist: Headers;
let kiosk: Headers;
let franchiseeId: number;
let stockistId: number;
/** Owned-group products both partners see (no serviceability question). */
let shared: number[];
/** Products the franchisee may put in the cart (visible, and serviceable for 411001). */
let franchiseeCartable: number[];

const needsPincode = (p: CatalogueProduct) =>
  (SERVICEABILITY_STOCK_TYPES as readonly string[]).includes(p.stockType);
const byId = (id: number) => catalogue.find((p) => p.id === id) as CatalogueProduct;

beforeAll(async () => {
  world = await createTestWorld({ products: 600 });
  api = requests(world);
  catalogue = await loadCatalogue(world);
  [franchisee, stockist, kiosk] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
    world.signIn("kiosk@demo.in"),
  ]);
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
  stockistId = await userIdOf(world, "stockist@demo.in");
  const all = catalogue.filter(sellable).map((p) => p.id);
  const [seenByFranchisee, seenByStockist] = await Promise.all([
    visibleIds(world, franchisee, all),
    visibleIds(world, stockist, all),
  ]);
  const stockistSees = new Set(seenByStockist);
  shared = seenByFranchisee.filter((id) => stockistSees.has(id) && !needsPincode(byId(id)));
  franchiseeCartable = [];
  for (const id of seenByFranchisee) {
    const p = byId(id);
    if (!needsPincode(p) || (await serves(world, p.brandId, "411001"))) franchiseeCartable.push(id);
  }
});
afterAll(() => world.close());

async function emptyCarts() {
  await world.database.db.delete(cartItems);
}

const items = (res: { json(): unknown }) => (res.json() as { products: CartItem[] }).products;

describe("GET /api/users/cart and PUT /api/users/cart/update", () => {
  it("starts empty and adds a product with parent, stock type, MRP and warehouse from the catalogue", async () => {
    await emptyCarts();
    expect((await api.getCart(stockist)).json()).toEqual({ products: [] });
    const id = shared[0]!;
    const res = await api.update(stockist, {
      mode: "add",
      // What the client says about parent, MRP, stock type and warehouse is ignored.
      products: [{ id, qty: 3, parent: "forged", mrp: "1.00", stockType: "DropShipment", whId: 104 }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CartUpdateResponse;
    expect(body.message).toBe(messages.productAddedToCart);
    expect(body.added).toEqual([id]);
    const p = byId(id);
    expect(body.products).toEqual([
      {
        id,
        productId: id,
        qty: 3,
        parent: cartParentKey(p),
        stockType: p.stockType,
        mrp: p.mrp,
        whId: expect.any(Number),
      },
    ]);
    expect([2, 7]).toContain(body.products[0]?.whId);
    expect(p.stockedIn).toContain(body.products[0]?.whId);
    expect(items(await api.getCart(stockist))).toEqual(body.products);
  });

  it("refuses to add a product already in the cart, with the spec's two messages, and writes nothing", async () => {
    const id = shared[0]!;
    const same = await api.update(stockist, { mode: "add", products: [{ id, qty: 3 }] });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: messages.alreadyInCartSameQuantity });
    const other = await api.update(stockist, { mode: "add", products: [{ id, qty: 5 }] });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: messages.alreadyInCart });
    expect(await storedCart(world, stockistId)).toEqual({ [id]: 3 });
  });

  it("updates only a changed quantity: the same quantity again is refused", async () => {
    const id = shared[0]!;
    const same = await api.update(stockist, { products: [{ id, qty: 3 }] });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(messages.alreadyInCartSameQuantity);
    const changed = await api.update(stockist, { products: [{ id, qty: 150 }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: messages.productUpdatedInCart,
      added: [],
      updated: [id],
      unchanged: [],
    });
    expect(await storedCart(world, stockistId)).toEqual({ [id]: 150 });
  });

  it("answers the spec's messages for several products added, updated, or both", async () => {
    await emptyCarts();
    const [a, b, c, d] = shared;
    const added = await api.update(stockist, {
      mode: "add",
      products: [
        { id: a, qty: 1 },
        { id: b, qty: 2 },
      ],
    });
    expect(added.json().message).toBe(messages.productsAddedToCart);
    const updated = await api.update(stockist, {
      products: [
        { id: a, qty: 4 },
        { id: b, qty: 5 },
      ],
    });
    expect(updated.json().message).toBe(messages.productsUpdatedInCart);
    const mixed = await api.update(stockist, {
      products: [
        { id: a, qty: 4 },
        { id: b, qty: 6 },
        { id: c, qty: 7 },
        { id: d, qty: 8 },
      ],
    });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toMatchObject({
      message: itemsAddedOrUpdated(3),
      added: [c, d],
      updated: [b],
      unchanged: [a],
    });
    expect(await storedCart(world, stockistId)).toEqual({ [a!]: 4, [b!]: 6, [c!]: 7, [d!]: 8 });
  });

  it.each([
    [{}, messages.selectQuantity],
    [{ qty: null }, messages.selectQuantity],
    [{ qty: 0 }, messages.selectQuantity],
    [
      { qty: 51 },
      "Quantity 51 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
    ],
    [
      { qty: 2.5 },
      "Quantity 2.5 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
    ],
    [
      { qty: 550 },
      "Quantity 550 is not one of the offered quantities (1 to 50, then 100 to 500 in steps of 50)",
    ],
  ])("refuses quantity %j: %s", async (qty, message) => {
    await emptyCarts();
    const res = await api.update(stockist, { products: [{ id: shared[0], ...qty }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await storedCart(world, stockistId)).toEqual({});
  });

  it("accepts every offered step above 50 (100 to 500 by 50)", async () => {
    await emptyCarts();
    const res = await api.update(stockist, { products: [{ id: shared[0], qty: 500 }] });
    expect(res.statusCode).toBe(200);
  });

  it("keeps hidden products out with 404 naming them, and writes nothing of the request", async () => {
    await emptyCarts();
    const hidden = Object.values(HIDDEN_PRODUCTS);
    const res = await api.update(franchisee, {
      products: [{ id: shared[0], qty: 1 }, ...hidden.map((id) => ({ id, qty: 1 }))],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `${messages.productNotFound} (${hidden.join(", ")})` });
    expect(await storedCart(world, franchiseeId)).toEqual({});
    const missing = await api.update(franchisee, { products: [{ id: 99_999_999, qty: 1 }] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`${messages.productNotFound} (99999999)`);
  });

  it("lets only the food-licence franchisee put a food product in the cart", async () => {
    await emptyCarts();
    const food = pick(
      catalogue,
      "food product in warehouse 2 or 7 without drop-ship stock",
      (p) =>
        sellable(p) &&
        (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcategoryId) &&
        p.stockedIn.some((w) => w === 2 || w === 7) &&
        !needsPincode(p),
    );
    const refused = await api.update(stockist, { products: [{ id: food.id, qty: 1 }] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(`${messages.productNotFound} (${food.id})`);
    expect((await api.update(franchisee, { products: [{ id: food.id, qty: 1 }] })).statusCode).toBe(200);
  });

  it("keeps out a product stocked only in warehouses the caller is not mapped to", async () => {
    const farAway = pick(
      catalogue,
      "product stocked only in warehouses 3 and 5",
      (p) => sellable(p) && p.stockedIn.every((w) => w === 3 || w === 5) && franchiseeCartable.includes(p.id),
    );
    expect((await api.update(stockist, { products: [{ id: farAway.id, qty: 1 }] })).statusCode).toBe(404);
  });

  it("adds drop-ship and credit-vendor items only when their brand delivers to the caller's pincode", async () => {
    await emptyCarts();
    const stockistSees = new Set(
      await visibleIds(
        world,
        stockist,
        catalogue.filter((p) => sellable(p) && needsPincode(p)).map((p) => p.id),
      ),
    );
    const candidates = catalogue.filter((p) => stockistSees.has(p.id));
    let notServed: CatalogueProduct | undefined;
    let served: CatalogueProduct | undefined;
    for (const p of candidates) {
      if (await serves(world, p.brandId, "560001")) served ??= p;
      else notServed ??= p;
    }
    if (!notServed || !served)
      throw new Error("the test world lacks drop-ship products on both sides of 560001");
    const refused = await api.update(stockist, {
      products: [
        { id: served.id, qty: 1 },
        { id: notServed.id, qty: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: messages.productNotServiceable });
    expect(await storedCart(world, stockistId)).toEqual({});
    const accepted = await api.update(stockist, { products: [{ id: served.id, qty: 1 }] });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().products[0].stockType).toBe(served.stockType);
  });
});

describe("removing and emptying", () => {
  it("removes the caller's items and says how many; a product not in the cart is 404", async () => {
    await emptyCarts();
    const [a, b, c] = shared;
    await api.update(stockist, {
      products: [
        { id: a, qty: 1 },
        { id: b, qty: 2 },
        { id: c, qty: 3 },
      ],
    });
    const res = await api.remove(stockist, { productIds: [a, 99_999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: itemsDeletedFromCart(1),
      removed: [a],
      notInCart: [99_999_999],
    });
    expect(items(res).map((i) => i.id)).toEqual([b, c]);
    const missing = await api.remove(stockist, { productIds: [a] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: messages.notInCart });
    const two = await api.remove(stockist, { productIds: [b, c] });
    expect(two.json()).toMatchObject({ message: "2 Item has been deleted from your Cart", products: [] });
  });

  it("empties the cart", async () => {
    await api.update(stockist, { products: shared.slice(0, 3).map((id) => ({ id, qty: 1 })) });
    const res = await api.clear(stockist);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: itemsDeletedFromCart(3), products: [] });
    expect(await storedCart(world, stockistId)).toEqual({});
  });
});

describe("one partner never reads or changes another's cart", () => {
  it("keeps carts apart through every call", async () => {
    await emptyCarts();
    const [a, b] = shared;
    await api.update(franchisee, {
      products: [
        { id: a, qty: 2 },
        { id: b, qty: 3 },
      ],
    });
    expect(items(await api.getCart(stockist))).toEqual([]);
    const removal = await api.remove(stockist, { productIds: [a, b] });
    expect(removal.statusCode).toBe(404);
    expect(removal.json().message).toBe(messages.notInCart);
    expect((await api.clear(stockist)).json().message).toBe(itemsDeletedFromCart(0));
    // The stockist adding the same product makes its own line.
    await api.update(stockist, { mode: "add", products: [{ id: a, qty: 9 }] });
    expect((await api.refresh(stockist)).json().data.products.map((l: { id: number }) => l.id)).toEqual([a]);
    expect((await api.exportCsv(stockist)).body).toBe(`productId,quantity\r\n${a},9\r\n`);
    expect(await storedCart(world, franchiseeId)).toEqual({ [a!]: 2, [b!]: 3 });
    expect(await storedCart(world, stockistId)).toEqual({ [a!]: 9 });
  });
});

describe("the cart limit of 300 lines", () => {
  it("fills to 300, refuses the 301st and any request that would pass the limit, and still updates", async () => {
    await emptyCarts();
    expect(franchiseeCartable.length).toBeGreaterThan(CART_LIMIT);
    const tooMany = await api.update(franchisee, {
      products: franchiseeCartable.slice(0, CART_LIMIT + 1).map((id) => ({ id, qty: 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: messages.cartLimit });
    expect(await storedCart(world, franchiseeId)).toEqual({});

    const full = await api.update(franchisee, {
      products: franchiseeCartable.slice(0, CART_LIMIT).map((id) => ({ id, qty: 1 })),
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().message).toBe(messages.productsAddedToCart);
    expect(items(full)).toHaveLength(CART_LIMIT);

    const extra = franchiseeCartable[CART_LIMIT]!;
    const refused = await api.update(franchisee, { mode: "add", products: [{ id: extra, qty: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: messages.cartLimit });
    expect(Object.keys(await storedCart(world, franchiseeId))).toHaveLength(CART_LIMIT);

    const change = await api.update(franchisee, { products: [{ id: franchiseeCartable[0], qty: 2 }] });
    expect(change.statusCode).toBe(200);
  });

  it("lets only one of two simultaneous additions take the last free line", async () => {
    await emptyCarts();
    await api.update(franchisee, {
      products: franchiseeCartable.slice(0, CART_LIMIT - 1).map((id) => ({ id, qty: 1 })),
    });
    const [x, y] = franchiseeCartable.slice(CART_LIMIT - 1);
    const answers = await Promise.all([
      api.update(franchisee, { mode: "add", products: [{ id: x, qty: 1 }] }),
      api.update(franchisee, { mode: "add", products: [{ id: y, qty: 1 }] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const rows = await world.database.db.select().from(cartItems).where(eq(cartItems.userId, franchiseeId));
    expect(rows).toHaveLength(CART_LIMIT);
  });
});

describe("export", () => {
  it("answers the cart as a CSV attachment", async () => {
    await emptyCarts();
    const [a, b] = shared;
    await api.update(stockist, {
      products: [
        { id: a, qty: 5 },
        { id: b, qty: 100 },
      ],
    });
    const res = await api.exportCsv(stockist);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="cart.csv"');
    expect(res.body).toBe(`productId,quantity\r\n${a},5\r\n${b},100\r\n`);
  });

  it("exports an empty cart as the header only", async () => {
    expect((await api.exportCsv(kiosk)).body).toBe("productId,quantity\r\n");
  });
});

describe("bad requests are 400 with a reason, never 500", () => {
  it.each([
    ["no body", undefined, "Please send the products to add or update, as { products: [{ id, qty }] }."],
    [
      "a list for a body",
      [{ id: 100010, qty: 1 }],
      "Please send the products to add or update, as { products: [{ id, qty }] }.",
    ],
    ["empty object", {}, "products must be a list of { id, qty }"],
    ["products not a list", { products: "100001" }, "products must be a list of { id, qty }"],
    ["empty list", { products: [] }, "products: Please Select At Least 1 Product To Proceed To Cart"],
    ["item without id", { products: [{ qty: 1 }] }, "products.0.id: id must be a number"],
    ["id not a number", { products: [{ id: "abc", qty: 1 }] }, "products.0.id: id must be a number"],
    ["negative id", { products: [{ id: -4, qty: 1 }] }, "products.0.id: id must be positive"],
    ["id too large", { products: [{ id: 2 ** 40, qty: 1 }] }, "products.0.id: id is too large"],
    ["qty as text", { products: [{ id: 100010, qty: "five" }] }, "products.0.qty: qty must be a number"],
    [
      "unknown mode",
      { mode: "replace", products: [{ id: 100010, qty: 1 }] },
      'mode: Invalid option: expected one of "add"|"update"',
    ],
    [
      "the same product twice",
      {
        products: [
          { id: 100010, qty: 1 },
          { id: 100010, qty: 2 },
        ],
      },
      "products: product 100010 is listed more than once",
    ],
  ])("PUT update: %s", async (_what, body, message) => {
    const res = await api.update(stockist, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it("names the empty list with the spec's message", async () => {
    expect((await api.update(stockist, { products: [] })).json().message).toContain(
      messages.selectAtLeastOneProduct,
    );
  });

  it("tells a removal without a body what to send", async () => {
    const res = await api.remove(stockist, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Please send the products to delete, as { productIds: [id, …] }.",
    });
  });

  it.each([
    ["no body", undefined],
    ["empty list", { productIds: [] }],
    ["ids as text", { productIds: ["x"] }],
    ["not a list", { productIds: 5 }],
  ])("POST removeCartItems: %s", async (_what, body) => {
    const res = await api.remove(stockist, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each([
    ["a warehouse not mapped to the caller", { products: [], wh: [104] }, warehouseNotMapped(104)],
    ["wh as text", { wh: "2" }, null],
    ["products not ids", { products: ["a"] }, null],
  ])("POST /api/cart: %s", async (_what, body, message) => {
    const res = await api.refresh(stockist, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await world.app.inject({
      method: "PUT",
      url: "/api/users/cart/update",
      headers: { ...stockist, "content-type": "application/json" },
      payload: '{"products": [',
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ["GET", "/api/users/cart"],
    ["PUT", "/api/users/cart/update"],
    ["POST", "/api/users/cart/removeCartItems"],
    ["DELETE", "/api/users/cart"],
    ["POST", "/api/cart"],
    ["GET", "/api/users/cart/export"],
    ["POST", "/api/users/cart/upload"],
    ["POST", "/api/products/checkServiceableProducts"],
    ["POST", "/api/products/serviceability"],
  ] as const)("%s %s needs a signed-in user", async (method, url) => {
    const res = await world.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
  });
});
