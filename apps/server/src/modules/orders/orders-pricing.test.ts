/** Order placement: the server prices every line, and splits orders per warehouse and stock type. */
import type { PurchaseOrder } from "@portal/contracts";
import {
  estimatedShippingDays,
  messages,
  ORDER_ID_LETTER,
  paiseToDecimal,
  priceUnit,
  priceUnitPaise,
  STOCK_TYPES,
  type StockType,
  sumPaise,
  toPaise,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { gstRates } from "../../db/schema";
import type { TestWorld } from "../../test/harness";
import {
  billingAddress,
  type Headers,
  orderBody,
  orderCount,
  orderWorld,
  placedOrders,
  productsOfType,
  shippingAddress,
  stockUp,
} from "../../test/order-test-kit";
import { type CatalogueProduct, GST_EDGE_PRODUCTS } from "../../test/test-facts";

const kit = orderWorld();
const { db, place, byId, freshOwned } = kit;
let world: TestWorld;
let catalogue: CatalogueProduct[];
let franchisee: Headers;
let stockist: Headers;
let franchiseeId: number;
beforeAll(() => {
  ({ world, catalogue, franchisee, stockist, franchiseeId } = kit.get());
});

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
    // MRP 1499 at 30% margin: cost 1049.30, clothing at most 1050 is 5%: base 999.33, unit GST 49.97.
    // The line is taxed on its whole taxable value (the tax engine): 3 × 999.33 = 2997.99 at 5% is
    // 149.90 (74.95 + 74.95), so the line is 3147.89, as its invoice line will be.
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: jacket().id,
        mrp: "1499.00",
        actualPrice: "1049.30",
        baseCost: "999.33",
        orderedQuantity: 3,
        quantity: 3,
        totalPrice: "3147.89",
        totalBase: "2997.99",
        gstRate: "5.00",
        cgstRate: "2.50",
        sgstRate: "2.50",
        igstRate: "0.00",
        cgst: "74.95",
        sgst: "74.95",
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
      totalCgst: "74.95",
      totalSgst: "74.95",
      totalIgst: "0.00",
      couponDiscount: "0.00",
      netPayment: "3147.89",
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
      totalPrice: "3147.89",
      cgstRate: "0.00",
      sgstRate: "0.00",
      igstRate: "5.00",
      cgst: "0.00",
      sgst: "0.00",
      igst: "149.90",
    });
    expect(order).toMatchObject({
      totalIgst: "149.90",
      totalCgst: "0.00",
      totalSgst: "0.00",
      netPayment: "3147.89",
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
      // the line's tax is its whole taxable value × rate (half up), not the unit's tax × quantity
      const taxable = paise.baseCost * qty;
      const tax = (taxable * paise.rate * 2n + 10000n) / 20000n;
      const cgst = (tax + 1n) / 2n;
      expect(line).toMatchObject({
        actualPrice: unit.netCost,
        baseCost: unit.baseCost,
        gstRate: unit.gstRate,
        cgstRate: unit.cgstRate,
        sgstRate: unit.sgstRate,
        totalPrice: paiseToDecimal(taxable + tax),
        totalBase: paiseToDecimal(taxable),
        cgst: paiseToDecimal(cgst),
        sgst: paiseToDecimal(tax - cgst),
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
