import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOAD_DATA_FILE_COLUMNS } from "@portal/contracts";
import { accountMessages, addMonths, amountInWords, formatRupees, indiaDay, messages } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let stockist: Awaited<ReturnType<TestWorld["signIn"]>>;
/** The tests run on a fixed clock (a mid-month Wednesday): orders placed now are dated today. */
const today = indiaDay(TEST_NOW);
const monthStart = `${today.slice(0, 8)}01`;

/** Orders of the franchisee: one Pending, one Confirmed, two in a shipped and delivered load. */
let pending: string;
let confirmed: string;
let shippedA: { poid: string; products: { id: number; qty: number }[] };
let shippedB: string;
let loadId: number;
let invoiceNumber: string;

beforeAll(async () => {
  fixClock();
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  stockist = await world.signIn("stockist@demo.in");
  pending = (await kit.order([1])).poid;
  confirmed = (await kit.order([2])).poid;
  await kit.call("POST", `/api/admin/orders/${confirmed}/confirm`, {});
  shippedA = await kit.order([3, 2]);
  shippedB = (await kit.order([4])).poid;
  for (const poid of [shippedA.poid, shippedB])
    expect((await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {})).statusCode).toBe(200);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [shippedA.poid, shippedB] })).json();
  loadId = load.id;
  await kit.call("POST", `/api/admin/loads/${loadId}/hand-over`, {
    transporter: "Blue Dart",
    docketNo: "BD777",
  });
  const shipped = (await kit.call("POST", `/api/admin/loads/${loadId}/ship`, {})).json();
  invoiceNumber = shipped.invoiceNumber;
  // One unit of shippedA's first line did not arrive.
  const first = shippedA.products[0];
  if (!first) throw new Error("no line");
  const delivered = await kit.call("POST", `/api/admin/loads/${loadId}/deliver`, {
    lines: [{ poid: shippedA.poid, productId: first.id, deliveredQuantity: 2 }],
  });
  expect(delivered.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers = kit.franchisee) => world.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object = {}, headers = kit.franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });

describe("GET /api/order: filters and their rules", () => {
  it("defaults to the first of this month to today and pages 10 at a time", async () => {
    const res = await get("/api/order");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applied).toEqual({
      orderFrom: monthStart,
      orderTo: today,
      shipFrom: null,
      shipTo: null,
      status: [],
    });
    expect(body.count).toBe(4);
    expect(body.pageSize).toBe(10);
    expect(body.rows.map((r: { poid: string }) => r.poid).sort()).toEqual(
      [pending, confirmed, shippedA.poid, shippedB].sort(),
    );
    const row = body.rows.find((r: { poid: string }) => r.poid === shippedA.poid);
    expect(row.status).toBe("Delivered");
    expect(row.source).toBe("B2B");
    expect(row.gapReport).toBe(1);
    expect(row.shippingdetails).toMatchObject({ loadId, referenceNumber: "BD777", company: "Blue Dart" });
    expect(row.invoiceAvailable).toBe(true);
    expect(body.rows.find((r: { poid: string }) => r.poid === pending).invoiceAvailable).toBe(false);
  });

  it("pages, filters by status, warehouse and source", async () => {
    const page = (
      await get(`/api/order?orderFrom=${monthStart}&orderTo=${today}&pageNo=2&pageSize=20`)
    ).json();
    expect(page.rows).toHaveLength(0);
    expect(page.count).toBe(4);
    expect((await get("/api/order?pageSize=15")).json().message).toContain(
      "pageSize must be one of 10, 20, 30, 50",
    );
    const s = (
      await get(`/api/order?orderFrom=${monthStart}&orderTo=${today}&status=Pending,Confirmed`)
    ).json();
    expect(s.rows.map((r: { poid: string }) => r.poid).sort()).toEqual([pending, confirmed].sort());
    expect((await get("/api/order?status=Lost")).statusCode).toBe(400);
    expect((await get("/api/order?warehouseId=3")).json().count).toBe(0);
    expect((await get("/api/order?source=Kiosk")).json().count).toBe(0);
    expect((await get("/api/order?source=B2B")).json().count).toBe(4);
  });

  it("refuses filters with the spec's messages", async () => {
    const cases: [string, string][] = [
      [`orderFrom=${monthStart}`, messages.selectOrderDates],
      [`orderTo=${today}`, messages.selectOrderDates],
      [`shipFrom=${monthStart}`, messages.selectShipDates],
      ["orderFrom=&orderTo=&shipFrom=&shipTo=", messages.selectOrderOrShipFrom],
      [`shipFrom=${monthStart}&shipTo=${today}&status=Pending`, messages.shipDatesNotApplicable],
      [`shipFrom=${monthStart}&shipTo=${today}&status=Shipped,Cancelled`, messages.shipDatesNotApplicable],
      [`orderFrom=2026-01-01&orderTo=2026-04-02`, accountMessages.rangeTooLong],
      [`orderFrom=${today}&orderTo=${addMonths(today, 1)}`, accountMessages.futureDate],
      [`orderFrom=${today}&orderTo=${monthStart}`, accountMessages.toBeforeFrom],
      ["orderFrom=01-11-2026&orderTo=2026-11-02", accountMessages.notADay("orderFrom")],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/order?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    expect(messages.shipDatesNotApplicable).toBe(
      "Shipped from and Shipped to dates are not applicable for Pending / Confirmed / Cancelled status.",
    );
  });

  it("ship dates alone mean Shipped and Delivered", async () => {
    const body = (await get(`/api/order?shipFrom=${monthStart}&shipTo=${today}`)).json();
    expect(body.applied.status).toEqual(["Shipped", "Delivered"]);
    expect(body.rows.map((r: { poid: string }) => r.poid).sort()).toEqual([shippedA.poid, shippedB].sort());
  });

  it("GET /api/order/stats answers the totals for the same filters", async () => {
    const stats = (await get("/api/order/stats?status=Pending")).json();
    expect(stats.totalorders).toBe(1);
    expect(stats.totals.totalQuantity).toBe(1);
    expect((await get("/api/order/stats")).json().totalorders).toBe(4);
    expect((await get(`/api/order/stats?orderFrom=${monthStart}`)).json().message).toBe(
      messages.selectOrderDates,
    );
  });

  it("exports CSV, and none is No Orders Found!!", async () => {
    const res = await get("/api/order/csv");
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "OrderID,OrderDate,Status,Source,WarehouseID,Warehouse,TotalItems,TotalQuantity,TotalMRP,NetPayment,ShipDate,DocketNo,Transporter,InvoiceNo,PaymentStatus,AmountDue",
    );
    expect(lines).toHaveLength(5);
    const none = await get("/api/order/csv?warehouseId=3");
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No Orders Found!!");
  });

  it("a partner never sees another's orders", async () => {
    expect((await get("/api/order", stockist)).json().count).toBe(0);
    expect((await get(`/api/order/${pending}`, stockist)).statusCode).toBe(404);
    expect((await get(`/api/order/getGapReport?orderId=${shippedA.poid}`, stockist)).statusCode).toBe(404);
    expect((await post(`/api/invoice/getInvoice?orderId=${confirmed}`, {}, stockist)).statusCode).toBe(404);
    expect((await get(`/api/cpo/getLoadById?loadId=${loadId}`, stockist)).statusCode).toBe(404);
    expect((await get(`/api/cpo/getLoadInvoice?loadId=${loadId}`, stockist)).statusCode).toBe(404);
    expect((await get(`/api/datafile/getCSVDataFile/${loadId}`, stockist)).statusCode).toBe(404);
    expect((await get(`/api/invoice/pdf?orderId=${shippedB}`, stockist)).statusCode).toBe(404);
  });
});

