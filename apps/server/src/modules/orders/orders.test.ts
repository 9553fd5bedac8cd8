import type { PurchaseOrder } from "@portal/contracts";
import {
  estimatedShippingDays,
  FOOD_SUBCATEGORY_IDS,
  messages,
  ORDER_ID_LETTER,
  onlyLeftInWarehouse,
  paiseToDecimal,
  priceUnit,
  priceUnitPaise,
  STOCK_TYPES,
  type StockType,
  sumPaise,
  toPaise,
  warehouseNotMapped,
} from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstRates, products, subcategoryTypes } from "../../db/schema";
import { STOCKIST_BLOCKED_BRAND_ID } from "../../seed/brands-data";
import { createTestWorld, type TestWorld } from "../../test/harness";
import {
  type CatalogueProduct,
  GST_EDGE_PRODUCTS,
  HIDDEN_PRODUCTS,
  loadCatalogue,
} from "../products/test-facts";
import {
  billingAddress,
  cartOf,
  createPartner,
  type Headers,
  linesOfProduct,
  newKey,
  orderBody,
  orderCount,
  placeOrder,
  plainProduct,
  productsOfType,
  putInCart,
  shippingAddress,
  stockOf,
  stockUp,
  userIdOf,
} from "./order-test-kit";

let world: TestWorld;
let catalogue: CatalogueProduct[];
let franchisee: Headers;
let stockist: Headers;
let franchiseeId: number;

beforeAll(async () => {
  world = await createTestWorld();
  catalogue = await loadCatalogue(world);
  franchisee = await world.signIn("franchisee@demo.in");
  stockist = await world.signIn("stockist@demo.in");
  franchiseeId = await userIdOf(world.database.db, "franchisee@demo.in");
});
afterAll(() => world.close());

const db = () => world.database.db;
const place = (headers: Headers, body: unknown, key?: string | null) =>
  placeOrder(world.app, headers, body, key);
