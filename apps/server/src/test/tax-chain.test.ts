/**
 * One tax engine, three documents: for random prices, quantities, rates and states, an order line
 * (as placed and stored), its invoice line and its load data-file row carry the same taxable value,
 * rates and tax. Each document is built by the very function the server builds it with.
 */
import type { PlaceOrderBody } from "@portal/contracts";
import { GST_STATE_CODES, INDIAN_STATES, TAX_INVOICE, toPaise } from "@portal/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dataFileTaxColumns } from "../modules/account/service";
import type { SessionUser } from "../modules/auth/public";
import { buildDocument } from "../modules/invoices/service";
import { type ProductFacts, planPlacement } from "../modules/orders/plan";
import { purchaseOrderRows } from "../modules/orders/service";

type OrderFacts = Parameters<typeof buildDocument>[0][number];

const address = {
  name: "Store",
  address1: "1 Road",
  city: "City",
  pincode: "411001",
  phone: "9999999999",
};

/** A state as an address may spell it: as listed, squeezed, in other case, padded. */
const spelling = fc
  .tuple(fc.constantFrom(...INDIAN_STATES), fc.integer({ min: 0, max: 3 }))
  .map(([s, how]) =>
    how === 0 ? s : how === 1 ? s.replace(/ /g, "") : how === 2 ? ` ${s.toLowerCase()} ` : s.toUpperCase(),
  );
const hsn = fc.constantFrom("6110", "6209", "6302", "6404", "6402", "1901", "9503", "3401", "4901", "8715");
const tableRate = fc.constantFrom("0.00", "3.00", "5.00", "12.00", "18.00", "28.00");

function documentsOf(input: {
  mrp: string;
  margin: string;
  hsnCode: string;
  rate: string;
  qty: number;
  shipState: string;
  warehouseState: string;
  day: string;
}) {
  const product: ProductFacts = {
    id: 100001,
    name: "Thing",
    description: "",
    hsnCode: input.hsnCode,
    stockType: "OwnedStock",
    isReturnable: true,
    minimumShipHours: 24,
    mrp: input.mrp,
    retailerMargin: input.margin,
    hsnIgstRate: input.rate,
    b2bIsActive: true,
    categoryId: 4,
    subcategoryId: 407,
    brandId: 621,
    subcategoryTypeId: null,
  };
  // the order as placed: planned and turned into its stored rows by the orders service's functions
  const [planned] = planPlacement({
    orders: [{ wh: 2, products: [{ id: product.id, qty: input.qty }] }],
    shipToState: input.shipState,
    warehouses: [{ id: 2, name: "Pune", state: input.warehouseState }],
    products: new Map([[product.id, product]]),
    refusal: () => null,
  });
  if (planned?.kind !== "planned") throw new Error("not planned");
  const po = planned.purchaseOrders[0];
  if (!po) throw new Error("no purchase order");
  const body = { shippingAddress: { ...address, state: input.shipState }, billingAddress: address };
  const { row, lineRows } = purchaseOrderRows(
    "PO-260101-1T",
    2,
    po,
    {
      user: { id: 7 } as SessionUser,
      body: body as unknown as PlaceOrderBody,
      placementId: "p",
      at: new Date("2026-01-01T06:00:00Z"),
    },
    0n,
  );
  const stored = { ...lineRows[0], id: 1, poid: row.poid } as OrderFacts["lines"][number];
  // the invoice of the day, from the stored order and line (the load's invoice is built the same way)
  const facts = {
    order: row,
    user: {},
    franchise: null,
    warehouse: {
      id: 2,
      name: "Pune",
      state: input.warehouseState,
      gstNo: "27AAAAA0000A1Z5",
      address: "1 Road",
      city: "Pune",
      pincode: "411001",
    },
    lines: [stored],
  } as unknown as OrderFacts;
  const invoice = buildDocument([facts], {
    kind: TAX_INVOICE,
    number: "IM02/2526/000001",
    day: input.day,
    shipOutDate: input.day,
  });
  const [cgst, sgst, igst, gstType] = dataFileTaxColumns(stored, invoice.regime);
  return { order: row, line: stored, invoice, dataFile: { cgst, sgst, igst, gstType } };
}

/** One ₹1001 toy (HSN 9503, 12%, no margin) shipped from a warehouse's state to a state on a day. */
const toyAt = (shipState: string, warehouseState: string, day: string) =>
  documentsOf({
    mrp: "1001.00",
    margin: "0.00",
    hsnCode: "9503",
    rate: "12.00",
    qty: 1,
    shipState,
    warehouseState,
    day,
  });

