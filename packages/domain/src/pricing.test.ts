import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimatedShippingDays, ORDER_ID_LETTER, warehouseGroupOf } from "./catalogue";
import { QUANTITY_CHOICES } from "./constants";
import { gstTypeFor } from "./gst";
import { toPaise } from "./money";
import { priceUnit, priceUnitPaise } from "./pricing";

const base = { shipToState: "Maharashtra", warehouseState: "Maharashtra" };

describe("priceUnit", () => {
  it("prices a toy within Maharashtra: CGST + SGST", () => {
    const p = priceUnit({
      ...base,
      mrp: "1000.00",
      retailerMargin: "30.00",
      hsnCode: "9503",
      hsnIgstRate: "12.00",
    });
    // ctc = 700.00; base = 700 / 1.12 = 625.00; GST 75.00 split 37.50 + 37.50
    expect(p).toMatchObject({
      ctc: "700.00",
      baseCost: "625.00",
      vat: "75.00",
      netCost: "700.00",
      margin: "300.00",
      gstType: "CGST/SGST",
      gstRate: "12.00",
      cgstRate: "6.00",
      sgstRate: "6.00",
      igstRate: "0.00",
      cgst: "37.50",
      sgst: "37.50",
      igst: "0.00",
    });
  });

  it("uses IGST across states", () => {
    const p = priceUnit({
      mrp: "1000.00",
      retailerMargin: "30.00",
      hsnCode: "9503",
      hsnIgstRate: "12.00",
      shipToState: "Karnataka",
      warehouseState: "Maharashtra",
    });
    expect(p).toMatchObject({
      gstType: "IGST",
      igst: "75.00",
      cgst: "0.00",
      sgst: "0.00",
      igstRate: "12.00",
    });
  });

  it.each([
    // clothing: 5% when unit cost to customer is at most 1050, else 12%
    ["6110", "1499.00", "30.00", "5.00", "1049.30"],
    ["6110", "1500.00", "30.00", "5.00", "1050.00"],
    ["6110", "1501.00", "30.00", "12.00", "1050.70"],
    ["6209", "1599.00", "30.00", "12.00", "1119.30"],
    ["6302", "999.00", "20.00", "5.00", "799.20"],
    // footwear: 5% when MRP is at most 500, else 18%
    ["6404", "499.00", "30.00", "5.00", "349.30"],
    ["6402", "500.00", "30.00", "5.00", "350.00"],
    ["6404", "500.01", "30.00", "18.00", "350.01"],
    ["6404", "549.00", "30.00", "18.00", "384.30"],
    // everything else: the HSN table's rate
    ["1901", "450.00", "15.00", "18.00", "382.50"],
    ["9503", "799.00", "25.00", "12.00", "599.25"],
    ["4901", "250.00", "20.00", "0.00", "200.00"],
  ])("HSN %s at MRP %s, margin %s%% -> GST %s%% (cost %s)", (hsnCode, mrp, retailerMargin, rate, ctc) => {
    const tableRate = hsnCode.startsWith("64") ? "18.00" : hsnCode.startsWith("6") ? "12.00" : rate;
    const p = priceUnit({ ...base, mrp, retailerMargin, hsnCode, hsnIgstRate: tableRate });
    expect(p.gstRate).toBe(rate);
    expect(p.ctc).toBe(ctc);
  });

  it("rounds to paise at each of the spec's steps", () => {
    const p = priceUnit({
      ...base,
      mrp: "299.00",
      retailerMargin: "33.33",
      hsnCode: "3401",
      hsnIgstRate: "18.00",
    });
    // ctc = 299 × 0.6667 = 199.3433 -> 199.34; base = 199.34 / 1.18 = 168.9322 -> 168.93; GST 30.4074 -> 30.41
    expect(p).toMatchObject({ ctc: "199.34", baseCost: "168.93", vat: "30.41", netCost: "199.34" });
  });

  it("refuses a margin above 100% or a negative MRP", () => {
    expect(() =>
      priceUnit({ ...base, mrp: "100.00", retailerMargin: "101", hsnCode: "9503", hsnIgstRate: "12" }),
    ).toThrow();
    expect(() =>
      priceUnit({ ...base, mrp: "-1.00", retailerMargin: "10", hsnCode: "9503", hsnIgstRate: "12" }),
    ).toThrow();
  });
});

