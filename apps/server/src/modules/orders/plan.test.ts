import { purchaseRefusal, warehouseNotMapped } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { type ProductFacts, planPlacement, purchaseOrderId } from "./plan";

const product = (id: number, patch: Partial<ProductFacts> = {}): ProductFacts => ({
  id,
  name: `Product ${id}`,
  description: "",
  hsnCode: "9503",
  stockType: "OwnedStock",
  isReturnable: true,
  minimumShipHours: 24,
  mrp: "1000.00",
  retailerMargin: "20.00",
  hsnIgstRate: "12.00",
  b2bIsActive: true,
  categoryId: 4,
  subcategoryId: 407,
  brandId: 621,
  subcategoryTypeId: null,
  ...patch,
});

const warehouses = [
  { id: 2, name: "Pune", state: "Maharashtra" },
  { id: 7, name: "Bangalore", state: "Karnataka" },
  { id: 101, name: "Shree Baby Distributors", state: "Maharashtra" },
  { id: 102, name: "Deccan Kids Wholesale", state: "Telangana" },
];

const buyer = {
  canOrder: true,
  hasFoodLicense: false,
  rules: [],
  mappedWarehouseIds: warehouses.map((w) => w.id),
};

function plan(orders: { wh: number; products: { id: number; qty: number }[] }[], products: ProductFacts[]) {
  const byId = new Map(products.map((p) => [p.id, p]));
  return planPlacement({
    orders,
    shipToState: "Maharashtra",
    warehouses,
    products: byId,
    refusal: (id, wh) => {
      const product = byId.get(id);
      return product ? purchaseRefusal(buyer, { product, brandDelivers: true, from: wh }) : null;
    },
  });
}

describe("purchaseOrderId", () => {
  it.each([
    ["2026-11-01T10:00:00+05:30", 100001, "T", "PO-261101-100001T"],
    // 23:59 UTC on 31 October is already 1 November in India.
    ["2026-10-31T19:00:00Z", 100002, "D", "PO-261101-100002D"],
    ["2026-10-31T18:29:59Z", 100003, "K", "PO-261031-100003K"],
    ["2030-01-05T00:00:00+05:30", 7, "N", "PO-300105-7N"],
  ])("at %s, number %i, letter %s is %s", (at, n, letter, expected) => {
    expect(purchaseOrderId(new Date(at), n, letter)).toBe(expected);
  });
});

describe("planPlacement", () => {
  it("splits a warehouse order by stock type, in the order of the stock types", () => {
    const [order] = plan(
      [
        {
          wh: 2,
          products: [
            { id: 1, qty: 1 },
            { id: 2, qty: 2 },
            { id: 3, qty: 3 },
          ],
        },
      ],
      [product(1), product(2, { stockType: "DropShipment" }), product(3, { stockType: "OwnedStock" })],
    );
    if (order?.kind !== "planned") throw new Error("not planned");
    expect(order.purchaseOrders.map((po) => [po.stockType, po.letter, po.group, po.lines.length])).toEqual([
      ["DropShipment", "D", "dropship", 1],
      ["OwnedStock", "T", "owned", 2],
    ]);
    // Drop-ship adds 120 hours to the minimum ship hours: (24 + 120) / 24 = 6 days; owned (24 + 72) / 24 = 4.
    expect(order.purchaseOrders.map((po) => po.shippingDays)).toEqual([6, 4]);
  });

  it("prices with CGST + SGST inside the state and IGST across states", () => {
    const [pune, bangalore] = plan(
      [
        { wh: 2, products: [{ id: 1, qty: 3 }] },
        { wh: 7, products: [{ id: 2, qty: 3 }] },
      ],
      [product(1), product(2)],
    );
    if (pune?.kind !== "planned" || bangalore?.kind !== "planned") throw new Error("not planned");
    const inState = pune.purchaseOrders[0];
    const across = bangalore.purchaseOrders[0];
    // 1000 at 20% margin: cost 800.00; 12%: base 714.29 a unit. The line is taxed on its whole
    // taxable value (the tax engine): 3 × 714.29 = 2142.87 at 12% is 257.14 (128.57 + 128.57), so
    // the line is 2400.01, as the cart and the invoice line say.
    expect(inState?.gstType).toBe("CGST/SGST");
    expect(inState?.totals).toEqual({
      items: 1,
      quantity: 3,
      mrp: 300000n,
      base: 214287n,
      cgst: 12857n,
      sgst: 12857n,
      igst: 0n,
      coupon: 0n,
      netPayment: 240001n,
      // the shipping charge is set on the purchase order's row, beside the goods
      shippingCharge: 0n,
      invoiced: 240001n,
    });
    expect(across?.gstType).toBe("IGST");
    expect(across?.totals).toMatchObject({ cgst: 0n, sgst: 0n, igst: 25714n, netPayment: 240001n });
  });

  it("refuses unmapped warehouses and products the caller may not order, naming them", () => {
    const result = plan(
      [
        { wh: 3, products: [{ id: 1, qty: 1 }] },
        {
          wh: 2,
          products: [
            { id: 1, qty: 1 },
            { id: 9, qty: 1 },
          ],
        },
        { wh: 7, products: [{ id: 4, qty: 1 }] },
      ],
      [product(1), product(4, { subcategoryId: 815 })],
    );
    expect(result).toEqual([
      { kind: "refused", wh: 3, message: warehouseNotMapped(3) },
      { kind: "refused", wh: 2, message: "Product not found" },
      { kind: "refused", wh: 7, message: "Product not found" },
    ]);
  });

  it("judges the stockist minimum of 6000 on the stockist group's total across stockists", () => {
    // 10 units at 800.00 over two stockists (4000.02 + 4000.02, each line taxed whole): the group reaches 6000.
    const together = plan(
      [
        { wh: 101, products: [{ id: 1, qty: 5 }] },
        { wh: 102, products: [{ id: 2, qty: 5 }] },
      ],
      [product(1), product(2)],
    );
    expect(together.map((o) => o.kind)).toEqual(["planned", "planned"]);
    const alone = plan([{ wh: 101, products: [{ id: 1, qty: 5 }] }], [product(1)]);
    expect(alone).toEqual([
      {
        kind: "refused",
        wh: 101,
        message:
          "Stockist orders need a total of at least ₹6,000.00; the stockist orders selected total ₹4,000.02",
      },
    ]);
  });

  it("flags the shipping charge while the owned group is below 20000, across owned warehouses", () => {
    const below = plan([{ wh: 2, products: [{ id: 1, qty: 24 }] }], [product(1)]);
    const reached = plan(
      [
        { wh: 2, products: [{ id: 1, qty: 13 }] },
        { wh: 7, products: [{ id: 2, qty: 12 }] },
      ],
      [product(1), product(2)],
    );
    const flags = (orders: typeof below) =>
      orders.flatMap((o) => (o.kind === "planned" ? o.purchaseOrders.map((po) => po.shippingCharge) : []));
    expect(flags(below)).toEqual([true]); // 19200.12
    expect(flags(reached)).toEqual([false, false]); // 10400.06 + 9600.06 = 20000.12
  });
});
