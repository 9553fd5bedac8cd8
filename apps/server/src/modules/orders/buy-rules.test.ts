/**
 * Every rule that decides whether a partner may buy a product (the product's ordering flag and the
 * rest of visibility, mapping, food licence, the partner's rules, serviceability, the partner's
 * ordering flag) holds on every path that buys it: cart add, cart update, cart upload, the cart's
 * allocation, order again (gap reorder takes the same road) and order placement. One table: each
 * rule × each path, with the message the partner sees there.
 */
import { FOOD_SUBCATEGORY_IDS, messages, warehouseNotMapped } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, productStock, products, serviceablePincodes, users } from "../../db/schema";
import { requests } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import {
  createPartner,
  type Headers,
  orderBody,
  orderCount,
  placeOrder,
  productsOfType,
  putInCart,
  stockUp,
  userIdOf,
} from "../../test/order-test-kit";
import { type CatalogueProduct, loadCatalogue, STOCKIST_BLOCKED_BRAND_ID } from "../../test/test-facts";

const STOCKIST = "stockist@demo.in";
const STOCKIST_PINCODE = "560001";
/** A warehouse of the stockist's mapping (owned: no group minimum), and one that is not (the franchisee's). */
const MAPPED_WH = 2;
const UNMAPPED_WH = 3;

let world: TestWorld;
let plain: CatalogueProduct[];

beforeAll(async () => {
  world = await createTestWorld();
  plain = productsOfType(await loadCatalogue(world), "OwnedStock", 8);
});
afterAll(() => world.close());

const db = () => world.database.db;
const api = () => requests(world);

const setProduct = (id: number, values: Partial<typeof products.$inferInsert>) =>
  db()
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .then(() => undefined);

/** What a partner sees on one path when a product is refused for one rule. */
interface Refusal {
  /** Cart add and cart update: the status and message of the whole request. */
  cart: { status: number; message: string };
  /** Cart upload: the dropped row's reason. */
  upload: string;
  /** The cart's allocation (POST /api/cart): the line's problem. */
  allocation: string;
  /** Order again: the line's message. */
  reorder: string;
  /** Order placement: the warehouse order's message. */
  order: string;
}

const hidden = (id: number): Refusal => ({
  cart: { status: 404, message: `${messages.productNotFound} (${id})` },
  upload: messages.productNotFound,
  allocation: messages.productNotFound,
  reorder: messages.productNotAvailable,
  order: messages.productNotFound,
});

const RULES: {
  rule: string;
  breakRule: (id: number) => Promise<void>;
  refusal: (id: number) => Refusal;
  /** The warehouse the order names (mapping: one outside the partner's mapping). */
  orderFrom?: number;
}[] = [
  {
    rule: "the product's ordering flag (b2bIsActive)",
    breakRule: (id) => setProduct(id, { b2bIsActive: false }),
    refusal: hidden,
  },
  {
    rule: "mapping (stock only outside the partner's warehouses)",
    breakRule: async (id) => {
      await db().delete(productStock).where(eq(productStock.productId, id));
      await stockUp(db(), id, UNMAPPED_WH, 500);
    },
    refusal: (id) => ({ ...hidden(id), order: warehouseNotMapped(UNMAPPED_WH) }),
    orderFrom: UNMAPPED_WH,
  },
  {
    rule: "food licence",
    breakRule: (id) => setProduct(id, { subcategoryId: FOOD_SUBCATEGORY_IDS[0] }),
    refusal: hidden,
  },
  {
    rule: "the partner's rules (a blocked brand)",
    breakRule: (id) => setProduct(id, { brandId: STOCKIST_BLOCKED_BRAND_ID }),
    refusal: hidden,
  },
  {
    rule: "serviceability (drop-ship brand not delivering to the pincode)",
    breakRule: async (id) => {
      await setProduct(id, { stockType: "DropShipment" });
      const [row] = await db()
        .select({ brandId: products.brandId })
        .from(products)
        .where(eq(products.id, id));
      await db()
        .delete(serviceablePincodes)
        .where(
          and(
            eq(serviceablePincodes.brandId, row?.brandId ?? 0),
            eq(serviceablePincodes.pincode, STOCKIST_PINCODE),
          ),
        );
    },
    refusal: () => ({
      cart: { status: 400, message: messages.productNotServiceable },
      upload: `${messages.productNotServiceable} for pincode ${STOCKIST_PINCODE}`,
      allocation: messages.productNotServiceable,
      reorder: messages.productNotServiceable,
      order: messages.productNotServiceable,
    }),
  },
];

