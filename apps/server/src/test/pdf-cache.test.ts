/**
 * Issue 32: invoice and ledger statement PDFs are rendered once per version of what they print and
 * kept in the database (`lib/pdf-cache.ts`, table pdf_cache). Two app instances on one database
 * answer the very same bytes (pdfmake stamps each render with its time, so equal bytes mean one
 * render); a changed document (the buyer's GSTIN, a new journal entry in the period) is a new
 * version and a new PDF that prints the change.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixClock, restoreClock } from "./clock";
import { createTestWorld, type TestWorld } from "./harness";
import { pdfText } from "./pdf-text";

let world: TestWorld;
let a: FastifyInstance;
let b: FastifyInstance;
let staff: { authorization: string };
let franchisee: { authorization: string };

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 2 });
  a = world.app;
  b = await world.anotherInstance();
  staff = await world.signIn("admin@demo.in");
  franchisee = await world.signIn("franchisee@demo.in");
}, 300_000);
afterAll(async () => {
  await world?.close();
  restoreClock();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};
const cached = async () => (await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM pdf_cache`))[0]!.n;

describe("invoice PDFs kept by version", () => {
  it("are rendered once and shared by two instances; a changed invoice is a new PDF", async () => {
    const [invoice] = await rowsOf<{ id: number; number: string }>(
      sql`SELECT i.id, i.number FROM invoices i JOIN users u ON u.id = i.user_id
        WHERE i.kind = 'TAX INVOICE' AND u.email = 'franchisee@demo.in' ORDER BY i.id LIMIT 1`,
    );
    expect(invoice).toBeDefined();
    const url = `/api/admin/invoices/${invoice!.id}/pdf`;
    const before = await cached();
    const first = await a.inject({ method: "GET", url, headers: staff });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await cached()).toBe(before + 1);
    const again = await b.inject({ method: "GET", url, headers: staff });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(await cached()).toBe(before + 1);

    // the buyer's GSTIN recorded on the invoice changes: what it prints changes, so does the PDF
    const gstin = "27AAPFU0939F1ZV";
    expect(await pdfText(first.rawPayload)).not.toContain(gstin);
    await world.database.db.execute(
      sql`UPDATE invoices SET buyer_gstin = ${gstin} WHERE id = ${invoice!.id}`,
    );
    const changed = await b.inject({ method: "GET", url, headers: staff });
    expect(changed.statusCode).toBe(200);
    expect(Buffer.compare(changed.rawPayload, first.rawPayload)).not.toBe(0);
    expect(await pdfText(changed.rawPayload)).toContain(gstin);
    expect(await cached()).toBe(before + 2);
    const changedAgain = await a.inject({ method: "GET", url, headers: staff });
    expect(Buffer.compare(changedAgain.rawPayload, changed.rawPayload)).toBe(0);
    expect(await cached()).toBe(before + 2);
  });
});

describe("ledger statement PDFs kept by version", () => {
  it("are shared by two instances, and a new entry in the period gives a new statement PDF", async () => {
    const body = { fromDate: "2026-08-01", toDate: "2026-11-18", ledgerAccount: 1 };
    const ask = (app: FastifyInstance) =>
      app.inject({ method: "POST", url: "/api/ledger/getLedger/pdf", headers: franchisee, payload: body });
    const first = await ask(a);
    expect(first.statusCode).toBe(200);
    expect(await pdfText(first.rawPayload)).not.toContain("₹1,27,937.16");
    const again = await ask(b);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // another period is another document
    const otherPeriod = await a.inject({
      method: "POST",
      url: "/api/ledger/getLedger/pdf",
      headers: franchisee,
      payload: { ...body, fromDate: "2026-09-01" },
    });
    expect(Buffer.compare(otherPeriod.rawPayload, first.rawPayload)).not.toBe(0);

    const [partner] = await rowsOf<{ id: number }>(
      sql`SELECT id FROM users WHERE email = 'franchisee@demo.in'`,
    );
    await world.database.db.execute(sql`INSERT INTO ledger_entries
      (user_id, ledger_account, entry_date, voucher_type, voucher_number, debit, credit, description, source_kind, source_id)
      VALUES (${partner!.id}, 1, '2026-11-17', 'Debit Note', 'DM00/2627/PDFCACHE', 123.45, 0,
        'Courier charges (pdf cache test)', 'courier', 'pdf-cache-test')`);
    const after = await ask(b);
    expect(after.statusCode).toBe(200);
    expect(Buffer.compare(after.rawPayload, first.rawPayload)).not.toBe(0);
    expect(await pdfText(after.rawPayload)).toContain("₹1,27,937.16");
    expect(Buffer.compare((await ask(a)).rawPayload, after.rawPayload)).toBe(0);
  });
});
