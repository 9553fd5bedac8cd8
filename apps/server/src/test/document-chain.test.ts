/**
 * One document chain (issue 25, item 2): each document's amounts come from the quantities of its own
 * step. A part-confirm restates the order as its proforma invoice bills it; a cancelled order's gap
 * is every unit; a short delivery restates the lines while netPayment stays what the tax invoice
 * billed and the credit note covers the rest; the load data file carries the invoice line and the
 * credit raised for it. Documents are compared with each other, files read back (papaparse,
 * pdftotext), and the reconciliation report stays empty.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Invoice, PurchaseOrder } from "@portal/contracts";
import { paiseToDecimal, sumPaise, toPaise } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, salesReturns } from "../db/schema";
import { backOfficeKit } from "./back-office-test-kit";
import { createTestWorld, type TestWorld } from "./harness";
import { userIdOf } from "./order-test-kit";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchiseeId: number;

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  franchiseeId = await userIdOf(kit.db, "franchisee@demo.in");
}, 60_000);
afterAll(() => world.close());

const partner = (method: "GET" | "POST", url: string) =>
  world.app.inject({ method, url, headers: kit.franchisee });
const rowsOf = (csv: string) =>
  Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
const sum = (values: readonly string[]) => paiseToDecimal(sumPaise(values.map((v) => toPaise(v))));

function pdfText(body: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "chain-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, body);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

/** The order as staff and as its partner see it; both must say the same. */
async function orderViews(poid: string) {
  const staff = (await kit.call("GET", `/api/admin/orders/${poid}`)).json();
  const own = (await partner("GET", `/api/order/${poid}`)).json() as PurchaseOrder;
  expect(staff.order).toEqual(own);
  return { order: own, row: staff.row };
}

/** The reconciliation report of the franchisee: no disagreement. */
async function reconciles() {
  const report = (await kit.call("GET", `/api/admin/reconciliation?userId=${franchiseeId}`)).json();
  expect(report.disagreements).toEqual([]);
}

/** The order's totals are its lines' sums. */
function totalsAreLines(order: PurchaseOrder) {
  expect(order.totalQuantity).toBe(order.lines.reduce((n, l) => n + l.quantity, 0));
  expect(order.totalBase).toBe(sum(order.lines.map((l) => l.totalBase)));
  expect(order.totalCgst).toBe(sum(order.lines.map((l) => l.cgst)));
  expect(order.totalSgst).toBe(sum(order.lines.map((l) => l.sgst)));
  expect(order.totalIgst).toBe(sum(order.lines.map((l) => l.igst)));
  expect(order.totalMrp).toBe(
    paiseToDecimal(sumPaise(order.lines.map((l) => toPaise(l.mrp) * BigInt(l.quantity)))),
  );
}