/**
 * Makes the product buyable from the mapped warehouse only, orders one of it (so that there is an
 * order to order again), and empties the cart. Returns the purchase order id.
 */
async function buyableWithAnOrder(headers: Headers, id: number): Promise<string> {
  await db().delete(productStock).where(eq(productStock.productId, id));
  await stockUp(db(), id, MAPPED_WH, 500);
  const placed = await placeOrder(
    world.app,
    headers,
    orderBody([{ wh: MAPPED_WH, products: [{ id, qty: 1 }] }]),
  );
  expect(placed.statusCode).toBe(200);
  const poid: string = placed.json().result[0].poid;
  await emptyCart(headers);
  return poid;
}

async function emptyCart(headers: Headers) {
  expect((await api().clear(headers)).statusCode).toBe(200);
}

async function cartOf(email: string) {
  const userId = await userIdOf(db(), email);
  const rows = await db()
    .select({ productId: cartItems.productId, qty: cartItems.qty })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return rows;
}

const reorder = (headers: Headers, poid: string) =>
  world.app.inject({ method: "POST", url: `/api/order/${poid}/reorder?mode=all`, headers });

describe("a product the partner may not buy", () => {
  let headers: Headers;
  beforeAll(async () => {
    headers = await world.signIn(STOCKIST);
  });

  it("is bought on every path while every rule holds (the control)", async () => {
    const product = plain[7];
    if (!product) throw new Error("no plain product");
    const poid = await buyableWithAnOrder(headers, product.id);
    const add = await api().update(headers, { products: [{ id: product.id, qty: 1 }], mode: "add" });
    expect(add.json().message).toBe(messages.productAddedToCart);
    const update = await api().update(headers, { products: [{ id: product.id, qty: 2 }] });
    expect(update.json().message).toBe(messages.productUpdatedInCart);
    const line = (await api().refresh(headers)).json().data.products[0];
    expect(line).toMatchObject({ id: product.id, available: true, problem: null, allocatedQty: 2 });
    await emptyCart(headers);
    const upload = (await api().upload(headers, "cart.csv", `productId,quantity\n${product.id},3\n`)).json();
    expect(upload).toMatchObject({ added: [{ row: 2, productId: product.id, qty: 3 }], dropped: [] });
    await emptyCart(headers);
    const again = (await reorder(headers, poid)).json();
    expect(again.lines).toEqual([
      expect.objectContaining({ productId: product.id, outcome: "added", added: 1 }),
    ]);
    const order = await placeOrder(
      world.app,
      headers,
      orderBody([{ wh: MAPPED_WH, products: [{ id: product.id, qty: 1 }] }]),
    );
    expect(order.statusCode).toBe(200);
    expect(order.json().result[0]).toMatchObject({ status: 200, wh: MAPPED_WH });
  });

  for (const [i, { rule, breakRule, refusal, orderFrom }] of RULES.entries()) {
    describe(rule, () => {
      let id: number;
      let poid: string;
      let expected: Refusal;
      beforeAll(async () => {
        id = plain[i]?.id ?? 0;
        poid = await buyableWithAnOrder(headers, id);
        await breakRule(id);
        expected = refusal(id);
      });

      it("is refused by cart add", async () => {
        await emptyCart(headers);
        const res = await api().update(headers, { products: [{ id, qty: 1 }], mode: "add" });
        expect({ status: res.statusCode, message: res.json().message }).toEqual(expected.cart);
        expect(await cartOf(STOCKIST)).toEqual([]);
      });

      it("is refused by cart update of a line already in the cart", async () => {
        const product = plain[i];
        if (!product) throw new Error("no plain product");
        await emptyCart(headers);
        await putInCart(db(), await userIdOf(db(), STOCKIST), product, 1);
        const res = await api().update(headers, { products: [{ id, qty: 2 }], mode: "update" });
        expect({ status: res.statusCode, message: res.json().message }).toEqual(expected.cart);
        expect(await cartOf(STOCKIST)).toEqual([{ productId: id, qty: 1 }]);
      });

      it("marks the line in the cart's allocation, which allocates none of it", async () => {
        const res = await api().refresh(headers);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.products).toEqual([
          expect.objectContaining({
            id,
            available: false,
            problem: expected.allocation,
            allocation: [],
            allocatedQty: 0,
          }),
        ]);
      });

      it("is dropped by cart upload", async () => {
        await emptyCart(headers);
        const res = await api().upload(headers, "cart.csv", `productId,quantity\n${id},1\n`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          added: [],
          dropped: [{ row: 2, text: `${id},1`, reason: expected.upload }],
        });
        expect(await cartOf(STOCKIST)).toEqual([]);
      });

      it("is refused by order again", async () => {
        await emptyCart(headers);
        const res = await reorder(headers, poid);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          added: 0,
          lines: [{ productId: id, outcome: "refused", added: 0, message: expected.reorder }],
        });
        expect(await cartOf(STOCKIST)).toEqual([]);
      });

      it("is refused by order placement, which writes nothing", async () => {
        const before = await orderCount(db());
        const wh = orderFrom ?? MAPPED_WH;
        const res = await placeOrder(world.app, headers, orderBody([{ wh, products: [{ id, qty: 1 }] }]));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: messages.orderFailedRetry,
          result: [{ status: 400, wh, message: expected.order }],
        });
        expect(await orderCount(db())).toBe(before);
      });
    });
  }
});