describe("order details, gap report and reorder", () => {
  it("details carry the lines and the source", async () => {
    const order = (await get(`/api/order/${shippedA.poid}`)).json();
    expect(order.source).toBe("B2B");
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0]).toMatchObject({ orderedQuantity: 3, quantity: 2, stockType: "OwnedStock" });
  });

  it("the gap report is ordered minus delivered", async () => {
    const report = (await get(`/api/order/getGapReport?orderId=${shippedA.poid}`)).json();
    expect(report.lines.map((l: { gap: number }) => l.gap)).toEqual([1, 0]);
    expect(report.lines[0]).toMatchObject({ orderedQuantity: 3, deliveredQuantity: 2 });
    expect(report.totalGap).toBe(1);
  });

  it("gap reorder puts the gap in the cart; again is Already added to cart..!!", async () => {
    const first = shippedA.products[0];
    const res = await post(`/api/order/${shippedA.poid}/reorder?mode=gap`);
    expect(res.statusCode).toBe(200);
    expect(res.json().lines).toEqual([
      expect.objectContaining({ productId: first?.id, requested: 1, added: 1, outcome: "added" }),
    ]);
    const cart = (await get("/api/users/cart")).json();
    expect(cart.products.find((p: { productId: number }) => p.productId === first?.id)?.qty).toBe(1);
    const again = (await post(`/api/order/${shippedA.poid}/reorder?mode=gap`)).json();
    expect(again.lines[0]).toMatchObject({ outcome: "refused", message: messages.alreadyInCart });
  });

  it("order again takes every line; a line out of stock is Product is not Available", async () => {
    await kit.db.execute(
      `UPDATE product_stock SET stock = 0 WHERE product_id = ${shippedA.products[1]?.id}` as never,
    );
    const res = (await post(`/api/order/${shippedA.poid}/reorder?mode=all`)).json();
    expect(res.lines.map((l: { outcome: string }) => l.outcome)).toEqual(["refused", "refused"]);
    expect(res.lines[1].message).toBe("Product is not Available");
  });
});

