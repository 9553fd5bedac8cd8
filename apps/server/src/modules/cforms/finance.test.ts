import { randomBytes } from "node:crypto";
import { CformQuery } from "@portal/contracts";
import {
  CFORM_MAX_BYTES,
  financeMessages,
  messages,
  paiseToDecimal,
  SR_SHIPPING_COMPANIES,
  toPaise,
} from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cforms, ledgerEntries, payments as paymentsTable, salesReturns } from "../../db/schema";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { userIdOf } from "../../test/cart-test-kit";
import { elfFile, jpegFile, pdfFile, xlsFile, xlsxFile } from "../../test/cform-test-files";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { assertKioskDebitWithinLimit, kioskDebitBalance } from "../payments/public";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let stockist: { authorization: string };
let franchiseeId: number;
let stockistId: number;
let kioskId: number;
/** CST invoices shipped in May 2017: two of the franchisee's (Delhi warehouse), one of the stockist's. */
let cstA: string;
let cstB: string;
let cstStockist: string;
/** A CST invoice of the franchisee's in December 2016 (quarter 4). */
let cstDec: string;
/** Sales returns: franchisee Pending, franchisee AccountApproved (Aug 2017), stockist Pending. */
let srPending: string;
let srApproved: string;
let srStockist: string;
/** A Confirmed order of the franchisee (pending payment) and of the stockist. */
let franchiseeOrder: { poid: string; payable: string };
let secondOrder: { poid: string; payable: string };
let stockistOrder: string;

/** The C-form files in the file store. */
const filesNow = () => world.app.fileStore.list("cforms");

/** An order confirmed, loaded, handed over and shipped on `day`, as staff would. */
async function shippedOn(quantities: number[], headers: { authorization: string }, wh: number, day: string) {
  const order = await kit.order(quantities, headers, wh);
  expect((await kit.call("POST", `/api/admin/orders/${order.poid}/confirm`, {})).statusCode).toBe(200);
  const at = new Date(`${day}T06:00:00Z`);
  // Built on its ship day: a ship date before the load was built is refused.
  const load = await world.app.backOffice.loads.create(null, { poids: [order.poid] }, at);
  await world.app.backOffice.loads.handOver(
    null,
    load.id,
    { transporter: "India Post", docketNo: `IP${load.id}` },
    at,
  );
  await world.app.backOffice.loads.ship(null, load.id, {}, at);
  return order;
}

async function invoiceNumberOfOrder(poid: string) {
  const result = await world.database.db.execute(
    sql`SELECT i.number FROM invoices i JOIN purchase_orders po ON po.load_id = i.load_id
        WHERE po.poid = ${poid} AND i.kind = 'TAX INVOICE'`,
  );
  const [row] = (result as unknown as { rows: { number: string }[] }).rows;
  if (!row) throw new Error(`no tax invoice for ${poid}`);
  return row.number;
}

/** An order confirmed, loaded, handed over and shipped today through the Admin Console's calls. */
async function shippedToday(headers: { authorization: string }, quantities: number[]) {
  const poid = await confirmedOrder(headers, quantities);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [poid] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
    transporter: "Gati",
    docketNo: `GT${load.id}`,
  });
  expect((await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).statusCode).toBe(200);
  return poid;
}

