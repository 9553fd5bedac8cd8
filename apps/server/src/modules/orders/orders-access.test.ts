import { FOOD_SUBCATEGORY_IDS, messages, onlyLeftInWarehouse, warehouseNotMapped } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subcategoryTypes } from "../../db/schema";
import type { TestWorld } from "../../test/harness";
import {
  billingAddress,
  createPartner,
  type Headers,
  newKey,
  orderBody,
  orderCount,
  orderWorld,
  placeOrder,
  shippingAddress,
  stockOf,
  stockUp,
} from "../../test/order-test-kit";
import { type CatalogueProduct, HIDDEN_PRODUCTS, STOCKIST_BLOCKED_BRAND_ID } from "../../test/test-facts";

const kit = orderWorld();
const { db, place, byId, freshOwned } = kit;
let world: TestWorld;
let catalogue: CatalogueProduct[];
let franchisee: Headers;
let stockist: Headers;
beforeAll(() => {
  ({ world, catalogue, franchisee, stockist } = kit.get());
});

describe("POST /api/order: who may order what", () => {
  it("answers 403 to a partner without canOrder", async () => {
    await createPartner(db(), { email: "no-order@test.in", canOrder: false, warehouses: [2] });
    const headers = await world.signIn("no-order@test.in");
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 10);
    const res = await place(headers, orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Ordering is not enabled for your account." });
    expect((await stockOf(db(), product.id, 2)).stock).toBe(10);
  });

  it("refuses the order of a warehouse the partner is not mapped to, and places the others", async () => {
    const [x, y] = [freshOwned(), freshOwned()] as [CatalogueProduct, CatalogueProduct];
    await stockUp(db(), x.id, 3, 10);
    await stockUp(db(), y.id, 2, 10);
    const res = await place(
      stockist,
      orderBody([
        { wh: 3, products: [{ id: x.id, qty: 1 }] },
        { wh: 2, products: [{ id: y.id, qty: 1 }] },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0]).toEqual({
      status: 400,
      wh: 3,
      message: warehouseNotMapped(3),
    });
    expect(res.json().result[1]).toMatchObject({ status: 200, wh: 2 });
    expect((await stockOf(db(), x.id, 3)).stock).toBe(10);
  });

  it("refuses products the partner may not see", async () => {
    const food = catalogue.find(
      (p) =>
        (FOOD_SUBCATEGORY_IDS as readonly number[]).includes(p.subcategoryId) &&
        p.b2bIsActive &&
        Number(p.retailerMargin) > 0,
    );
    if (!food) throw new Error("no food product in the test world");
    // The stockist blocks one brand and one subcategory type (601: Sleeveless); the small world may hold only the type.
    const [sleeveless] = await db()
      .select({ id: subcategoryTypes.id })
      .from(subcategoryTypes)
      .where(and(eq(subcategoryTypes.subcategoryId, 601), eq(subcategoryTypes.name, "Sleeveless")));
    const blockedForStockist = catalogue.find(
      (p) =>
        (p.brandId === STOCKIST_BLOCKED_BRAND_ID || p.subcategoryTypeId === sleeveless?.id) &&
        p.b2bIsActive &&
        Number(p.retailerMargin) > 0,
    );
    if (!blockedForStockist) throw new Error("no product the stockist's rules block");
    await stockUp(db(), food.id, 2, 10);
    await stockUp(db(), blockedForStockist.id, 2, 10);
    for (const [headers, id] of [
      [franchisee, HIDDEN_PRODUCTS.inactive],
      [franchisee, HIDDEN_PRODUCTS.zeroMargin],
      [franchisee, 999_999],
      [stockist, food.id],
      [stockist, blockedForStockist.id],
    ] as const) {
      const res = await place(headers, orderBody([{ wh: 2, products: [{ id, qty: 1 }] }]));
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toEqual([{ status: 400, wh: 2, message: messages.productNotFound }]);
    }
    // The franchisee has a food licence and no rules.
    for (const id of [food.id, blockedForStockist.id]) {
      const ok = await place(franchisee, orderBody([{ wh: 2, products: [{ id, qty: 1 }] }]));
      expect(ok.statusCode).toBe(200);
    }
  });

  it("refuses a product the partner may see but the warehouse does not hold for its stock, not as unknown", async () => {
    const held = HIDDEN_PRODUCTS.unmappedWarehouse;
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: held, qty: 1 }] }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toEqual([
      { status: 400, wh: 2, message: onlyLeftInWarehouse(byId(held).name, 0, "Pune") },
    ]);
  });

  it("shows a purchase order to its owner only", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 10);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]));
    const poid = res.json().result[0].poid;
    expect((await world.app.inject({ url: `/api/order/${poid}`, headers: franchisee })).statusCode).toBe(200);
    const other = await world.app.inject({ url: `/api/order/${poid}`, headers: stockist });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Order not found" });
    expect((await world.app.inject({ url: "/api/order/PO-000000-1T", headers: franchisee })).statusCode).toBe(
      404,
    );
    expect((await world.app.inject({ url: `/api/order/${poid}` })).statusCode).toBe(401);
  });
});