describe("order line, invoice line and data-file row agree (one tax engine)", () => {
  it("carry the same taxable value, rates and tax, and the tax is taxable × rate", () => {
    fc.assert(
      fc.property(
        // an order of nothing is refused (no group minimum met): at least a rupee at most 90% margin
        fc.integer({ min: 100, max: 5_000_000 }).map((p) => (p / 100).toFixed(2)),
        fc.integer({ min: 0, max: 9000 }).map((bp) => (bp / 100).toFixed(2)),
        hsn,
        tableRate,
        fc.integer({ min: 1, max: 500 }),
        spelling,
        spelling,
        fc.constantFrom("2017-07-01", "2020-02-29", "2026-03-31"),
        (mrp, margin, hsnCode, rate, qty, shipState, warehouseState, day) => {
          const { order, line, invoice, dataFile } = documentsOf({
            mrp,
            margin,
            hsnCode,
            rate,
            qty,
            shipState,
            warehouseState,
            day,
          });
          const printed = invoice.document.lines[0];
          if (!printed) throw new Error("no invoice line");
          // the same taxable value and total
          expect(printed.taxable).toBe(line.totalBase);
          expect(printed.total).toBe(line.totalPrice);
          expect(order.netPayment).toBe(line.totalPrice);
          // the same regime and rates
          expect(printed.gstType).toBe(order.gstType);
          expect(dataFile.gstType).toBe(order.gstType);
          expect([printed.cgstRate, printed.sgstRate, printed.igstRate]).toEqual([
            line.cgstRate,
            line.sgstRate,
            line.igstRate,
          ]);
          // the same tax, split the same way
          expect([printed.cgst, printed.sgst, printed.igst]).toEqual([line.cgst, line.sgst, line.igst]);
          expect([dataFile.cgst, dataFile.sgst, dataFile.igst]).toEqual([line.cgst, line.sgst, line.igst]);
          // and that tax is the taxable value × the rate, rounded half up to the paisa
          const taxable = toPaise(line.totalBase);
          const tax = toPaise(line.cgst) + toPaise(line.sgst) + toPaise(line.igst);
          const exact = taxable * toPaise(line.gstRate); // in 1/10000 paise
          expect(tax * 10000n - exact).toBeLessThanOrEqual(5000n);
          expect(exact - tax * 10000n).toBeLessThan(5000n);
          expect(toPaise(line.cgst) - toPaise(line.sgst)).toBeGreaterThanOrEqual(0n);
          expect(toPaise(line.cgst) - toPaise(line.sgst)).toBeLessThanOrEqual(1n);
          // same state is decided by the GST state code, whatever the spelling
          const code = (s: string) =>
            Object.entries(GST_STATE_CODES).find(
              ([n]) => n.toLowerCase().replace(/ /g, "") === s.trim().toLowerCase().replace(/ /g, ""),
            )?.[1];
          expect(order.gstType).toBe(code(shipState) === code(warehouseState) ? "CGST/SGST" : "IGST");
        },
      ),
      { numRuns: 500 },
    );
  });

  it("before GST the invoice and data file charge the order's very tax as VAT or CST, with its rate", () => {
    const within = toyAt("Tamil Nadu", "TamilNadu", "2017-06-30");
    expect(within.invoice.regime).toBe("VAT");
    expect(within.invoice.document.lines[0]).toMatchObject({
      taxable: "893.75",
      vatAmount: "107.25",
      vatRate: "12.00",
      total: "1001.00",
    });
    expect(within.dataFile).toEqual({ cgst: "0.00", sgst: "0.00", igst: "0.00", gstType: "VAT" });
    const across = toyAt("Karnataka", "Maharashtra", "2017-06-30");
    expect(across.invoice.regime).toBe("CST");
    expect(across.invoice.document.lines[0]).toMatchObject({ vatAmount: "107.25", vatRate: "12.00" });
  });

  it("a ₹1001 toy at 12% in Tamil Nadu shows CGST 53.63 / SGST 53.62 on order, invoice and data file", () => {
    const d = toyAt("Tamil Nadu", "TamilNadu", "2026-01-01");
    expect(d.line).toMatchObject({ cgst: "53.63", sgst: "53.62", igst: "0.00" });
    expect(d.invoice.document.lines[0]).toMatchObject({ cgst: "53.63", sgst: "53.62", gstType: "CGST/SGST" });
    expect(d.dataFile).toEqual({ cgst: "53.63", sgst: "53.62", igst: "0.00", gstType: "CGST/SGST" });
  });
});