const byId = (id: number) => {
  const p = catalogue.find((c) => c.id === id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
};

/** Plain owned products handed out one per use, so tests never share stock. */
let nextOwned = 0;
function freshOwned(): CatalogueProduct {
  const all = productsOfType(catalogue, "OwnedStock", 40);
  const p = all[nextOwned++];
  if (!p) throw new Error("ran out of plain owned products");
  return p;
}

const placedOrders = (json: { result: { status: number; order?: PurchaseOrder }[] }) =>
  json.result.flatMap((r) => (r.status === 200 && r.order ? [r.order] : []));

describe("POST /api/order: the server prices every line", () => {
  const jacket = () => byId(GST_EDGE_PRODUCTS.clothingCostBelow1050);

  it("charges CGST + SGST to the franchisee in Maharashtra ordering from Pune, ignoring the client's prices", async () => {
    await stockUp(db(), jacket().id, 2, 60);
    const { phone: _phone, ...billingWithoutPhone } = billingAddress;
    const res = await place(
      franchisee,
      orderBody([{ wh: 2, products: [{ id: jacket().id, qty: 3, actualPrice: 1, totalPrice: 3 }] }]),
    );
    expect(res.statusCode).toBe(200);
    const [result] = res.json().result;
    expect(result).toMatchObject({ status: 200, wh: 2 });
    expect(result.poid).toMatch(/^PO-\d{6}-\d+T$/);
    const order: PurchaseOrder = result.order;
    // MRP 1499 at 30% margin: cost 1049.30, clothing at most 1050 is 5%: base 999.33, GST 49.97 (24.99 + 24.98).
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: jacket().id,
        mrp: "1499.00",
        actualPrice: "1049.30",
        baseCost: "999.33",
        orderedQuantity: 3,
        quantity: 3,
        totalPrice: "3147.90",
        totalBase: "2997.99",
        gstRate: "5.00",
        cgstRate: "2.50",
        sgstRate: "2.50",
        igstRate: "0.00",
        cgst: "74.97",
        sgst: "74.94",
        igst: "0.00",
        stockType: "OwnedStock",
        isReturnable: true,
      }),
    ]);
    expect(order).toMatchObject({
      poid: result.poid,
      warehouseId: 2,
      warehouseName: "Pune",
      warehouseGroup: "owned",
      stockType: "OwnedStock",
      status: "Pending",
      gstType: "CGST/SGST",
      totalItems: 1,
      totalQuantity: 3,
      totalMrp: "4497.00",
      totalBase: "2997.99",
      totalCgst: "74.97",
      totalSgst: "74.94",
      totalIgst: "0.00",
      couponDiscount: "0.00",
      netPayment: "3147.90",
      // Owned group: at least the minimum (0) but below the shipping limit (20000).
      shippingCharge: true,
      gapReport: 0,
      docketNo: null,
      shippingAddress: { ...shippingAddress },
      billingAddress: { ...billingWithoutPhone },
    });
  });

  it("charges IGST to the stockist in Karnataka ordering from Pune", async () => {
    const res = await place(stockist, orderBody([{ wh: 2, products: [{ id: jacket().id, qty: 3 }] }]));
    expect(res.statusCode).toBe(200);
    const order: PurchaseOrder = res.json().result[0].order;
    expect(order.gstType).toBe("IGST");
    expect(order.lines[0]).toMatchObject({
      actualPrice: "1049.30",
      totalPrice: "3147.90",
      cgstRate: "0.00",
      sgstRate: "0.00",
      igstRate: "5.00",
      cgst: "0.00",
      sgst: "0.00",
      igst: "149.91",
    });
    expect(order).toMatchObject({
      totalIgst: "149.91",
      totalCgst: "0.00",
      totalSgst: "0.00",
      netPayment: "3147.90",
    });
  });

  it("adds the totals up exactly in paise over many lines, each line priced like the catalogue", async () => {
    const chosen = [freshOwned(), freshOwned(), freshOwned(), freshOwned(), freshOwned(), jacket()];
    for (const p of chosen) await stockUp(db(), p.id, 2, 100);
    const quantities = [1, 7, 13, 2, 50, 9];
    const res = await place(
      franchisee,
      orderBody([{ wh: 2, products: chosen.map((p, i) => ({ id: p.id, qty: quantities[i] ?? 1 })) }]),
    );
    expect(res.statusCode).toBe(200);
    const [order] = placedOrders(res.json());
    if (!order) throw new Error("no order placed");
    expect(order.lines).toHaveLength(chosen.length);
    const rates = await db().select().from(gstRates);
    for (const [i, p] of chosen.entries()) {
      const line = order.lines.find((l) => l.productId === p.id);
      const qty = BigInt(quantities[i] ?? 1);
      const rate = rates.find((r) => r.hsnCode === p.hsnCode);
      const input = {
        mrp: p.mrp,
        retailerMargin: p.retailerMargin,
        hsnCode: p.hsnCode,
        hsnIgstRate: rate?.igst ?? "0",
        shipToState: "Maharashtra",
        warehouseState: "Maharashtra",
      };
      const unit = priceUnit(input);
      const paise = priceUnitPaise(input);
      expect(line).toMatchObject({
        actualPrice: unit.netCost,
        baseCost: unit.baseCost,
        gstRate: unit.gstRate,
        cgstRate: unit.cgstRate,
        sgstRate: unit.sgstRate,
        totalPrice: paiseToDecimal(paise.netCost * qty),
        totalBase: paiseToDecimal(paise.baseCost * qty),
        cgst: paiseToDecimal(paise.cgst * qty),
        sgst: paiseToDecimal(paise.sgst * qty),
        igst: "0.00",
      });
    }
    const sum = (pick: (l: PurchaseOrder["lines"][number]) => string) =>
      paiseToDecimal(sumPaise(order.lines.map((l) => toPaise(pick(l)))));
    expect(order.totalBase).toBe(sum((l) => l.totalBase));
    expect(order.totalCgst).toBe(sum((l) => l.cgst));
    expect(order.totalSgst).toBe(sum((l) => l.sgst));
    expect(order.netPayment).toBe(sum((l) => l.totalPrice));
    expect(order.totalMrp).toBe(
      paiseToDecimal(sumPaise(order.lines.map((l) => toPaise(l.mrp) * BigInt(l.orderedQuantity)))),
    );
    expect(toPaise(order.netPayment)).toBe(
      toPaise(order.totalBase) +
        toPaise(order.totalCgst) +
        toPaise(order.totalSgst) +
        toPaise(order.totalIgst),
    );
    expect(order.totalQuantity).toBe(quantities.reduce((a, b) => a + b, 0));
    expect(order.totalItems).toBe(chosen.length);
  });
});

