/**
 * Sales returns raised by staff from a tax invoice (issue 25, item 6): the refusals with their
 * messages, receipt (stock back), approval (a credit note that reverses the invoice's lines at their
 * own HSN, rate and unit taxable value, under the invoice's regime; the ledger credit is its total;
 * serial numbers without gaps) and rejection with a reason. The staff list (issue 27): q over the SR
 * reference, invoice number and partner, sort over every row, CSV of every matching row.
 */
import {
  DOCUMENT_TYPES,
  documentNumber,
  formatDate,
  formatDateTime,
  halfUp,
  backOfficeMessages as msg,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ledgerEntries, products } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { userIdOf } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { orderBody, placeOrder, stockUp } from "../../test/order-test-kit";
import { loadCatalogue } from "../../test/test-facts";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchiseeId: number;
let stockistId: number;
/** A tax invoice of warehouse 2 (Maharashtra to Maharashtra: CGST/SGST) with a 12% HSN 6201 line of 4 units. */
let intra: { id: number; number: string; poid: string };
/** A tax invoice of warehouse 3 (Delhi to Maharashtra: IGST) with a line of 2 units. */
let inter: { id: number; number: string; poid: string };
let jacket: number;
let other: number;
let delhiProduct: number;

interface InvoiceLineRow {
  poid: string;
  productId: number;
  hsnCode: string;
  quantity: number;
  taxable: string;
  cgstRate: string;
  sgstRate: string;
  igstRate: string;
}

async function invoiceOf(poid: string) {
  const result = await world.database.db.execute(
    sql`SELECT i.id, i.number, i.tax_regime, i.document -> 'lines' AS lines FROM invoices i
        JOIN purchase_orders po ON po.load_id = i.load_id WHERE po.poid = ${poid} AND i.kind = 'TAX INVOICE'`,
  );
  const [row] = (
    result as unknown as {
      rows: { id: number; number: string; tax_regime: string; lines: InvoiceLineRow[] }[];
    }
  ).rows;
  if (!row) throw new Error(`no tax invoice for ${poid}`);
  return row;
}

/** Dockets are unique per transporter: each hand-over takes the next. */
let dockets = 0;

/** An order of the given products placed, confirmed, loaded, handed over and shipped today by staff. */
async function shipped(items: { id: number; qty: number }[], wh: number) {
  for (const { id } of items) await stockUp(kit.db, id, wh, 100);
  const res = await placeOrder(world.app, kit.franchisee, orderBody([{ wh, products: items }]));
  expect(res.statusCode).toBe(200);
  const poid = res.json().result[0].poid as string;
  expect((await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {})).statusCode).toBe(200);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Gati",
    docketNo: `GT9-${++dockets}`,
  });
  expect((await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).statusCode).toBe(200);
  const inv = await invoiceOf(poid);
  return { id: Number(inv.id), number: inv.number, poid };
}

const raise = (payload: object, headers = kit.staff) =>
  kit.call("POST", "/api/admin/sales-returns", payload, headers);
const step = (id: number, what: "receive" | "approve" | "reject", payload?: object) =>
  kit.call("POST", `/api/admin/sales-returns/${id}/${what}`, payload);

async function creditEntry(srId: number) {
  const [row] = await kit.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sourceKind, "sr"), eq(ledgerEntries.sourceId, String(srId))));
  return row;
}

/** The fixed moment every step of this file happens at: noon in India on a day of financial year 2026-27. */
const TODAY = new Date("2026-10-15T06:30:00Z");
const FINANCIAL_YEAR = "2026-27";

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(TODAY);
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
  stockistId = await userIdOf(world, "stockist@demo.in");
  const catalogue = await loadCatalogue(world);
  // The small test catalogue has no boys' jacket (HSN 6201): the dearest active garment becomes one,
  // above the clothing threshold, so it is taxed at 12%.
  const owned = catalogue.filter(
    (p) => p.b2bIsActive && p.stockType === "OwnedStock" && Number(p.retailerMargin) > 0,
  );
  const garment = owned
    .filter((p) => /^6[12]/.test(p.hsnCode))
    .sort((a, b) => Number(b.mrp) - Number(a.mrp) || a.id - b.id)[0];
  if (!garment) throw new Error("no garment in the catalogue");
  jacket = garment.id;
  await kit.db.update(products).set({ hsnCode: "6201" }).where(eq(products.id, jacket));
  const plain = owned.filter((p) => !/^6[12]/.test(p.hsnCode));
  other = plain[0]?.id ?? 0;
  delhiProduct = plain[1]?.id ?? 0;
  intra = await shipped(
    [
      { id: jacket, qty: 4 },
      { id: other, qty: 3 },
    ],
    2,
  );
  inter = await shipped([{ id: delhiProduct, qty: 2 }], 3);
}, 300_000);