async function confirmedOrder(headers: { authorization: string }, quantities: number[]) {
  const order = await kit.order(quantities, headers);
  expect((await kit.call("POST", `/api/admin/orders/${order.poid}/confirm`, {})).statusCode).toBe(200);
  return order.poid;
}

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  stockist = await world.signIn("stockist@demo.in");
  franchiseeId = await userIdOf(world, "franchisee@demo.in");
  stockistId = await userIdOf(world, "stockist@demo.in");
  kioskId = await userIdOf(world, "kiosk@demo.in");

  // C-forms: Maharashtra franchisee buys from Delhi, stockist from Bangalore (the test orders ship to Maharashtra), before GST.
  cstA = await invoiceNumberOfOrder((await shippedOn([2], kit.franchisee, 3, "2017-05-10")).poid);
  cstB = await invoiceNumberOfOrder((await shippedOn([3], kit.franchisee, 3, "2017-05-20")).poid);
  cstDec = await invoiceNumberOfOrder((await shippedOn([1], kit.franchisee, 3, "2016-12-15")).poid);
  cstStockist = await invoiceNumberOfOrder((await shippedOn([1], stockist, 7, "2017-05-12")).poid);

  // Sales returns are raised from tax invoices: each of one order of two units, shipped for it.
  const sr = world.app.backOffice.salesReturns;
  const raised = async (headers: { authorization: string }, wh: number, shipDay: string, at: string) => {
    const invoice = await invoiceNumberOfOrder((await shippedOn([2], headers, wh, shipDay)).poid);
    const [line] = (await sr.returnable(invoice)).lines;
    if (!line) throw new Error(`nothing to return on ${invoice}`);
    return sr.raise(
      null,
      { invoice, lines: [{ poid: line.poid, productId: line.productId, quantity: 2 }] },
      new Date(at),
    );
  };
  srPending = (await raised(kit.franchisee, 2, "2024-03-01", "2024-03-05T06:00:00Z")).referenceId;
  const approved = await raised(kit.franchisee, 3, "2017-07-20", "2017-08-02T06:00:00Z");
  srApproved = approved.referenceId;
  await sr.setInTransit(franchiseeId, approved.id, { company: "Delhivery", awb: "DL1" });
  for (const status of ["WHReceived", "InProcess", "B2BApproved", "AccountApproved"])
    expect(
      (await kit.call("POST", `/api/admin/sales-returns/${approved.id}/status`, { status })).statusCode,
    ).toBe(200);
  srStockist = (await raised(stockist, 7, "2024-03-01", "2024-03-06T06:00:00Z")).referenceId;

  const payable = async (poid: string) => {
    const res = await world.app.inject({
      method: "GET",
      url: "/api/payment/pending?accountId=1",
      headers: kit.franchisee,
    });
    return res.json().orders.find((o: { poid: string }) => o.poid === poid)?.amountPayable as string;
  };
  // What is payable is what the ledger says is owed: invoiced (shipped) orders.
  const a = await shippedToday(kit.franchisee, [2, 1]);
  const b = await shippedToday(kit.franchisee, [1]);
  franchiseeOrder = { poid: a, payable: await payable(a) };
  secondOrder = { poid: b, payable: await payable(b) };
  stockistOrder = await confirmedOrder(stockist, [1]);
}, 120_000);
afterAll(() => world.close());

const post = (url: string, payload: object, headers = kit.franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, headers = kit.franchisee) => world.app.inject({ method: "GET", url, headers });