describe("POST /api/order: purchase orders per warehouse and stock type", () => {
  it("writes one purchase order per stock type, each id ending with its type's letter", async () => {
    const oneOfEach = STOCK_TYPES.map((type) => productsOfType(catalogue, type, 1)[0] as CatalogueProduct);
    for (const p of oneOfEach) await stockUp(db(), p.id, 2, 20);
    const before = Date.now();
    const res = await place(
      franchisee,
      orderBody([{ wh: 2, products: oneOfEach.map((p) => ({ id: p.id, qty: 2 })) }]),
    );
    expect(res.statusCode).toBe(200);
    const orders = placedOrders(res.json());
    expect(orders.map((o) => o.stockType).sort()).toEqual([...STOCK_TYPES].sort());
    expect(new Set(orders.map((o) => o.placementId)).size).toBe(1);
    expect(new Set(orders.map((o) => o.poid)).size).toBe(STOCK_TYPES.length);
    for (const order of orders) {
      const type = order.stockType as StockType;
      expect(order.poid.endsWith(ORDER_ID_LETTER[type])).toBe(true);
      expect(order.warehouseGroup).toBe(
        type === "OwnedStock" || type === "CreditWHStock" ? "owned" : "dropship",
      );
      expect(order.lines).toHaveLength(1);
      expect(order.lines[0]?.stockType).toBe(type);
      const product = oneOfEach.find((p) => p.stockType === type);
      const days = estimatedShippingDays(product?.minimumShipHours ?? 0, type);
      expect(new Date(order.maxShipDate).getTime() - new Date(order.createdAt).getTime()).toBe(
        days * 86_400_000,
      );
      expect(new Date(order.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      // Read back as stored.
      const got = await world.app.inject({ url: `/api/order/${order.poid}`, headers: franchisee });
      expect(got.statusCode).toBe(200);
      expect(got.json()).toEqual(order);
    }
  });

  it("refuses stockist orders below the stockist minimum of 6000 and places them at or above it", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 101, 500);
    const rate = (await db().select().from(gstRates).where(eq(gstRates.hsnCode, product.hsnCode)))[0];
    const unit = priceUnitPaise({
      mrp: product.mrp,
      retailerMargin: product.retailerMargin,
      hsnCode: product.hsnCode,
      hsnIgstRate: rate?.igst ?? "0",
      shipToState: "Maharashtra",
      warehouseState: "Maharashtra",
    });
    const below = Number((toPaise(6000) - 1n) / unit.netCost);
    const enough = Number(toPaise(6000) / unit.netCost) + 1;
    expect(enough).toBeLessThanOrEqual(500);

    const ordersBefore = await orderCount(db(), franchiseeId);
    if (below > 0) {
      const refused = await place(
        franchisee,
        orderBody([{ wh: 101, products: [{ id: product.id, qty: below }] }]),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(messages.orderFailedRetry);
      expect(refused.json().result).toEqual([
        {
          status: 400,
          wh: 101,
          message: expect.stringMatching(/^Stockist orders need a total of at least ₹6,000\.00/),
        },
      ]);
      expect(await orderCount(db(), franchiseeId)).toBe(ordersBefore);
    }
    const placed = await place(
      franchisee,
      orderBody([{ wh: 101, products: [{ id: product.id, qty: enough }] }]),
    );
    expect(placed.statusCode).toBe(200);
    const [order] = placedOrders(placed.json());
    expect(order).toMatchObject({ warehouseId: 101, warehouseGroup: "stockist", shippingCharge: false });
    expect(toPaise(order?.netPayment ?? "0")).toBeGreaterThanOrEqual(toPaise(6000));
  });

  it("sets the shipping-charge flag only while the owned total is below the shipping limit of 20000", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 500);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 500 }] }]));
    expect(res.statusCode).toBe(200);
    const [order] = placedOrders(res.json());
    expect(order?.shippingCharge).toBe(toPaise(order?.netPayment ?? "0") < toPaise(20000));
    const cheap = freshOwned();
    await stockUp(db(), cheap.id, 2, 10);
    const small = await place(franchisee, orderBody([{ wh: 2, products: [{ id: cheap.id, qty: 1 }] }]));
    expect(placedOrders(small.json())[0]?.shippingCharge).toBe(true);
  });
});