describe("one document chain", () => {
  it("a part-confirm restates the line, the order's totals and netPayment as the proforma invoice bills them", async () => {
    const placed = await kit.order([8, 3]);
    const [first, second] = placed.products;
    if (!first || !second) throw new Error("two lines");
    const before = await orderViews(placed.poid);
    const asPlaced = before.order.lines[0];
    expect(asPlaced).toMatchObject({ orderedQuantity: 8, quantity: 8 });

    const confirmed = await kit.call("POST", `/api/admin/orders/${placed.poid}/confirm`, {
      lines: [{ productId: first.id, quantity: 7 }],
    });
    expect(confirmed.statusCode).toBe(200);
    const { order, row } = await orderViews(placed.poid);
    const proforma = (
      await partner("POST", `/api/invoice/getInvoice?orderId=${placed.poid}`)
    ).json() as Invoice;
    expect(proforma.kind).toBe("PERFORMA INVOICE");

    // The order as placed stays beside what was confirmed.
    const line = order.lines[0];
    expect(line).toMatchObject({ productId: first.id, orderedQuantity: 8, quantity: 7 });
    expect(row).toMatchObject({ orderedQuantity: 11, totalQuantity: 10, gapReport: 1 });
    expect(order.totalItems).toBe(2);
    // Each order line is its proforma line: taxable, tax and total at 7 units.
    for (const l of order.lines) {
      const billed = proforma.lines.find((p) => p.productId === l.productId);
      expect(billed?.quantity).toBe(l.quantity);
      expect(billed?.taxable).toBe(l.totalBase);
      expect([billed?.cgst, billed?.sgst, billed?.igst]).toEqual([l.cgst, l.sgst, l.igst]);
      expect(billed?.total).toBe(l.totalPrice);
    }
    totalsAreLines(order);
    // netPayment is the goods the proforma bills; its shipping charge is billed beside them.
    expect(order.netPayment).toBe(sum(proforma.lines.map((l) => l.total)));
    expect(proforma.total).toBe(sum([order.netPayment, order.shippingChargeAmount]));
    // Pinned: 8 quilts ordered at ₹217.71 + 5% GST each (7 confirmed) and 3 more, Pune to Pune, with
    // the ₹250 shipping charge of a small order beside the goods.
    expect(asPlaced?.totalPrice).toBe("1828.76");
    expect(line).toMatchObject({ totalBase: "1523.97", cgst: "38.10", sgst: "38.10", totalPrice: "1600.17" });
    expect(order).toMatchObject({ totalQuantity: 10, netPayment: "2285.96", totalMrp: "3490.00" });
    expect(order.shippingChargeAmount).toBe("250.00");
    expect(proforma.total).toBe("2535.96");

    // The proforma as printed says the same.
    const pdf = await partner("GET", `/api/invoice/pdf?orderId=${placed.poid}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("1,600.17");
    expect(text).toContain("2,535.96");
    await reconciles();
  });

  it("a cancelled order keeps its lines for the record and its gap is every unit ordered", async () => {
    const pending = await kit.order([2, 3]);
    const partly = await kit.order([4, 1]);
    const [first] = partly.products;
    if (!first) throw new Error("a line");
    await kit.call("POST", `/api/admin/orders/${partly.poid}/confirm`, {
      lines: [{ productId: first.id, quantity: 1 }],
    });
    const confirmed = await orderViews(partly.poid);
    for (const [poid, ordered] of [
      [pending.poid, 5],
      [partly.poid, 5],
    ] as const) {
      const res = await kit.call("POST", `/api/admin/orders/${poid}/cancel`, { reason: "Partner asked" });
      expect(res.statusCode).toBe(200);
      const { order, row } = await orderViews(poid);
      expect(order.status).toBe("Cancelled");
      expect(order.gapReport).toBe(ordered);
      expect(row.orderedQuantity).toBe(ordered);
      totalsAreLines(order);
      const gap = (await partner("GET", `/api/order/getGapReport?orderId=${poid}`)).json();
      expect(gap.totalGap).toBe(ordered);
    }
    // The part-confirmed one keeps its confirmed quantities and amounts.
    const cancelled = await orderViews(partly.poid);
    expect(cancelled.order.lines).toEqual(confirmed.order.lines);
    expect(cancelled.order.netPayment).toBe(confirmed.order.netPayment);
    await reconciles();
  });

  let shortLoad: { id: number; poid: string; short: number; whole: number; invoice: Invoice };

  it("a short delivery restates the lines at the delivered units; netPayment stays what the invoice billed", async () => {
    const placed = await kit.order([4, 2]);
    const [short, whole] = placed.products;
    if (!short || !whole) throw new Error("two lines");
    await kit.call("POST", `/api/admin/orders/${placed.poid}/confirm`, {});
    const load = (await kit.call("POST", "/api/admin/loads", { poids: [placed.poid] })).json();
    await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, { transporter: "Gati", docketNo: "GT1" });
    expect((await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).statusCode).toBe(200);
    const shipped = await orderViews(placed.poid);
    const invoice = (await partner("GET", `/api/cpo/getLoadInvoice?loadId=${load.id}`)).json() as Invoice;
    expect(shipped.order.netPayment).toBe(sum(invoice.lines.map((l) => l.total)));

    const delivered = await kit.call("POST", `/api/admin/loads/${load.id}/deliver`, {
      lines: [{ poid: placed.poid, productId: short.id, deliveredQuantity: 3 }],
    });
    expect(delivered.statusCode).toBe(200);
    const { order, row } = await orderViews(placed.poid);
    expect(order.status).toBe("Delivered");
    expect(order.lines[0]).toMatchObject({ productId: short.id, orderedQuantity: 4, quantity: 3 });
    expect(order.lines[1]).toEqual(shipped.order.lines[1]);
    expect(row).toMatchObject({ orderedQuantity: 6, totalQuantity: 5, gapReport: 1 });
    totalsAreLines(order);
    // Pinned: the short line at 3 units (₹112.99 + 18%, the odd paisa to CGST); netPayment is still
    // the invoice's 4 + 2 units.
    expect(order.lines[0]).toMatchObject({
      totalBase: "338.97",
      cgst: "30.51",
      sgst: "30.50",
      totalPrice: "399.98",
    });
    expect(order.netPayment).toBe(shipped.order.netPayment);
    expect(order.netPayment).toBe("1995.00");

    // The product-removal credit note credits the short unit at its line's value.
    const [note] = await kit.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sourceKind, "order-cancel"), eq(ledgerEntries.sourceId, placed.poid)));
    if (!note) throw new Error("no credit note");
    expect(note.credit).toBe("133.33");
    // What the partner owes for the goods: the invoice less the credit note, the delivered lines' value.
    expect(sum([order.netPayment, `-${note.credit}`])).toBe(sum(order.lines.map((l) => l.totalPrice)));
    const removal = (await partner("GET", `/api/ledger/productremoval/${note.id}`)).json();
    expect(removal.lines).toEqual([
      expect.objectContaining({
        productId: short.id,
        shippedQuantity: 4,
        deliveredQuantity: 3,
        amount: note.credit,
      }),
    ]);
    const gap = (await partner("GET", `/api/order/getGapReport?orderId=${placed.poid}`)).json();
    expect(gap.lines[0]).toMatchObject({
      orderedQuantity: 4,
      confirmedQuantity: 4,
      deliveredQuantity: 3,
      gap: 1,
    });
    expect(gap.totalGap).toBe(1);
    shortLoad = { id: load.id, poid: placed.poid, short: short.id, whole: whole.id, invoice };
    await reconciles();
  });

  it("the load and its data file carry what shipped: the invoice line, and the credit raised for it", async () => {
    const { id, invoice } = shortLoad;
    const load = (await partner("GET", `/api/cpo/getLoadById?loadId=${id}`)).json();
    expect(load.lines.map((l: { quantity: number }) => l.quantity)).toEqual([4, 2]);
    expect(sum(load.lines.map((l: { totalPrice: string }) => l.totalPrice))).toBe(load.LoadValue);

    const file = await partner("GET", `/api/datafile/getCSVDataFile/${id}`);
    expect(file.statusCode).toBe(200);
    const rows = rowsOf(file.body);
    expect(rows.map((r) => r.ProductID)).toEqual([String(shortLoad.short), String(shortLoad.whole)]);
    for (const row of rows) {
      const billed = invoice.lines.find((l) => String(l.productId) === row.ProductID);
      expect(row).toMatchObject({
        InvoiceRef: invoice.number,
        CPOID: shortLoad.poid,
        Quantity: String(billed?.quantity),
        CGST: billed?.cgst,
        SGST: billed?.sgst,
        IGST: billed?.igst,
        GSTType: billed?.gstType,
      });
    }
    const short = rows.find((r) => r.ProductID === String(shortLoad.short));
    const whole = rows.find((r) => r.ProductID === String(shortLoad.whole));
    expect(short).toMatchObject({ Quantity: "4", OrderedQuantity: "4", CreditNote: "133.33" });
    expect(whole).toMatchObject({ Quantity: "2", CreditNote: "0.00" });

    // A sales return of one unit of the other line, approved by accounts (an older return, stored
    // with its refundable amount and no credit note document): its credit is on that line's row.
    await kit.db.insert(salesReturns).values({
      referenceId: "SR-CHAIN-1",
      userId: franchiseeId,
      warehouseId: 2,
      ledgerAccount: 1,
      status: "AccountApproved",
      invoiceDate: "2026-10-01",
      amount: "730.85",
      lines: [
        {
          poid: shortLoad.poid,
          productId: shortLoad.whole,
          quantity: 1,
          mrp: "1099.00",
          amountRefundable: "730.85",
          hsnCode: "3922",
        },
      ],
    });
    const again = rowsOf((await partner("GET", `/api/datafile/getCSVDataFile/${id}`)).body);
    expect(again.map((r) => [r.ProductID, r.Quantity, r.CreditNote])).toEqual([
      [String(shortLoad.short), "4", "133.33"],
      [String(shortLoad.whole), "2", "730.85"],
    ]);
    // It has no ledger credit: gone again, so the chain below reconciles.
    await kit.db.delete(salesReturns).where(eq(salesReturns.referenceId, "SR-CHAIN-1"));
  });

  it("migration 0025 restates stored orders exactly as the services now do", async () => {
    const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
    const snapshot = async () => ({
      orders: rows(
        await kit.db.execute(sql`
          SELECT poid, total_items, total_quantity, total_mrp, total_base, total_cgst, total_sgst,
                 total_igst, net_payment, gap_report FROM purchase_orders ORDER BY poid`),
      ),
      lines: rows(
        await kit.db.execute(sql`
          SELECT id, quantity, total_price, total_base, cgst, sgst, igst
          FROM purchase_order_lines ORDER BY id`),
      ),
    });
    const restated = await snapshot();
    // What the services stored before: amounts and totals at the ordered quantities, cancelled gaps 0.
    await kit.db.execute(sql`
      UPDATE purchase_order_lines SET total_price = total_price * ordered_quantity,
        total_base = total_base + 1, cgst = 0, sgst = 0, igst = 0
      WHERE quantity <> ordered_quantity`);
    await kit.db.execute(sql`
      UPDATE purchase_orders SET total_quantity = 0, total_base = 0, net_payment = net_payment + 99
      WHERE poid IN (SELECT poid FROM purchase_order_lines WHERE quantity <> ordered_quantity)`);
    await kit.db.execute(sql`UPDATE purchase_orders SET gap_report = 0 WHERE status = 'Cancelled'`);
    expect(await snapshot()).not.toEqual(restated);
    const migration = readFileSync(
      path.join(import.meta.dirname, "../db/migrations/0025_document_chain.sql"),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint"))
      await kit.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(restated);
    await reconciles();
  });
});