describe("invoices", () => {
  it("no invoice for a Pending order; PERFORMA for Confirmed; TAX for Delivered", async () => {
    const none = await post(`/api/invoice/getInvoice?orderId=${pending}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Invoice details is not available!!");
    const proforma = (await post(`/api/invoice/getInvoice?orderId=${confirmed}`)).json();
    expect(proforma.kind).toBe("PERFORMA INVOICE");
    const tax = (await post(`/api/invoice/getInvoice?orderId=${shippedB}`)).json();
    expect(tax.kind).toBe("TAX INVOICE");
    expect(tax.number).toBe(invoiceNumber);
  });

  it("the PDF is a real PDF carrying the number, GSTIN, HSN and total in rupees", async () => {
    const res = await get(`/api/invoice/pdf?orderId=${shippedB}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const invoice = (await post(`/api/invoice/getInvoice?orderId=${shippedB}`)).json();
    const dir = mkdtempSync(path.join(tmpdir(), "inv-"));
    const file = path.join(dir, "invoice.pdf");
    writeFileSync(file, res.rawPayload);
    // INVOICE_PDF_OUT=/tmp/x.pdf keeps a copy to look at (pdftoppm -png -r 60).
    if (process.env.INVOICE_PDF_OUT) writeFileSync(process.env.INVOICE_PDF_OUT, res.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    expect(text).toContain(invoiceNumber);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(invoice.warehouse.gstNo);
    expect(text).toContain(invoice.company.gstNo);
    expect(text).toContain(invoice.lines[0].hsnCode);
    expect(text).toContain("CGST");
    expect(text).toContain(`Amount payable: ${formatRupees(invoice.total)}`);
    expect(text).toContain(amountInWords(invoice.total));
  });
});

describe("loads and data files", () => {
  const filter = (loadFilter: object) => ({ loadFilter });

  it("lists, totals and exports the partner's loads under the load filter", async () => {
    const list = (await post("/api/cpo/getLoad", filter({ pageNo: 1, selectedPageSize: 10 }))).json();
    expect(list.count).toBe(1);
    expect(list.rows[0]).toMatchObject({
      LoadID: loadId,
      LoadStatus: "Shipped",
      AWBNo: "BD777",
      Transporter: "Blue Dart",
    });
    expect(list.rows[0].ActualShippingDate).toBe("18-11-2026");
    expect((await post("/api/cpo/getLoad", filter({ loadStatus: "Hand Over" }))).json().count).toBe(0);
    expect(
      (await post("/api/cpo/getLoad", filter({ productId: shippedA.products[1]?.id }))).json().count,
    ).toBe(1);
    expect((await post("/api/cpo/getLoad", filter({ productId: 1 }))).json().count).toBe(0);
    expect((await post("/api/cpo/getLoad", filter({ selectedPageSize: 50 }))).statusCode).toBe(400);
    // A to-date earlier than the from-date is cleared.
    expect(
      (await post("/api/cpo/getLoad", filter({ loadFrom: monthStart, loadTo: "2000-01-01" }))).json().count,
    ).toBe(1);
    const totals = (await post("/api/cpo/getLoadTotal", filter({}))).json();
    expect(totals).toMatchObject({ TotalLoad: 1, TotalProducts: 3, TotalQuantity: 9 });
    const csv = await post("/api/cpo/getCSVData", filter({}));
    expect(csv.body.split(/\r?\n/)).toHaveLength(2);
    expect((await post("/api/cpo/getLoad", filter({}), stockist)).json().count).toBe(0);
  });

  it("load details, load invoice and the data file in the spec's columns", async () => {
    const load = (await get(`/api/cpo/getLoadById?loadId=${loadId}`)).json();
    expect(load.lines).toHaveLength(3);
    expect(load.lines[0].poid).toBe(shippedA.poid);
    const invoice = (await get(`/api/cpo/getLoadInvoice?loadId=${loadId}`)).json();
    expect(invoice.number).toBe(invoiceNumber);
    const pdf = await get(`/api/cpo/getLoadInvoice/pdf?loadId=${loadId}`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const file = await get(`/api/datafile/getCSVDataFile/${loadId}`);
    const rows = file.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe(LOAD_DATA_FILE_COLUMNS.join(","));
    expect(rows[0]?.split(",")).toHaveLength(32);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.startsWith(`${invoiceNumber},`)).toBe(true);
  });

  it("a load with no invoice or no lines answers the spec's messages", async () => {
    const c = (await kit.order([1])).poid;
    await kit.call("POST", `/api/admin/orders/${c}/confirm`, {});
    const load = (await kit.call("POST", "/api/admin/loads", { poids: [c] })).json();
    const res = await get(`/api/cpo/getLoadInvoice?loadId=${load.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Invoice details are not available!!");
    expect((await get("/api/datafile/getCSVDataFile/999999")).statusCode).toBe(404);
  });

  it("the discount file lists margins by brand and category", async () => {
    const res = await get("/api/discount");
    const rows = res.body.trim().split(/\r?\n/);
    expect(rows[0]).toBe("BrandID,Brand,CategoryID,Category,SubcategoryID,Subcategory,Margin");
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[1]).toBe("621,Babyhug,1,Diapering,101,Diapers,31.50");
  });
});