describe("SR details", () => {
  it("lists only the partner's own SRs, filtered by date range, status and warehouse", async () => {
    const all = (await post("/api/srdetails/getSRDetails", {})).json();
    expect(all.rows.map((r: { ReferenceID: string }) => r.ReferenceID).sort()).toEqual(
      [srApproved, srPending].sort(),
    );
    const pending = (await post("/api/srdetails/getSRDetails", { Status: "Pending" })).json();
    expect(pending.rows).toHaveLength(1);
    expect(pending.rows[0]).toMatchObject({
      ReferenceID: srPending,
      InvoiceStatus: "Pending",
      InvoiceDate: "2024-03-05",
      WareHouseID: 2,
      TotalQuantity: 2,
      // The credit its lines would get: two units of the invoice line, at its own taxable value and rate.
      Amount: "5674.71",
      isSRInvoice: false,
    });
    const inRange = await post("/api/srdetails/getSRDetails", {
      FromDate: "2017-08-01",
      ToDate: "2017-08-31",
      Status: "",
    });
    expect(inRange.json().rows.map((r: { ReferenceID: string }) => r.ReferenceID)).toEqual([srApproved]);
    const delhi = await post("/api/srdetails/getSRDetails", { WareHouseID: 3 });
    expect(delhi.json().rows).toHaveLength(1);
    expect(delhi.json().rows[0].isSRInvoice).toBe(true);
  });

  it("refuses a to-date before the from-date and an unknown status", async () => {
    const res = await post("/api/srdetails/getSRDetails", { FromDate: "2024-03-10", ToDate: "2024-03-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The To date may not be earlier than the From date.");
    expect((await post("/api/srdetails/getSRDetails", { Status: "Lost" })).statusCode).toBe(400);
  });

  it("gives the lines of an own SR and 404 for another partner's", async () => {
    const res = await post("/api/srdetails/getSRDownloadDetails", { refId: srPending });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines[0]).toMatchObject({
      quantity: 2,
      mrp: "4399.00",
      amountRefundable: "5674.71",
      hsncode: "8516",
    });
    const other = await post("/api/srdetails/getSRDownloadDetails", { refId: srStockist });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(financeMessages.srNotFound);
  });

  it("marks a Pending SR in transit only with one of the six companies and an AWB", async () => {
    const noCompany = await post("/api/srdetails/setInTransit", { AWB: "BD1", ReferenceID: srPending });
    expect(noCompany.json().message).toBe(financeMessages.selectShippingCompany);
    const unknown = await post("/api/srdetails/setInTransit", {
      ShippingCompany: "Pigeon",
      AWB: "BD1",
      ReferenceID: srPending,
    });
    expect(unknown.json().message).toBe(financeMessages.selectShippingCompany);
    const noAwb = await post("/api/srdetails/setInTransit", {
      ShippingCompany: "Blue Dart",
      AWB: "  ",
      ReferenceID: srPending,
    });
    expect(noAwb.statusCode).toBe(400);
    expect(noAwb.json().message).toBe(financeMessages.provideAwb);
    const other = await post("/api/srdetails/setInTransit", {
      ShippingCompany: "Blue Dart",
      AWB: "BD1",
      ReferenceID: srStockist,
    });
    expect(other.statusCode).toBe(404);
    const [stockistSr] = await world.database.db
      .select()
      .from(salesReturns)
      .where(eq(salesReturns.referenceId, srStockist));
    expect(stockistSr?.status).toBe("Pending");

    const done = await post("/api/srdetails/setInTransit", {
      ShippingCompany: SR_SHIPPING_COMPANIES[0],
      AWB: "BD123456",
      ReferenceID: srPending,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(financeMessages.srInTransit(srPending));
    expect(done.json().row).toMatchObject({
      InvoiceStatus: "InTransit",
      ShippingCompany: "Blue Dart",
      AWB: "BD123456",
    });
    const again = await post("/api/srdetails/setInTransit", {
      ShippingCompany: "DTDC",
      AWB: "X",
      ReferenceID: srPending,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(financeMessages.srNotPending);
  });

  it("flags an AccountApproved SR invoiced after 2017-06-30 as an SR invoice: its credit note reverses the invoice", async () => {
    const res = await post("/api/srdetails/getSRInvoice", {
      InvoiceStatus: "AccountApproved",
      ReferenceID: srApproved,
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({
      title: "CREDIT NOTE",
      isSRInvoice: true,
      sacCode: null,
      InvoiceDate: "2017-08-02",
    });
    // Shipped from Delhi to Maharashtra: the note reverses the invoice line at its own 12% IGST.
    expect(inv.totals).toEqual({
      base: "597.02",
      cgst: "0.00",
      sgst: "0.00",
      igst: "71.64",
      total: "668.66",
    });
    expect(inv.creditNote.totals).toMatchObject({ taxable: "597.02", igst: "71.64", total: "668.66" });
    expect((await post("/api/srdetails/getSRInvoice", { ReferenceID: srStockist })).statusCode).toBe(404);
  });
});

describe("C-form", () => {
  it("lists the partner's CST invoices by year, quarter and status", async () => {
    const q2 = (await post("/api/cform/getCFormDetails", { year: 2017, quarter: 2 })).json();
    expect(q2.rows.map((r: { InvoiceNumber: string }) => r.InvoiceNumber).sort()).toEqual(
      [cstA, cstB].sort(),
    );
    expect(q2.rows[0]).toMatchObject({
      status: "Shipped",
      statusLabel: "To Be Submitted",
      WareHouseID: 3,
      ShippingDate: "2017-05-10",
    });
    expect((await post("/api/cform/getCFormDetails", { year: 2017, quarter: 3 })).json().rows).toEqual([]);
    expect((await post("/api/cform/getCFormDetails", { year: 2017, status: "Issued" })).json().rows).toEqual(
      [],
    );
    expect((await get("/api/cform/summary")).json()).toEqual({
      total: 3,
      toBeSubmitted: 3,
      years: [2017, 2016],
    });
  });

  it("refuses a year before 2014, a quarter outside 1–4, and a year in the future", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-06-15T06:30:00Z"));
      for (const body of [{ year: 2013 }, { year: 2017, quarter: 5 }, { year: 2027 }]) {
        const res = await post("/api/cform/getCFormDetails", body);
        expect(res.statusCode).toBe(400);
      }
      expect((await post("/api/cform/getCFormDetails", { year: 2027 })).json().message).toBe(
        "Year must be from 2014 to 2026.",
      );
      expect((await post("/api/cform/getCFormDetails", { year: 2026 })).statusCode).toBe(200);
      // The request's contract words its range with the year of the day it is read, not of the day it loaded.
      expect((await post("/api/cform/getCFormDetails", { year: 2013 })).json().message).toBe(
        "year: Year must be from 2014 to 2026.",
      );
      vi.setSystemTime(new Date("2026-12-31T19:00:00Z")); // 1 January 2027, 00:30 in India
      expect(CformQuery.safeParse({ year: 2013 }).error?.issues[0]?.message).toBe(
        "Year must be from 2014 to 2027.",
      );
    } finally {
      vi.useRealTimers();
    }
    expect((await post("/api/cform/getCFormDetails", { year: 2017, quarter: 0 })).json().message).toBe(
      `quarter: ${financeMessages.cformQuarterRange}`,
    );
  });

  const data = (invoices: string[]) =>
    JSON.stringify({
      cFormNumber: "CF-2017-88",
      docketNumber: "IP445566",
      courierName: "India Post",
      invoices,
    });

  function upload(file: { name: string; bytes: Buffer } | null, dataText: string, headers = kit.franchisee) {
    const boundary = `----I9s${randomBytes(6).toString("hex")}`;
    const parts: Buffer[] = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${dataText}\r\n`),
    ];
    if (file)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from("\r\n"),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return world.app.inject({
      method: "POST",
      url: "/api/cform/addCFormDetails",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
  }

  async function stillOpen() {
    const rows = await world.database.db.select().from(cforms).where(eq(cforms.userId, franchiseeId));
    return rows.every((r) => r.status === "Shipped" && r.cformNumber === null && r.fileKey === null);
  }

  it.each([
    ["an executable renamed .xlsx", () => ({ name: "cform.xlsx", bytes: elfFile() }), 400],
    ["a PDF", () => ({ name: "cform.pdf", bytes: pdfFile() }), 400],
    ["an empty file", () => ({ name: "cform.jpg", bytes: Buffer.alloc(0) }), 400],
    ["1 MB + 1 byte", () => ({ name: "cform.jpg", bytes: jpegFile(CFORM_MAX_BYTES + 1) }), 413],
  ])("refuses %s with the spec's rule and saves nothing", async (_what, file, status) => {
    const before = await filesNow();
    const res = await upload(file(), data([cstA]));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe("Only .xls, .xlsx, .jpg files with maximum size of 1 MB are allowed!");
    expect(await stillOpen()).toBe(true);
    expect(await filesNow()).toEqual(before);
  });

  it("refuses a save without a file, without details, or naming another partner's invoice (404), saving nothing", async () => {
    const before = await filesNow();
    expect((await upload(null, data([cstA]))).json().message).toBe(messages.cformFileRule);
    const noNumber = await upload(
      { name: "c.jpg", bytes: jpegFile() },
      JSON.stringify({ docketNumber: "1", courierName: "x", invoices: [cstA] }),
    );
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe(`cFormNumber: ${financeMessages.cformNumberRequired}`);
    const noInvoices = await upload({ name: "c.jpg", bytes: jpegFile() }, data([]));
    expect(noInvoices.json().message).toBe(`invoices: ${financeMessages.cformSelectInvoices}`);
    const others = await upload({ name: "c.jpg", bytes: jpegFile() }, data([cstA, cstStockist]));
    expect(others.statusCode).toBe(404);
    expect(await stillOpen()).toBe(true);
    expect(await filesNow()).toEqual(before);
  });

  it("refuses a form sent without multipart (no file can be in it) with 415 saying what it wants, saving nothing", async () => {
    const before = await filesNow();
    const form = await world.app.inject({
      method: "POST",
      url: "/api/cform/addCFormDetails",
      headers: { ...kit.franchisee, "content-type": "application/x-www-form-urlencoded" },
      payload: `data=${encodeURIComponent(data([cstA]))}`,
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'Send the file as multipart/form-data in the field "file".' });
    const csv = await world.app.inject({
      method: "POST",
      url: "/api/cform/addCFormDetails",
      headers: { ...kit.franchisee, "content-type": "text/csv" },
      payload: "cFormNumber,invoices\nCF-1,A\n",
    });
    expect(csv.statusCode).toBe(415);
    expect(csv.json()).toEqual({ message: 'Send the file as multipart/form-data in the field "file".' });
    expect(await stillOpen()).toBe(true);
    expect(await filesNow()).toEqual(before);
  });

  it("saves an .xlsx C-form for two invoices: Submitted, and the file is downloadable by owner and staff only", async () => {
    const file = xlsxFile();
    const res = await upload({ name: "Q2 cform.xlsx", bytes: file }, data([cstA, cstB]));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your CForm details successfully saved.", saved: 2 });
    const rows = (
      await post("/api/cform/getCFormDetails", { year: 2017, quarter: 2, status: "Issued" })
    ).json().rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      statusLabel: "Submitted",
      cFormNumber: "CF-2017-88",
      docketNumber: "IP445566",
      courierName: "India Post",
      fileName: "Q2_cform.xlsx",
    });
    const own = await get(`/api/cform/file/${rows[0].id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(Buffer.compare(own.rawPayload, file)).toBe(0);
    expect((await get(`/api/cform/file/${rows[0].id}`, kit.staff)).statusCode).toBe(200);
    expect((await get(`/api/cform/file/${rows[0].id}`, stockist)).statusCode).toBe(404);
    // Submitted rows cannot be saved again.
    const again = await upload({ name: "c.jpg", bytes: jpegFile() }, data([cstA]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Your CForm details failed to save");
  });

  it("takes an old .xls and a JPEG of exactly 1 MB", async () => {
    const xls = await upload({ name: "cform.xls", bytes: xlsFile() }, data([cstStockist]), stockist);
    expect(xls.json().message).toBe(messages.cformSaved);
    // The stockist's own row is saved; the franchisee never sees it.
    expect((await post("/api/cform/getCFormDetails", { year: 2017 })).json().rows).toHaveLength(2);
    const [row] = await world.database.db.select().from(cforms).where(eq(cforms.userId, stockistId));
    expect(row?.fileMime).toBe("application/x-cfb");
    expect(row?.fileSize).toBe(1536);
    const [open] = (await post("/api/cform/getCFormDetails", { year: 2017 }, stockist)).json().rows;
    expect(open.statusLabel).toBe("Submitted");
    const jpeg = await upload({ name: "scan.jpeg", bytes: jpegFile(CFORM_MAX_BYTES) }, data([cstDec]));
    expect(jpeg.statusCode).toBe(200);
    const [dec] = (await post("/api/cform/getCFormDetails", { year: 2016, quarter: 4 })).json().rows;
    expect(dec).toMatchObject({ InvoiceNumber: cstDec, statusLabel: "Submitted", fileName: "scan.jpg" });
  });
});

describe("Payment confirmation", () => {
  it("lists the partner's orders waiting for payment with their total payable", async () => {
    const res = await get("/api/payment/pending?accountId=1");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const poids = body.orders.map((o: { poid: string }) => o.poid);
    expect(poids).toContain(franchiseeOrder.poid);
    expect(poids).not.toContain(stockistOrder);
    const sum = body.orders.reduce(
      (s: bigint, o: { amountPayable: string }) => s + toPaise(o.amountPayable),
      0n,
    );
    expect(body.totalPayable).toBe(paiseToDecimal(sum));
    expect((await get("/api/payment/pending?accountId=2")).json().orders).toEqual([]);
    expect((await get("/api/payment/pending?accountId=3")).statusCode).toBe(400);
  });

  const confirm = (data: object, headers = kit.franchisee) =>
    post("/api/payment/processConfirmPayment", { paymentData: data }, headers);
  const valid = () => ({
    paymentType: "Neft",
    referenceId: "UTR778899",
    totalAmountPaid: franchiseeOrder.payable,
    orders: [franchiseeOrder.poid],
  });

  it.each([
    ["no orders", { orders: [] }, "Please select appropriate orders for payment."],
    [
      "less than payable",
      { totalAmountPaid: "1.00" },
      "Please check the amount paid based on amount payable.",
    ],
    [
      "a non-numeric amount",
      { totalAmountPaid: "12abc" },
      "Please check the amount paid based on amount payable.",
    ],
    ["no mode", { paymentType: undefined }, "Please select the payment mode."],
    ["an unknown mode", { paymentType: "Cash" }, "Please select the payment mode."],
    ["no reference", { referenceId: "  " }, "Please provide reference no."],
    ["a missing reference", { referenceId: undefined }, "Please provide reference no."],
  ])("refuses %s with the spec's message", async (_what, change, message) => {
    const res = await confirm({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses another partner's order as not appropriate, writing nothing", async () => {
    const res = await confirm({ ...valid(), orders: [franchiseeOrder.poid, stockistOrder] });
    expect(res.json().message).toBe(messages.selectOrdersForPayment);
    const rows = await world.database.db
      .select()
      .from(paymentsTable)
      .where(eq(paymentsTable.userId, franchiseeId));
    expect(rows).toHaveLength(0);
  });

  it("records the confirmation, credits the ledger only when staff approve, and shows each status", async () => {
    const ledgerBefore = await kioskDebitBalance(world.database.db, franchiseeId);
    const res = await confirm(valid());
    expect(res.statusCode).toBe(200);
    expect(res.json().referenceId).toBe("UTR778899");
    expect(res.json().message).toBe(financeMessages.paymentConfirmed("UTR778899"));
    const id = res.json().id as number;
    // The amount waits for approval and is no longer payable; the same reference again is refused.
    const pending = (await get("/api/payment/pending?accountId=1")).json();
    expect(pending.awaitingApproval).toBe(franchiseeOrder.payable);
    expect(pending.totalPayable).toBe(
      paiseToDecimal(toPaise(pending.balance) - toPaise(franchiseeOrder.payable)),
    );
    expect((await confirm(valid())).json().message).toBe(financeMessages.referenceUsed("UTR778899"));

    let list = (await get("/api/payment/confirmations")).json().rows;
    expect(list[0]).toMatchObject({
      id,
      status: "submitted",
      statusLabel: "Waiting for approval",
      totalAmountPayable: franchiseeOrder.payable,
    });
    expect(await kioskDebitBalance(world.database.db, franchiseeId)).toBe(ledgerBefore);
    expect((await post(`/api/admin/payments/${id}/approve`, {})).statusCode).toBe(403);
    expect((await get(`/api/payment/confirmations/${id}`, stockist)).statusCode).toBe(404);

    expect((await kit.call("POST", `/api/admin/payments/${id}/approve`, {})).statusCode).toBe(200);
    list = (await get("/api/payment/confirmations")).json().rows;
    expect(list[0]).toMatchObject({ id, status: "approved", statusLabel: "Approved" });
    const credit = await world.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sourceKind, "payment"), eq(ledgerEntries.sourceId, String(id))));
    expect(credit[0]?.credit).toBe(franchiseeOrder.payable);
    expect(await kioskDebitBalance(world.database.db, franchiseeId)).toBe(
      paiseToDecimal(toPaise(ledgerBefore) - toPaise(franchiseeOrder.payable)),
    );
  });

  it("shows a rejection with its reason and frees the order again", async () => {
    const res = await confirm({
      ...valid(),
      referenceId: "CHQ0042",
      paymentType: "Cheque",
      orders: [secondOrder.poid],
      totalAmountPaid: secondOrder.payable,
    });
    const id = res.json().id as number;
    expect(
      (await kit.call("POST", `/api/admin/payments/${id}/reject`, { reason: "Cheque bounced" })).statusCode,
    ).toBe(200);
    const mine = (await get(`/api/payment/confirmations/${id}`)).json();
    expect(mine).toMatchObject({ status: "rejected", statusLabel: "Rejected", reason: "Cheque bounced" });
    const [notice] = await kit.notificationsOf(franchiseeId);
    expect(notice).toMatchObject({
      title: "Payment rejected",
      message: "Your payment CHQ0042 was rejected: Cheque bounced",
      target: "/account/confirmPayment",
    });
    const pending = (await get("/api/payment/pending?accountId=1"))
      .json()
      .orders.map((o: { poid: string }) => o.poid);
    expect(pending).toContain(secondOrder.poid);
  });
});

describe("Kiosk debit limit", () => {
  it("reads the debit balance from the ledger and refuses above 5000 only", async () => {
    const db = world.database.db;
    const sumOf = async () => {
      const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, kioskId));
      return paiseToDecimal(rows.reduce((s, r) => s + toPaise(r.debit) - toPaise(r.credit), 0n));
    };
    const start = await kioskDebitBalance(db, kioskId);
    expect(start).toBe(await sumOf());
    const topUp = paiseToDecimal(500_000n - toPaise(start));
    expect(
      (
        await kit.call("POST", `/api/admin/ledger/${kioskId}/notes`, {
          kind: "courierExpenses",
          amount: topUp,
          description: "Courier",
        })
      ).statusCode,
    ).toBe(200);
    expect(await kioskDebitBalance(db, kioskId)).toBe("5000.00");
    await expect(assertKioskDebitWithinLimit(db, kioskId)).resolves.toBeUndefined();
    await kit.call("POST", `/api/admin/ledger/${kioskId}/notes`, {
      kind: "courierExpenses",
      amount: "0.01",
      description: "Courier",
    });
    expect(await kioskDebitBalance(db, kioskId)).toBe("5000.01");
    await expect(assertKioskDebitWithinLimit(db, kioskId)).rejects.toMatchObject({
      status: 400,
      message: "Your Debit Balance is Greater than 5000",
    });
  });
});