describe("POST /api/order: stock", () => {
  it("takes the ordered quantity off the warehouse's stock and the product's current stock", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 25);
    const before = await stockOf(db(), product.id, 2);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 7 }] }]));
    expect(res.statusCode).toBe(200);
    expect(await stockOf(db(), product.id, 2)).toEqual({ stock: 18, currentStock: before.currentStock - 7 });
  });

  it("refuses a warehouse order with a line beyond stock whole, writing nothing, and still places the other warehouse's order", async () => {
    const [a, b, c] = [freshOwned(), freshOwned(), freshOwned()] as [
      CatalogueProduct,
      CatalogueProduct,
      CatalogueProduct,
    ];
    await stockUp(db(), a.id, 2, 10);
    await stockUp(db(), b.id, 2, 3);
    await stockUp(db(), c.id, 5, 10);
    await putInCart(db(), franchiseeId, a, 2);
    await putInCart(db(), franchiseeId, b, 5);
    await putInCart(db(), franchiseeId, c, 1);
    const ordersBefore = await orderCount(db(), franchiseeId);

    const res = await place(
      franchisee,
      orderBody([
        {
          wh: 2,
          products: [
            { id: a.id, qty: 2 },
            { id: b.id, qty: 5 },
          ],
        },
        { wh: 5, products: [{ id: c.id, qty: 1 }] },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result).toHaveLength(2);
    expect(result[0]).toEqual({ status: 400, wh: 2, message: `${b.name} has only 3 left in Pune` });
    expect(result[1]).toMatchObject({ status: 200, wh: 5 });

    expect((await stockOf(db(), a.id, 2)).stock).toBe(10);
    expect((await stockOf(db(), b.id, 2)).stock).toBe(3);
    expect((await stockOf(db(), c.id, 5)).stock).toBe(9);
    expect(await orderCount(db(), franchiseeId)).toBe(ordersBefore + 1);
    expect(await linesOfProduct(db(), a.id)).toEqual([]);
    const cart = await cartOf(db(), franchiseeId);
    expect(cart.get(a.id)).toBe(2);
    expect(cart.get(b.id)).toBe(5);
    expect(cart.has(c.id)).toBe(false);
  });

  it("answers 400 with every reason when no warehouse order can be placed", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 4);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 5 }] }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: messages.orderFailedRetry,
      result: [{ status: 400, wh: 2, message: `${product.name} has only 4 left in Pune` }],
    });
    expect((await stockOf(db(), product.id, 2)).stock).toBe(4);
  });

  it("refuses a product that the chosen warehouse does not hold at its MRP", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 10);
    await stockUp(db(), product.id, 5, 0);
    const res = await place(franchisee, orderBody([{ wh: 5, products: [{ id: product.id, qty: 1 }] }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toEqual([
      { status: 400, wh: 5, message: onlyLeftInWarehouse(product.name, 0, "Mumbai") },
    ]);
  });

  it("never lets stock go below zero over repeated orders", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 5);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]))).statusCode,
      );
    expect(answers).toEqual([200, 200, 400, 400]);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(1);
  });
});

