/**
 * Every date in the partner's CSVs and PDFs is India's day written dd-MM-yyyy: an order placed at
 * 23:00 UTC is dated the next day, as India saw it. Files are read back (papaparse, pdftotext).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
});
afterAll(() => world.close());

const get = (url: string) => world.app.inject({ method: "GET", url, headers: kit.franchisee });
const rowsOf = (csv: string) =>
  Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;

/** An order placed at `placedAt`, confirmed, loaded and handed over at `builtAt`, then shipped on `shipDay` by staff. */
async function shippedOrder(placedAt: string, builtAt: string, shipDay: string) {
  const { desk, loads } = world.app.backOffice;
  const { poid } = await kit.order([2, 1]);
  await kit.db.execute(sql`UPDATE purchase_orders SET created_at = ${placedAt} WHERE poid = ${poid}`);
  const at = new Date(builtAt);
  await desk.confirm(null, poid, {}, at);
  const load = await loads.create(null, { poids: [poid] }, at);
  await loads.handOver(null, load.id, { transporter: "Gati", docketNo: `GT${load.id}` }, at);
  const shipped = await kit.call("POST", `/api/admin/loads/${load.id}/ship`, { actualShippingDate: shipDay });
  expect(shipped.statusCode).toBe(200);
  return { poid, loadId: load.id, invoiceNumber: shipped.json().invoiceNumber as string };
}

/** The text of a PDF answer, as pdftotext reads it. */
function pdfText(body: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dates-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, body);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

describe("dates in documents", () => {
  it("the order CSV, the load data file and the invoice PDF give India's day as dd-MM-yyyy", async () => {
    // 14 October 2026, 23:00 UTC is 15 October, 04:30 in India.
    const o = await shippedOrder("2026-10-14T23:00:00Z", "2026-10-16T10:00:00+05:30", "2026-10-20");
    expect(o.invoiceNumber).toBe("IM02/2627/000001");

    const csv = await get("/api/order/csv?orderFrom=2026-10-01&orderTo=2026-10-31");
    expect(csv.statusCode).toBe(200);
    const order = rowsOf(csv.body).find((r) => r.OrderID === o.poid);
    expect(order).toMatchObject({ OrderDate: "15-10-2026", ShipDate: "20-10-2026", Status: "Shipped" });

    const dataFile = await get(`/api/datafile/getCSVDataFile/${o.loadId}`);
    expect(dataFile.statusCode).toBe(200);
    const lines = rowsOf(dataFile.body);
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line).toMatchObject({
        InvoiceRef: o.invoiceNumber,
        CreatedDate: "15-10-2026",
        ShippingDate: "20-10-2026",
      });

    const pdf = await get(`/api/cpo/getLoadInvoice/pdf?loadId=${o.loadId}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice No: ${o.invoiceNumber}`);
    expect(text).toContain("Date: 20-10-2026");
    expect(text).toContain("Ship-out date: 20-10-2026");
    expect(text).toContain("GSTIN: 27AACCL1234M1ZI");
    expect(text).not.toMatch(/\b2026-10-\d\d\b/);
  });

  it("an invoice of the VAT era names the dealers' TIN, not a GSTIN", async () => {
    const o = await shippedOrder("2017-06-10T06:00:00Z", "2017-06-15T10:00:00+05:30", "2017-06-20");
    expect(o.invoiceNumber).toBe("IM02/1718/000001");
    const text = pdfText((await get(`/api/cpo/getLoadInvoice/pdf?loadId=${o.loadId}`)).rawPayload);
    expect(text).toContain("Date: 20-06-2017");
    expect(text).toContain("TIN: 27AACCL1234M1ZI");
    expect(text).toContain("Warehouse TIN:");
    expect(text).not.toContain("GSTIN");
  });
});