afterAll(async () => {
  await world?.close();
  vi.useRealTimers();
});

describe("raising a sales return from a tax invoice", () => {
  it("the test invoices: a 12% HSN 6201 line under CGST/SGST, and an IGST invoice", async () => {
    const inv = await invoiceOf(intra.poid);
    expect(inv.tax_regime).toBe("CGST/SGST");
    const line = inv.lines.find((l) => l.productId === jacket);
    expect(line).toMatchObject({ hsnCode: "6201", quantity: 4, cgstRate: "6.00", sgstRate: "6.00" });
    expect((await invoiceOf(inter.poid)).tax_regime).toBe("IGST");
  });

  it("refuses an unknown invoice, by number and by id (404)", async () => {
    const byNumber = await raise({
      invoice: "CM02/9999/999999",
      lines: [{ productId: jacket, quantity: 1 }],
    });
    expect(byNumber.statusCode).toBe(404);
    expect(byNumber.json().message).toBe(msg.srInvoiceNotFound("CM02/9999/999999"));
    const byId = await raise({ invoice: 999_999, lines: [{ productId: jacket, quantity: 1 }] });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe(msg.srInvoiceNotFound(999_999));
  });

  it("refuses a proforma invoice, another partner's invoice, and a partner calling", async () => {
    const proforma = await world.database.db.execute(
      sql`SELECT number FROM invoices WHERE poid = ${intra.poid} AND kind = 'PERFORMA INVOICE'`,
    );
    const [pi] = (proforma as unknown as { rows: { number: string }[] }).rows;
    if (!pi) throw new Error("no proforma invoice");
    const res = await raise({ invoice: pi.number, lines: [{ productId: jacket, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.srNotTaxInvoice(pi.number));

    const others = await raise({
      invoice: intra.number,
      userId: stockistId,
      lines: [{ productId: jacket, quantity: 1 }],
    });
    expect(others.statusCode).toBe(409);
    expect(others.json().message).toBe(msg.srInvoiceOfAnotherPartner(intra.number, stockistId));

    const partner = await raise(
      { invoice: intra.number, lines: [{ productId: jacket, quantity: 1 }] },
      kit.franchisee,
    );
    expect(partner.statusCode).toBe(403);
  });

  it("refuses a product not on the invoice, a line named twice, and more than was shipped", async () => {
    const notOn = await raise({ invoice: intra.id, lines: [{ productId: delhiProduct, quantity: 1 }] });
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json().message).toBe(msg.srLineNotOnInvoice(delhiProduct, intra.number));
    const twice = await raise({
      invoice: intra.id,
      lines: [
        { productId: jacket, quantity: 1 },
        { productId: jacket, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(msg.srLineTwice(jacket));
    const over = await raise({ invoice: intra.number, lines: [{ productId: jacket, quantity: 5 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(msg.srReturnMoreThanLeft(jacket, 4, 4));
  });
});

describe("a return's course: raise, receive, approve", () => {
  let srId: number;
  let firstNumber: string;

  it("raises a Pending return of 3 jackets, and refuses a second beyond the 1 left", async () => {
    const res = await raise({
      invoice: intra.number,
      userId: franchiseeId,
      lines: [{ productId: jacket, quantity: 3 }],
    });
    expect(res.statusCode).toBe(200);
    const sr = res.json();
    srId = sr.id;
    expect(sr).toMatchObject({
      status: "Pending",
      userId: franchiseeId,
      warehouseId: 2,
      invoiceId: intra.id,
      invoiceNumber: intra.number,
      creditNote: null,
      rejectionReason: null,
    });
    expect(sr.referenceId).toBe(`SR${String(sr.id).padStart(6, "0")}`);
    expect(sr.lines).toEqual([
      expect.objectContaining({
        poid: intra.poid,
        productId: jacket,
        quantity: 3,
        hsnCode: "6201",
        receivedQuantity: null,
      }),
    ]);
    const audit = await kit.auditOf("salesReturn", String(srId));
    expect(audit[0]?.action).toBe("salesReturn.raise");

    const again = await raise({ invoice: intra.number, lines: [{ productId: jacket, quantity: 2 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.srReturnMoreThanLeft(jacket, 1, 4));

    const left = (
      await kit.call("GET", `/api/admin/sales-returns/returnable?invoice=${encodeURIComponent(intra.number)}`)
    ).json();
    expect(left.lines.find((l: { productId: number }) => l.productId === jacket)).toMatchObject({
      shipped: 4,
      returned: 3,
      returnable: 1,
      hsnCode: "6201",
    });
  });

  it("refuses approval before the goods are received, and receiving more than returned", async () => {
    const early = await step(srId, "approve");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(msg.srApproveBeforeReceive);
    const tooMany = await step(srId, "receive", { lines: [{ productId: jacket, receivedQuantity: 4 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(msg.srReceiveMoreThanReturned(jacket, 3));
    const none = await step(srId, "receive", { lines: [{ productId: jacket, receivedQuantity: 0 }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(msg.srReceiveNothing);
  });

  it("receives 2 of the 3: the warehouse's stock grows by 2", async () => {
    const before = await kit.stock(jacket, 2);
    const res = await step(srId, "receive", { lines: [{ productId: jacket, receivedQuantity: 2 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "WHReceived" });
    expect(res.json().lines[0].receivedQuantity).toBe(2);
    const after = await kit.stock(jacket, 2);
    expect(after.stock - before.stock).toBe(2);
    expect(after.currentStock - before.currentStock).toBe(2);
    const again = await step(srId, "receive", { lines: [{ productId: jacket, receivedQuantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(msg.srNotReceivable("WHReceived"));
  });

  it("approves: the credit note reverses the invoice line (12%, HSN 6201, its unit taxable value) for the 2 received", async () => {
    const inv = await invoiceOf(intra.poid);
    const line = inv.lines.find((l) => l.productId === jacket);
    if (!line) throw new Error("no jacket line");
    const unit = halfUp(toPaise(line.taxable), 4n);
    const taxable = unit * 2n;
    const tax = halfUp(taxable * 1200n, 10000n);
    const cgst = halfUp(tax, 2n);

    const res = await step(srId, "approve");
    expect(res.statusCode).toBe(200);
    const sr = res.json();
    expect(sr.status).toBe("AccountApproved");
    const note = sr.creditNote;
    firstNumber = note.number;
    expect(note.number).toBe(documentNumber(DOCUMENT_TYPES.creditNote, 1, 2, FINANCIAL_YEAR, 1));
    expect(note).toMatchObject({ invoiceNumber: intra.number, taxRegime: "CGST/SGST" });
    expect(note.lines).toEqual([
      {
        poid: intra.poid,
        productId: jacket,
        name: expect.any(String),
        hsnCode: "6201",
        quantity: 2,
        unitTaxable: paiseToDecimal(unit),
        taxable: paiseToDecimal(taxable),
        vatRate: "0.00",
        vat: "0.00",
        cgstRate: "6.00",
        cgst: paiseToDecimal(cgst),
        sgstRate: "6.00",
        sgst: paiseToDecimal(tax - cgst),
        igstRate: "0.00",
        igst: "0.00",
        total: paiseToDecimal(taxable + tax),
      },
    ]);
    expect(note.totals.total).toBe(paiseToDecimal(taxable + tax));
    expect(sr.amount).toBe(note.totals.total);

    // The ledger credit is the note's total, under the note's number, with no 18% service tax.
    const entry = await creditEntry(srId);
    expect(entry).toMatchObject({
      voucherNumber: note.number,
      noteType: "CN",
      sacCode: null,
      ledgerAccount: 1,
    });
    expect(paiseToDecimal(toPaise(entry?.credit ?? "0"))).toBe(note.totals.total);
    expect(entry?.description).toContain(`reverses invoice ${intra.number}`);
    const audit = await kit.auditOf("salesReturn", String(srId));
    expect(audit[0]?.action).toBe("salesReturn.approve");
  });

  it("the partner's SR invoice and the ledger's SR details show the note's lines", async () => {
    const list = (
      await kit.call("GET", `/api/admin/sales-returns?userId=${franchiseeId}&pageSize=500`)
    ).json();
    const sr = list.rows.find((r: { id: number }) => r.id === srId);
    const inv = await world.app.inject({
      method: "POST",
      url: "/api/srdetails/getSRInvoice",
      headers: kit.franchisee,
      payload: { ReferenceID: sr.referenceId },
    });
    expect(inv.statusCode).toBe(200);
    expect(inv.json().creditNote).toEqual(sr.creditNote);
    expect(inv.json()).toMatchObject({ sacCode: null, title: "CREDIT NOTE" });
    expect(inv.json().totals).toMatchObject({
      base: sr.creditNote.totals.taxable,
      cgst: sr.creditNote.totals.cgst,
      sgst: sr.creditNote.totals.sgst,
      igst: "0.00",
      total: sr.creditNote.totals.total,
    });
    const details = await world.app.inject({
      method: "GET",
      url: `/api/ledger/srdetails/${sr.referenceId}?noteType=CN`,
      headers: kit.franchisee,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().creditNote).toEqual(sr.creditNote);
  });

  it("a unit received short may be returned again; the next credit note takes the next number", async () => {
    const left = (await kit.call("GET", `/api/admin/sales-returns/returnable?invoice=${intra.id}`)).json();
    expect(left.lines.find((l: { productId: number }) => l.productId === jacket).returnable).toBe(2);
    const res = await raise({
      invoice: intra.number,
      lines: [
        { productId: jacket, quantity: 2 },
        { productId: other, quantity: 3, poid: intra.poid },
      ],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    // The generic status step receives every unit, as the demo history does.
    expect(
      (await kit.call("POST", `/api/admin/sales-returns/${id}/status`, { status: "WHReceived" })).statusCode,
    ).toBe(200);
    const approved = (await step(id, "approve")).json();
    const seq = Number(firstNumber.slice(-6));
    expect(approved.creditNote.number).toBe(
      documentNumber(DOCUMENT_TYPES.creditNote, 1, 2, FINANCIAL_YEAR, seq + 1),
    );
    expect(approved.creditNote.lines.map((l: { quantity: number }) => l.quantity)).toEqual([2, 3]);
    const entry = await creditEntry(id);
    expect(paiseToDecimal(toPaise(entry?.credit ?? "0"))).toBe(approved.creditNote.totals.total);
    const nothing = (await kit.call("GET", `/api/admin/sales-returns/returnable?invoice=${intra.id}`)).json();
    expect(nothing.lines.map((l: { returnable: number }) => l.returnable)).toEqual([0, 0]);
  });
});

describe("a short delivery", () => {
  it("leaves only the delivered units returnable: the short ones were credited by the product-removal note", async () => {
    const short = await shipped([{ id: other, qty: 4 }], 2);
    const [loadRow] = (
      (await kit.db.execute(
        sql`SELECT load_id FROM purchase_orders WHERE poid = ${short.poid}`,
      )) as unknown as {
        rows: { load_id: number }[];
      }
    ).rows;
    const delivered = await kit.call("POST", `/api/admin/loads/${loadRow?.load_id}/deliver`, {
      lines: [{ poid: short.poid, productId: other, deliveredQuantity: 1 }],
    });
    expect(delivered.statusCode).toBe(200);
    const left = (
      await kit.call("GET", `/api/admin/sales-returns/returnable?invoice=${encodeURIComponent(short.number)}`)
    ).json();
    expect(left.lines).toEqual([
      expect.objectContaining({ productId: other, shipped: 4, notDelivered: 3, returned: 0, returnable: 1 }),
    ]);
    const over = await raise({ invoice: short.id, lines: [{ productId: other, quantity: 2 }] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `Product ${other}: at most 1 can be returned (4 shipped, 3 not delivered and credited already, 0 already returned).`,
    );
    expect((await raise({ invoice: short.id, lines: [{ productId: other, quantity: 1 }] })).statusCode).toBe(
      200,
    );
  });
});

describe("rejection, and a return under IGST", () => {
  it("rejects with a reason (required), stored, audited, shown to the partner; the units may be returned again", async () => {
    const sr = (
      await raise({ invoice: inter.number, lines: [{ productId: delhiProduct, quantity: 2 }] })
    ).json();
    const blank = await step(sr.id, "reject", { reason: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(`reason: ${msg.srRejectReasonRequired}`);
    const missing = await step(sr.id, "reject", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("reason is required");
    // The status step cannot reject: Rejected is not one of its statuses.
    const byStatus = await kit.call("POST", `/api/admin/sales-returns/${sr.id}/status`, {
      status: "Rejected",
    });
    expect(byStatus.statusCode).toBe(400);

    const res = await step(sr.id, "reject", { reason: "Goods not as invoiced" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "Rejected", rejectionReason: "Goods not as invoiced" });
    const audit = await kit.auditOf("salesReturn", String(sr.id));
    expect(audit[0]).toMatchObject({ action: "salesReturn.reject" });
    expect(JSON.stringify(audit[0]?.after)).toContain("Goods not as invoiced");
    const [notice] = await kit.notificationsOf(franchiseeId);
    expect(notice?.message).toBe(`Sales return ${sr.referenceId} was rejected: Goods not as invoiced`);
    const rows = await world.app.inject({
      method: "POST",
      url: "/api/srdetails/getSRDetails",
      headers: kit.franchisee,
      payload: { Status: "Rejected" },
    });
    expect(rows.json().rows.map((r: { ReferenceID: string }) => r.ReferenceID)).toContain(sr.referenceId);
    const shown = await world.app.inject({
      method: "POST",
      url: "/api/srdetails/getSRInvoice",
      headers: kit.franchisee,
      payload: { ReferenceID: sr.referenceId },
    });
    expect(shown.json().rejectionReason).toBe("Goods not as invoiced");
    expect(await creditEntry(sr.id)).toBeUndefined();
    const again = await step(sr.id, "approve");
    expect(again.statusCode).toBe(409);
  });

  it("a return of an IGST invoice is credited under IGST at the line's rate", async () => {
    const inv = await invoiceOf(inter.poid);
    const line = inv.lines[0];
    if (!line) throw new Error("no line");
    const sr = (await raise({ invoice: inter.id, lines: [{ productId: delhiProduct, quantity: 2 }] })).json();
    expect(
      (await step(sr.id, "receive", { lines: [{ productId: delhiProduct, receivedQuantity: 2 }] }))
        .statusCode,
    ).toBe(200);
    const note = (await step(sr.id, "approve")).json().creditNote;
    expect(note.taxRegime).toBe("IGST");
    expect(note.number).toBe(documentNumber(DOCUMENT_TYPES.creditNote, 1, 3, FINANCIAL_YEAR, 1));
    expect(note.lines[0]).toMatchObject({
      quantity: 2,
      taxable: line.taxable,
      igstRate: line.igstRate,
      cgst: "0.00",
      sgst: "0.00",
      hsnCode: line.hsnCode,
    });
    const entry = await creditEntry(sr.id);
    expect(paiseToDecimal(toPaise(entry?.credit ?? "0"))).toBe(note.totals.total);
  });
});

describe("the staff list of sales returns", () => {
  interface Row {
    id: number;
    reference_id: string;
    invoice_number: string | null;
    email: string;
  }
  const rowsOf = (query: ReturnType<typeof sql>) =>
    (kit.db.execute(query) as unknown as Promise<{ rows: Row[] }>).then((r) => r.rows);
  const list = (query: string, headers = kit.staff) =>
    kit.call("GET", `/api/admin/sales-returns?${query}`, undefined, headers);
  const ids = (res: { json(): { rows: { id: number }[] } }) => res.json().rows.map((r) => r.id);
  /** Two ids of the returns in `order`, from `offset` on. */
  const firstOf = (order: string, offset = 0) =>
    rowsOf(
      sql.raw(`SELECT sr.id FROM sales_returns sr JOIN users u ON u.id = sr.user_id
        LEFT JOIN invoices i ON i.id = sr.invoice_id ORDER BY ${order} LIMIT 2 OFFSET ${offset}`),
    ).then((r) => r.map((x) => x.id));
  let all: Row[];

  beforeAll(async () => {
    all = await rowsOf(sql`
      SELECT sr.id, sr.reference_id, i.number AS invoice_number, u.email
      FROM sales_returns sr JOIN users u ON u.id = sr.user_id LEFT JOIN invoices i ON i.id = sr.invoice_id
      ORDER BY sr.id`);
    expect(all.length).toBeGreaterThan(3);
  });

  it("sorts over every row: raised, amount and invoice number, both ways", async () => {
    expect(ids(await list("sort=createdAt&pageSize=2"))).toEqual(
      await firstOf("sr.created_at ASC, sr.id ASC"),
    );
    expect(ids(await list("sort=-createdAt&pageSize=2"))).toEqual(
      await firstOf("sr.created_at DESC, sr.id DESC"),
    );
    expect(ids(await list("sort=amount&pageSize=2"))).toEqual(await firstOf("sr.amount ASC, sr.id ASC"));
    expect(ids(await list("sort=-amount&pageSize=2"))).toEqual(await firstOf("sr.amount DESC, sr.id DESC"));
    expect(ids(await list("sort=-invoiceNumber&pageSize=2"))).toEqual(
      await firstOf("i.number DESC NULLS LAST, sr.id DESC"),
    );
    expect(ids(await list("sort=referenceId&pageSize=2&page=2"))).toEqual(
      await firstOf("sr.reference_id ASC, sr.id ASC", 2),
    );
  });

  it("finds a return by its SR reference, by its invoice number and by the partner's email", async () => {
    const one = all[0];
    if (!one) throw new Error("no return");
    expect(ids(await list(`q=${one.reference_id.toLowerCase()}`))).toEqual([one.id]);
    const byInvoice = await list(`q=${encodeURIComponent(inter.number)}&pageSize=500`);
    expect(ids(byInvoice).sort((a, b) => a - b)).toEqual(
      all.filter((r) => r.invoice_number === inter.number).map((r) => r.id),
    );
    expect(byInvoice.json().total).toBeGreaterThan(0);
    expect(byInvoice.json().rows[0].invoiceNumber).toBe(inter.number);
    expect((await list("q=Franchisee@Demo.in")).json().total).toBe(
      all.filter((r) => r.email === "franchisee@demo.in").length,
    );
    expect((await list("q=stockist@demo.in")).json().total).toBe(
      all.filter((r) => r.email === "stockist@demo.in").length,
    );
  });

  it("exports every matching row as CSV with India's days and times", async () => {
    const res = await list("format=csv&pageSize=1&sort=createdAt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="sales-returns.csv"');
    const [header, ...rows] = Papa.parse<string[]>(res.body.trim()).data;
    expect(header?.slice(0, 4)).toEqual(["Id", "SR reference", "Invoice No", "Invoice date"]);
    expect(rows.length).toBe(all.length);
    expect(rows.length).toBe((await list("")).json().total);
    const [first] = (await list("sort=createdAt&pageSize=1")).json().rows;
    expect(rows[0]?.slice(0, 4)).toEqual([
      String(first.id),
      first.referenceId,
      first.invoiceNumber ?? "",
      formatDate(first.invoiceDate),
    ]);
    expect(rows[0]?.[12]).toBe(formatDateTime(first.createdAt));
    const rejected = Papa.parse<string[]>((await list("format=csv&status=Rejected")).body.trim()).data;
    expect(rejected.length - 1).toBe((await list("status=Rejected")).json().total);
  });

  it("refuses an unknown sort and anyone but staff", async () => {
    const bad = await list("sort=-partner");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("sort must be one of createdAt, referenceId, invoiceNumber");
    expect((await list("", kit.franchisee)).statusCode).toBe(403);
    expect((await world.app.inject({ url: "/api/admin/sales-returns" })).statusCode).toBe(401);
  });
});