describe("a partner without the ordering flag (canOrder)", () => {
  const EMAIL = "no-order@example.com";
  let headers: Headers;
  let poid: string;
  let productId: number;
  const forbidden = { status: 403, message: messages.orderingDisabled };
  const answer = (res: { statusCode: number; json: () => { message: string } }) => ({
    status: res.statusCode,
    message: res.json().message,
  });

  beforeAll(async () => {
    // May order at first (to have an order to order again and a line in the cart), then loses the flag.
    await createPartner(db(), { email: EMAIL, canOrder: true, warehouses: [MAPPED_WH] });
    headers = await world.signIn(EMAIL);
    const product = plain[6];
    if (!product) throw new Error("no plain product");
    productId = product.id;
    poid = await buyableWithAnOrder(headers, productId);
    await putInCart(db(), await userIdOf(db(), EMAIL), product, 1);
    await db().update(users).set({ canOrder: false }).where(eq(users.email, EMAIL));
  });

  it("is refused by cart add", async () => {
    const other = plain[5]?.id ?? 0;
    expect(answer(await api().update(headers, { products: [{ id: other, qty: 1 }], mode: "add" }))).toEqual(
      forbidden,
    );
  });

  it("is refused by cart update", async () => {
    expect(answer(await api().update(headers, { products: [{ id: productId, qty: 2 }] }))).toEqual(forbidden);
    expect(await cartOf(EMAIL)).toEqual([{ productId, qty: 1 }]);
  });

  it("is refused by the cart's allocation", async () => {
    expect(answer(await api().refresh(headers))).toEqual(forbidden);
  });

  it("is refused by cart upload", async () => {
    // The partner may upload carts, so the refusal is the ordering flag's.
    await db().update(users).set({ canCartUpload: true }).where(eq(users.email, EMAIL));
    expect(answer(await api().upload(headers, "cart.csv", `productId,quantity\n${productId},5\n`))).toEqual(
      forbidden,
    );
    expect(await cartOf(EMAIL)).toEqual([{ productId, qty: 1 }]);
  });

  it("is refused by order again", async () => {
    expect(answer(await reorder(headers, poid))).toEqual(forbidden);
  });

  it("is refused by order placement, which writes nothing", async () => {
    const userId = await userIdOf(db(), EMAIL);
    const before = await orderCount(db(), userId);
    const res = await placeOrder(
      world.app,
      headers,
      orderBody([{ wh: MAPPED_WH, products: [{ id: productId, qty: 1 }] }]),
    );
    expect(answer(res)).toEqual(forbidden);
    expect(await orderCount(db(), userId)).toBe(before);
    expect(before).toBe(1);
  });
});
