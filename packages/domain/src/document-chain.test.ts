import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cancelledGap,
  deliveredOrder,
  deliveredUnitsOf,
  lineColumns,
  orderColumns,
  orderGstTypeFrom,
  orderTotals,
  restatedLine,
  restatedOrder,
} from "./document-chain";
import { paiseToDecimal } from "./money";
import { storedLineAt } from "./pricing";

const quilt = { baseCost: "217.71", gstRate: "5.00", mrp: "349.00" };
const oil = { baseCost: "112.99", gstRate: "18.00", mrp: "199.00" };
const order = { gstType: "CGST/SGST", shippingChargeAmount: "250.00", couponDiscount: "0.00" };

describe("restatedLine", () => {
  it.each([
    // line, quantity, regime, taxable, cgst, sgst, igst, total
    [quilt, 8, "CGST/SGST", "1741.68", "43.54", "43.54", "0.00", "1828.76"],
    [quilt, 7, "CGST/SGST", "1523.97", "38.10", "38.10", "0.00", "1600.17"],
    [quilt, 7, "IGST", "1523.97", "0.00", "0.00", "76.20", "1600.17"],
    // 338.97 × 18% = 61.0146 → 61.01: the odd paisa to CGST
    [oil, 3, "CGST/SGST", "338.97", "30.51", "30.50", "0.00", "399.98"],
    [oil, 0, "CGST/SGST", "0.00", "0.00", "0.00", "0.00", "0.00"],
  ] as const)("%o × %i under %s", (line, quantity, regime, taxable, cgst, sgst, igst, total) => {
    expect(lineColumns(restatedLine(line, quantity, regime))).toEqual({
      quantity,
      totalBase: taxable,
      cgst,
      sgst,
      igst,
      totalPrice: total,
    });
  });

  it("is the tax engine's stored line at any quantity (what the invoice and data file print)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.constantFrom("0.00", "5.00", "12.00", "18.00", "28.00"),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom("CGST/SGST", "IGST") as fc.Arbitrary<"CGST/SGST" | "IGST">,
        (paise, gstRate, quantity, regime) => {
          const line = { baseCost: paiseToDecimal(BigInt(paise)), gstRate, mrp: "999.00" };
          const restated = restatedLine(line, quantity, regime);
          const engine = storedLineAt(line, quantity, regime);
          expect(restated.totalBase).toBe(engine.taxable);
          expect([restated.cgst, restated.sgst, restated.igst]).toEqual([
            engine.cgst,
            engine.sgst,
            engine.igst,
          ]);
          expect(restated.totalPrice).toBe(engine.total);
          expect(restated.cgst + restated.sgst + restated.igst + restated.totalBase).toBe(
            restated.totalPrice,
          );
        },
      ),
    );
  });

  it("reads the older regime name as today's", () => {
    expect(orderGstTypeFrom("CGST+SGST")).toBe("CGST/SGST");
    expect(orderGstTypeFrom("IGST")).toBe("IGST");
  });
});

describe("orderTotals", () => {
  it("sums the lines; netPayment is the goods less the coupon, the shipping charge beside them", () => {
    const totals = orderTotals(
      [
        restatedLine(quilt, 7, "CGST/SGST"),
        restatedLine(quilt, 3, "CGST/SGST"),
        restatedLine(oil, 0, "CGST/SGST"),
      ],
      25_000n,
      1_000n,
    );
    expect(orderColumns(totals)).toEqual({
      totalItems: 2,
      totalQuantity: 10,
      totalMrp: "3490.00",
      totalBase: "2177.10",
      totalCgst: "54.43",
      totalSgst: "54.43",
      totalIgst: "0.00",
      netPayment: "2275.96",
    });
    expect(paiseToDecimal(totals.invoiced)).toBe("2525.96");
  });
});

describe("restatedOrder and deliveredOrder", () => {
  const lines = [
    { id: 1, ...quilt, orderedQuantity: 8, quantity: 8 },
    { id: 2, ...quilt, orderedQuantity: 3, quantity: 3 },
  ];

  it("a part-confirm restates each line at its confirmed quantity and the totals from them", () => {
    const { lines: restated, totals } = restatedOrder(order, lines, (l) => (l.id === 1 ? 7 : l.quantity));
    expect(restated.map((r) => paiseToDecimal(r.amounts.totalPrice))).toEqual(["1600.17", "685.79"]);
    expect(paiseToDecimal(totals.netPayment)).toBe("2285.96");
    expect(paiseToDecimal(totals.invoiced)).toBe("2535.96");
  });

  it("a short delivery restates the lines at the delivered units; netPayment stays the shipped value", () => {
    const shipped = [
      { id: 1, ...oil, orderedQuantity: 4, quantity: 4, shipped: 4, delivered: 3 },
      { id: 2, ...quilt, orderedQuantity: 2, quantity: 2, shipped: 2, delivered: 2 },
    ];
    const { lines: restated, totals, shortValue } = deliveredOrder(order, shipped);
    expect(restated.map((r) => r.amounts.quantity)).toEqual([3, 2]);
    expect(paiseToDecimal(totals.base)).toBe("774.39");
    // 4 × oil (533.31) + 2 × quilt (457.19) as invoiced; the one short oil is credited at 133.33.
    expect(paiseToDecimal(totals.netPayment)).toBe("990.50");
    expect(paiseToDecimal(shortValue)).toBe("133.33");
  });

  it("a cancelled order's gap is every unit it ordered", () => {
    expect(cancelledGap(lines)).toBe(11);
  });

  it("a line's delivered units: its proof of delivery's count, else all once Delivered, else none", () => {
    expect(deliveredUnitsOf({ deliveredQuantity: 2, quantity: 3 }, "Delivered")).toBe(2);
    expect(deliveredUnitsOf({ deliveredQuantity: 0, quantity: 3 }, "Delivered")).toBe(0);
    expect(deliveredUnitsOf({ deliveredQuantity: null, quantity: 3 }, "Delivered")).toBe(3);
    expect(deliveredUnitsOf({ deliveredQuantity: null, quantity: 3 }, "Shipped")).toBe(0);
    expect(deliveredUnitsOf({ deliveredQuantity: null, quantity: 3 }, "Pending")).toBe(0);
  });
});
