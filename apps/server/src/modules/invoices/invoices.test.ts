/**
 * The invoices desk (issue 27): the list searched by number, PO and partner, filtered by kind,
 * partner, warehouse and issue days, sorted in SQL over every row, exported as CSV (every matching
 * row, India's days); one invoice, its PDF, and the warehouse choices.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatDate, messages } from "@portal/domain";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { userIdOf } from "../../test/cart-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;

interface Row {
  id: number;
  number: string;
  kind: string;
  user_id: number;
  warehouse_id: number;
  poid: string | null;
  load_id: number | null;
  issued_on: string;
  partner: string;
  email: string;
}
let all: Row[];

const rowsOf = async (query: ReturnType<typeof sql>) =>
  (world.database.db.execute(query) as unknown as Promise<{ rows: Row[] }>).then((r) => r.rows);

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 2 });
  kit = await backOfficeKit(world);
  all = await rowsOf(sql`
    SELECT i.id, i.number, i.kind, i.user_id, i.warehouse_id, i.poid, i.load_id, i.issued_on::text AS issued_on,
           coalesce(u.store_name, u.firstname || ' ' || u.lastname) AS partner, u.email
    FROM invoices i JOIN users u ON u.id = i.user_id`);
}, 300_000);
afterAll(() => world.close());

const list = (query: string, headers = kit.staff) =>
  kit.call("GET", `/api/admin/invoices?${query}`, undefined, headers);
const ids = (res: { json(): { rows: { id: number }[] } }) => res.json().rows.map((r) => r.id);

describe("the invoices list", () => {
  it("holds both kinds from the demo history, newest first", async () => {
    expect(all.filter((r) => r.kind === "TAX INVOICE").length).toBeGreaterThan(2);
    expect(all.filter((r) => r.kind === "PERFORMA INVOICE").length).toBeGreaterThan(2);
    const res = await list("pageSize=500");
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(all.length);
    const first = res.json().rows[0];
    const newest = [...all].sort((a, b) => b.issued_on.localeCompare(a.issued_on) || b.id - a.id)[0];
    expect(first).toMatchObject({
      id: newest?.id,
      number: newest?.number,
      partnerName: newest?.partner,
      partnerEmail: newest?.email,
    });
  });

  it("sorts over every row, not the page: issue day and partner, both ways", async () => {
    const byDay = [...all].sort((a, b) => a.issued_on.localeCompare(b.issued_on) || a.id - b.id);
    const byDayDown = [...all].sort((a, b) => b.issued_on.localeCompare(a.issued_on) || b.id - a.id);
    expect(ids(await list("sort=issuedOn&pageSize=3"))).toEqual(byDay.slice(0, 3).map((r) => r.id));
    expect(ids(await list("sort=-issuedOn&pageSize=3"))).toEqual(byDayDown.slice(0, 3).map((r) => r.id));
    // the last page of the ascending sort ends where the descending one starts
    const pages = Math.ceil(all.length / 3);
    expect(ids(await list(`sort=issuedOn&pageSize=3&page=${pages}`)).at(-1)).toBe(byDayDown[0]?.id);

    // names in the database's own collation
    const byPartner = (direction: ReturnType<typeof sql.raw>) =>
      rowsOf(sql`SELECT i.id FROM invoices i JOIN users u ON u.id = i.user_id
        ORDER BY coalesce(u.store_name, u.firstname || ' ' || u.lastname) ${direction}, i.id ${direction} LIMIT 3`);
    expect(ids(await list("sort=partnerName&pageSize=3"))).toEqual(
      (await byPartner(sql.raw("ASC"))).map((r) => r.id),
    );
    expect(ids(await list("sort=-partnerName&pageSize=3"))).toEqual(
      (await byPartner(sql.raw("DESC"))).map((r) => r.id),
    );
    expect(new Set(all.map((r) => r.partner)).size).toBeGreaterThan(1);
  });

  it("finds an invoice by its number, by an order of its load (PO), and by the partner's email", async () => {
    const tax = all.find((r) => r.kind === "TAX INVOICE" && r.load_id !== null);
    if (!tax) throw new Error("no tax invoice");
    const byNumber = await list(`q=${encodeURIComponent(tax.number.toLowerCase())}`);
    expect(ids(byNumber)).toEqual([tax.id]);

    const [order] = await rowsOf(
      sql`SELECT poid FROM purchase_orders WHERE load_id = ${tax.load_id} ORDER BY poid LIMIT 1`,
    );
    const poid = (order as unknown as { poid: string }).poid;
    const byPo = await list(`q=${poid}&pageSize=500`);
    // the load's tax invoice and the order's own proforma
    const expected = all.filter((r) => r.id === tax.id || r.poid === poid).map((r) => r.id);
    expect(ids(byPo).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));

    const email = "franchisee@demo.in";
    const byEmail = await list(`q=FRANCHISEE@demo&pageSize=500`);
    expect(byEmail.json().total).toBe(all.filter((r) => r.email === email).length);
    expect(byEmail.json().total).toBeGreaterThan(0);

    expect((await list("q=%25")).json().total).toBe(0);
    expect((await list("q=")).json().total).toBe(all.length);
  });

  it("filters by kind, partner, warehouse and issue days (both included)", async () => {
    const franchiseeId = await userIdOf(world, "franchisee@demo.in");
    const count = (f: (r: Row) => boolean) => all.filter(f).length;
    expect((await list("kind=TAX%20INVOICE")).json().total).toBe(count((r) => r.kind === "TAX INVOICE"));
    expect((await list(`userId=${franchiseeId}`)).json().total).toBe(
      count((r) => r.user_id === franchiseeId),
    );
    expect((await list("warehouseId=2")).json().total).toBe(count((r) => r.warehouse_id === 2));
    const days = [...new Set(all.map((r) => r.issued_on))].sort();
    const from = days[1] ?? "";
    const to = days[days.length - 2] ?? "";
    expect((await list(`from=${from}&to=${to}`)).json().total).toBe(
      count((r) => r.issued_on >= from && r.issued_on <= to),
    );
    expect((await list(`from=${to}&to=${to}`)).json().total).toBe(count((r) => r.issued_on === to));
  });

  it("exports every matching row as CSV, dates as India's days", async () => {
    const res = await list("format=csv&pageSize=5");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="invoices.csv"');
    const [header, ...rows] = Papa.parse<string[]>(res.body.trim()).data;
    expect(header).toEqual([
      "Invoice No",
      "Kind",
      "Date",
      "Financial year",
      "Partner",
      "Partner email",
      "Warehouse",
      "Order",
      "Load",
      "Tax",
      "Total",
    ]);
    expect(rows.length).toBe(all.length);
    const newest = [...all].sort((a, b) => b.issued_on.localeCompare(a.issued_on) || b.id - a.id)[0];
    expect(rows[0]?.slice(0, 3)).toEqual([newest?.number, newest?.kind, formatDate(newest?.issued_on ?? "")]);

    const taxCsv = await list("format=csv&kind=TAX%20INVOICE&sort=number");
    const taxRows = Papa.parse<string[]>(taxCsv.body.trim()).data.slice(1);
    expect(taxRows.length).toBe((await list("kind=TAX%20INVOICE")).json().total);
    expect(taxRows.map((r) => r[0])).toEqual(
      all
        .filter((r) => r.kind === "TAX INVOICE")
        .map((r) => r.number)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it("refuses an unknown sort, a day that is not one, and anyone but staff", async () => {
    const badSort = await list("sort=partner");
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toContain("sort must be one of issuedOn, number, kind, partnerName");
    const badDay = await list("from=2026-02-30");
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toContain("from");
    expect((await list("", await world.signIn("franchisee@demo.in"))).statusCode).toBe(403);
    expect((await world.app.inject({ url: "/api/admin/invoices" })).statusCode).toBe(401);
  });
});

describe("one invoice, its PDF and the filter choices", () => {
  it("shows an invoice as printed, and 404 for an unknown one", async () => {
    const tax = all.find((r) => r.kind === "TAX INVOICE");
    const res = await kit.call("GET", `/api/admin/invoices/${tax?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tax?.id, number: tax?.number, kind: "TAX INVOICE" });
    const missing = await kit.call("GET", "/api/admin/invoices/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.invoiceUnavailable);
  });

  it("answers the PDF the partner downloads, to staff only", async () => {
    const tax = all.find((r) => r.kind === "TAX INVOICE");
    const res = await kit.call("GET", `/api/admin/invoices/${tax?.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="${tax?.number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await kit.call("GET", "/api/admin/invoices/999999/pdf")).statusCode).toBe(404);
    expect((await kit.call("GET", "/api/admin/invoices/abc/pdf")).statusCode).toBe(400);
    const partner = await world.signIn("franchisee@demo.in");
    expect((await kit.call("GET", `/api/admin/invoices/${tax?.id}/pdf`, undefined, partner)).statusCode).toBe(
      403,
    );
    expect((await world.app.inject({ url: `/api/admin/invoices/${tax?.id}/pdf` })).statusCode).toBe(401);
  });

  it("offers the warehouses that issued invoices, by name", async () => {
    const res = await kit.call("GET", "/api/admin/invoices/choices");
    expect(res.statusCode).toBe(200);
    const expected = await rowsOf(
      sql`SELECT w.id, w.name FROM warehouses w WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.warehouse_id = w.id) ORDER BY w.name, w.id`,
    );
    expect(res.json()).toEqual({ warehouses: expected });
    expect(res.json().warehouses.length).toBeGreaterThan(0);
    const partner = await world.signIn("franchisee@demo.in");
    expect((await kit.call("GET", "/api/admin/invoices/choices", undefined, partner)).statusCode).toBe(403);
    expect((await world.app.inject({ url: "/api/admin/invoices/choices" })).statusCode).toBe(401);
  });
});

describe("the buyer's GSTIN as the invoice recorded it at issue", () => {
  const pdfText = async (id: number) => {
    const res = await kit.call("GET", `/api/admin/invoices/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), "invoice-gstin-"));
    const file = path.join(dir, "invoice.pdf");
    writeFileSync(file, res.rawPayload);
    // For a person to look at: the page at 100 dpi where SHOTS_DIR is set.
    if (process.env.SHOTS_DIR)
      execFileSync("pdftoppm", [
        "-r",
        "100",
        "-png",
        "-singlefile",
        file,
        path.join(process.env.SHOTS_DIR, "invoice-bill-to"),
      ]);
    return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
  };
  const query = async <T>(q: ReturnType<typeof sql>) =>
    ((await world.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const franchiseeInvoice = async () => {
    const [row] = await query<{
      id: number;
      number: string;
      buyer_gstin: string | null;
      gstin: string;
      user_id: number;
    }>(sql`
      SELECT i.id, i.number, i.buyer_gstin, u.gstin, u.id AS user_id FROM invoices i JOIN users u ON u.id = i.user_id
      WHERE u.email = 'franchisee@demo.in' AND i.kind = 'TAX INVOICE' ORDER BY i.id LIMIT 1`);
    if (!row) throw new Error("no tax invoice of the franchisee");
    return row;
  };

  it("is taken when the tax invoice is issued and printed as Bill to GSTIN, even after the partner's GSTIN changes", async () => {
    const inv = await franchiseeInvoice();
    expect(inv.gstin).toMatch(/^27[A-Z]{5}\d{4}[A-Z]\dZ[0-9A-Z]$/);
    expect(inv.buyer_gstin).toBe(inv.gstin);
    expect((await kit.call("GET", `/api/admin/invoices/${inv.id}`)).json().partner.billingGstNo).toBe(
      inv.gstin,
    );
    expect(await pdfText(inv.id)).toContain(`GSTIN: ${inv.gstin}`);
    // The partner registers again later under another GSTIN: the invoice keeps the one it was issued to.
    await world.database.db.execute(
      sql`UPDATE users SET gstin = '27AABCB1234F1Z8' WHERE id = ${inv.user_id}`,
    );
    try {
      const text = await pdfText(inv.id);
      expect(text).toContain(`GSTIN: ${inv.gstin}`);
      expect(text).not.toContain("Not registered");
      const einvoice = await kit.call("GET", `/api/admin/invoices/${inv.id}/einvoice`);
      expect(einvoice.json().einvoice.BuyerDtls.Gstin).toBe(inv.gstin);
    } finally {
      await world.database.db.execute(sql`UPDATE users SET gstin = ${inv.gstin} WHERE id = ${inv.user_id}`);
    }
  });

  it("is filled for the invoices issued before it was kept, by migration 0040 from the partner's GSTIN", async () => {
    const inv = await franchiseeInvoice();
    await world.database.db.execute(sql`UPDATE invoices SET buyer_gstin = NULL WHERE id = ${inv.id}`);
    expect((await kit.call("GET", `/api/admin/invoices/${inv.id}`)).json().partner.billingGstNo).toBe(
      inv.gstin,
    );
    const migration = readFileSync(
      fileURLToPath(new URL("../../db/migrations/0040_einvoice_notes.sql", import.meta.url)),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint"))
      await world.database.db.execute(sql.raw(statement));
    const [after] = await query<{ buyer_gstin: string | null }>(
      sql`SELECT buyer_gstin FROM invoices WHERE id = ${inv.id}`,
    );
    expect(after?.buyer_gstin).toBe(inv.gstin);
    const [preGst] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM invoices WHERE issued_on < DATE '2017-07-01' AND buyer_gstin IS NOT NULL`,
    );
    expect(preGst?.n).toBe(0);
  });
});