const amount = fc.integer({ min: 1, max: 5_000_000 }).map((p) => (p / 100).toFixed(2));
const margin = fc.integer({ min: 0, max: 9999 }).map((bp) => (bp / 100).toFixed(2));
const hsn = fc.constantFrom("6110", "6209", "6302", "6404", "6402", "1901", "9503", "3401", "4901", "8715");
const tableRate = fc.constantFrom("0.00", "5.00", "12.00", "18.00", "28.00");

describe("pricing properties", () => {
  it("net cost equals base plus GST, within a paisa of the cost to customer, nothing negative", () => {
    fc.assert(
      fc.property(amount, margin, hsn, tableRate, fc.boolean(), (mrp, m, hsnCode, rate, sameState) => {
        const p = priceUnitPaise({
          mrp,
          retailerMargin: m,
          hsnCode,
          hsnIgstRate: rate,
          shipToState: "Maharashtra",
          warehouseState: sameState ? "Maharashtra" : "Delhi",
        });
        expect(p.netCost).toBe(p.baseCost + p.gst);
        expect(p.netCost - p.ctc <= 1n && p.ctc - p.netCost <= 1n).toBe(true);
        for (const v of [p.ctc, p.baseCost, p.gst, p.cgst, p.sgst, p.igst, p.netCost])
          expect(v >= 0n).toBe(true);
        expect(p.ctc <= toPaise(mrp)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("CGST + SGST equals the IGST amount for the same rate", () => {
    fc.assert(
      fc.property(amount, margin, hsn, tableRate, (mrp, m, hsnCode, rate) => {
        const input = { mrp, retailerMargin: m, hsnCode, hsnIgstRate: rate, shipToState: "Delhi" };
        const same = priceUnitPaise({ ...input, warehouseState: "Delhi" });
        const other = priceUnitPaise({ ...input, warehouseState: "Karnataka" });
        expect(same.cgst + same.sgst).toBe(other.igst);
        expect(same.netCost).toBe(other.netCost);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("states, shipping, groups and quantities", () => {
  it("compares states loosely", () => {
    expect(gstTypeFor("Tamil Nadu", "tamilnadu")).toBe("CGST/SGST");
    expect(gstTypeFor("Delhi", "Haryana")).toBe("IGST");
  });

  it.each([
    [24, "OwnedStock", 4],
    [24, "CreditWHStock", 4],
    [0, "OwnedStock", 3],
    [1, "OwnedStock", 4],
    [24, "DropShipment", 6],
    [48, "JustInTime", 7],
    [0, "CreditVendorStock", 5],
  ])("%i ship hours of %s -> %i days", (hours, type, days) => {
    expect(estimatedShippingDays(hours, type)).toBe(days);
  });

  it.each([
    [2, "OwnedStock", "owned"],
    [7, "CreditWHStock", "owned"],
    [5, "DropShipment", "dropship"],
    [3, "JustInTime", "dropship"],
    [2, "CreditVendorStock", "dropship"],
    [99, "OwnedStock", "stockist"],
    [101, "DropShipment", "stockist"],
  ])("warehouse %i with %s is in the %s group", (wh, type, group) => {
    expect(warehouseGroupOf(wh, type)).toBe(group);
  });

  it("ends order ids with the stock type's letter", () => {
    expect(ORDER_ID_LETTER).toEqual({
      OwnedStock: "T",
      CreditWHStock: "N",
      JustInTime: "J",
      CreditVendorStock: "K",
      DropShipment: "D",
    });
  });

  it("offers quantities 1 to 50, then 100 to 500 in steps of 50", () => {
    expect(QUANTITY_CHOICES.slice(0, 3)).toEqual([1, 2, 3]);
    expect(QUANTITY_CHOICES).toContain(50);
    expect(QUANTITY_CHOICES).not.toContain(51);
    expect(QUANTITY_CHOICES.slice(50)).toEqual([100, 150, 200, 250, 300, 350, 400, 450, 500]);
  });
});