describe("POST /api/order: the cart", () => {
  it("removes what was ordered in full, reduces what was ordered in part and keeps the rest", async () => {
    const [whole, part, untouched] = [freshOwned(), freshOwned(), freshOwned()] as [
      CatalogueProduct,
      CatalogueProduct,
      CatalogueProduct,
    ];
    for (const p of [whole, part, untouched]) await stockUp(db(), p.id, 2, 30);
    await putInCart(db(), franchiseeId, whole, 5);
    await putInCart(db(), franchiseeId, part, 3);
    await putInCart(db(), franchiseeId, untouched, 4);
    const res = await place(
      franchisee,
      orderBody([
        {
          wh: 2,
          products: [
            { id: whole.id, qty: 5 },
            { id: part.id, qty: 2 },
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const cart = await cartOf(db(), franchiseeId);
    expect(cart.has(whole.id)).toBe(false);
    expect(cart.get(part.id)).toBe(1);
    expect(cart.get(untouched.id)).toBe(4);
  });
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
    expect(res.json().message).toBeTruthy();
  });

  it("answers 401 without a session", async () => {
    const res = await placeOrder(world.app, { authorization: "" }, good());
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/order: Idempotency-Key", () => {
  it("answers a retry with the first answer and creates nothing more", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    await putInCart(db(), franchiseeId, product, 6);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 3 }] }]);
    const first = await place(franchisee, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await place(franchisee, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    // The same body with its keys in another order is the same request.
    const reordered = {
      billingAddress: body.billingAddress,
      shippingAddress: body.shippingAddress,
      orders: [{ products: [{ qty: 3, id: product.id }], wh: 2 }],
    };
    const third = await place(franchisee, reordered, key);
    expect(third.json()).toEqual(first.json());
    expect(await linesOfProduct(db(), product.id)).toHaveLength(1);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(17);
    expect((await cartOf(db(), franchiseeId)).get(product.id)).toBe(3);
  });

  it("answers a retry of a refused placement with the same refusal", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 1);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]);
    const first = await place(franchisee, body, key);
    expect(first.statusCode).toBe(400);
    await stockUp(db(), product.id, 2, 10);
    const again = await place(franchisee, body, key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    expect(await linesOfProduct(db(), product.id)).toEqual([]);
  });

  it("refuses the same key with a different order", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    const key = newKey();
    expect(
      (await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]), key))
        .statusCode,
    ).toBe(200);
    const other = await place(
      franchisee,
      orderBody([{ wh: 2, products: [{ id: product.id, qty: 2 }] }]),
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: "This Idempotency-Key was already used for a different order." });
    expect(await linesOfProduct(db(), product.id)).toHaveLength(1);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(19);
  });

  it("has the database refuse stock below zero, whatever an update misses", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 1);
    await expect(
      db().execute(sql`UPDATE product_stock SET stock = stock - 2 WHERE product_id = ${product.id}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`UPDATE products SET current_stock = -1 WHERE id = ${product.id}`),
    ).rejects.toThrow();
    expect((await stockOf(db(), product.id, 2)).stock).toBe(1);
  });

  it("lets a key expire after 24 hours: the same key then places a new order", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]);
    expect((await place(franchisee, body, key)).statusCode).toBe(200);
    await db().execute(
      sql`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 minute' WHERE key = ${key}`,
    );
    const again = await place(franchisee, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect((await stockOf(db(), product.id, 2)).stock).toBe(18);
  });

  it("keeps keys per partner", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 20);
    const key = newKey();
    const body = orderBody([{ wh: 2, products: [{ id: product.id, qty: 1 }] }]);
    const mine = await place(franchisee, body, key);
    const theirs = await place(stockist, body, key);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().result[0].poid).not.toBe(mine.json().result[0].poid);
    expect((await stockOf(db(), product.id, 2)).stock).toBe(18);
  });
});

describe("the catalogue after an order", () => {
  it("shows the reduced stock at once", async () => {
    const product = freshOwned();
    await stockUp(db(), product.id, 2, 4);
    expect(plainProduct(product)).toBe(true);
    const before = await world.app.inject({ url: `/api/products/${product.id}?whId=2`, headers: franchisee });
    expect(before.statusCode).toBe(200);
    const res = await place(franchisee, orderBody([{ wh: 2, products: [{ id: product.id, qty: 4 }] }]));
    expect(res.statusCode).toBe(200);
    const [row] = await db()
      .select({ stocked: products.stockedWarehouseIds })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stocked).not.toContain(2);
  });
});