describe("POST /api/order: bad requests are 400 with a reason", () => {
  const good = () => orderBody([{ wh: 2, products: [{ id: 100_001, qty: 1 }] }]);
  const withShipping = (patch: object) => ({ ...good(), shippingAddress: { ...shippingAddress, ...patch } });
  const withBilling = (patch: object) => ({ ...good(), billingAddress: { ...billingAddress, ...patch } });
  const withLine = (patch: object) => ({
    ...good(),
    orders: [{ wh: 2, products: [{ id: 100_001, qty: 1, ...patch }] }],
  });

  const cases: [string, unknown, string | null, RegExp | string][] = [
    ["no Idempotency-Key", good(), null, /Idempotency-Key header is required/],
    ["a short Idempotency-Key", good(), "abc", /Idempotency-Key header must be 8 to 100/],
    ["an Idempotency-Key with spaces", good(), "not a good key", /Idempotency-Key header must be/],
    ["no warehouse order", { ...good(), orders: [] }, newKey(), messages.selectWarehouse],
    ["no orders at all", { shippingAddress, billingAddress }, newKey(), messages.selectWarehouse],
    ["orders that are not a list", { ...good(), orders: "2" }, newKey(), messages.selectWarehouse],
    [
      "no shipping address",
      { orders: good().orders, billingAddress },
      newKey(),
      `${messages.fillRequiredFields}: shippingAddress is required`,
    ],
    [
      "a 5-digit pincode",
      withShipping({ pincode: "41100" }),
      newKey(),
      `${messages.fillRequiredFields}: shippingAddress.pincode must be 6 digits`,
    ],
    ["a short phone", withShipping({ phone: "98220" }), newKey(), /shippingAddress\.phone must be 10 digits/],
    ["an empty city", withShipping({ city: "  " }), newKey(), /shippingAddress\.city is required/],
    [
      "an unknown state",
      withShipping({ state: "Atlantis" }),
      newKey(),
      /shippingAddress\.state must be a state/,
    ],
    [
      "an empty billing name",
      withBilling({ name: "" }),
      newKey(),
      /^Please fill-up required fields: billingAddress\.name is required/,
    ],
    [
      "a bad GSTIN",
      withBilling({ gstNo: "XYZ" }),
      newKey(),
      /billingAddress\.gstNo must be a 15-character GSTIN/,
    ],
    ["a quantity of 0", withLine({ qty: 0 }), newKey(), /orders\.0\.products\.0\.qty must be at least 1/],
    ["a fractional quantity", withLine({ qty: 1.5 }), newKey(), /qty must be a whole number/],
    ["a quantity that is not a number", withLine({ qty: "lots" }), newKey(), /qty must be a number/],
    ["a quantity beyond 500", withLine({ qty: 501 }), newKey(), /qty must be at most 500/],
    ["a negative product id", withLine({ id: -4 }), newKey(), /id must be at least 1/],
    [
      "a warehouse order without products",
      { ...good(), orders: [{ wh: 2, products: [] }] },
      newKey(),
      /at least one product/,
    ],
    [
      "the same warehouse twice",
      { ...good(), orders: [...good().orders, ...good().orders] },
      newKey(),
      /warehouse 2 is listed twice/,
    ],
    [
      "the same product twice",
      {
        ...good(),
        orders: [
          {
            wh: 2,
            products: [
              { id: 100_001, qty: 1 },
              { id: 100_001, qty: 2 },
            ],
          },
        ],
      },
      newKey(),
      /product 100001 is listed twice/,
    ],
    [
      "a warehouse that is not a number",
      { ...good(), orders: [{ wh: "Pune", products: [{ id: 1, qty: 1 }] }] },
      newKey(),
      /wh must be a number/,
    ],
    ["a list for a body", [good()], newKey(), /./],
  ];

  it.each(cases)("refuses %s", async (_what, body, key, expected) => {
    const before = await orderCount(db());
    const res = await place(franchisee, body, key);
    expect(res.statusCode).toBe(400);
    const { message } = res.json();
    if (typeof expected === "string") expect(message).toBe(expected);
    else expect(message).toMatch(expected);
    expect(await orderCount(db())).toBe(before);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/order",
      headers: { ...franchisee, "idempotency-key": newKey(), "content-type": "application/json" },
      payload: "{orders:",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request body is not valid JSON.");
  });

  it("answers 401 without a session", async () => {
    const res = await placeOrder(world.app, { authorization: "" }, good());
    expect(res.statusCode).toBe(401);
  });
});
