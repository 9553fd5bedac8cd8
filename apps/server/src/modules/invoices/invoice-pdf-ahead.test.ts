/**
 * Issue 32: an invoice's PDF is rendered ahead, by a job queued in the transaction that issues it, so
 * a partner's first download is a read of the kept PDF (`lib/pdf-cache.ts`), not a 30-40 ms render
 * under load. And every PDF shares one parse of each font (`lib/pdfmake.ts`): documents rendered at
 * the same time each print their own text.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderPdf } from "../../lib/pdfmake";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { pdfText } from "../../test/pdf-text";
import { INVOICE_PDF_JOB } from "./service";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;

beforeAll(async () => {
  fixClock();
  // The small demo world has no orders: every invoice below is issued by the test.
  world = await createTestWorld();
  kit = await backOfficeKit(world);
}, 300_000);
afterAll(async () => {
  await world?.close();
  restoreClock();
});

const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};
const keptPdfs = async () =>
  (await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM pdf_cache`))[0]!.n;
const queuedNumbers = async () =>
  (
    await rowsOf<{ payload: { numbers: string[] } }>(
      sql`SELECT payload FROM jobs WHERE kind = ${INVOICE_PDF_JOB} AND status = 'queued' ORDER BY id`,
    )
  ).flatMap((j) => j.payload.numbers);

/** A franchisee's order confirmed, loaded, handed over and shipped by staff, with its tax invoice. */
async function shippedOrder(quantities: number[], docketNo: string) {
  const o = await kit.order(quantities);
  expect((await kit.call("POST", `/api/admin/orders/${o.poid}/confirm`, {})).statusCode).toBe(200);
  const load = (await kit.call("POST", "/api/admin/loads", { poids: [o.poid] })).json();
  await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, { transporter: "Blue Dart", docketNo });
  const shipped = (await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).json();
  const [tax] = await rowsOf<{ id: number; number: string }>(
    sql`SELECT id, number FROM invoices WHERE id = ${shipped.invoiceId}`,
  );
  return { o, tax: tax! };
}

/** The PDF's text without its spaces (pdfmake places each word by itself: PDF.js joins them loosely). */
const pdfWords = async (bytes: Buffer | Uint8Array) => squash(await pdfText(bytes));
const squash = (text: string) => text.replace(/\s+/g, "");

describe("invoice PDFs rendered ahead", () => {
  it("a confirmed order's proforma and a shipped load's tax invoice are kept before anyone asks", async () => {
    const { o, tax } = await shippedOrder([2, 1], "PDF1");
    const [proforma] = await rowsOf<{ number: string }>(
      sql`SELECT number FROM invoices WHERE poid = ${o.poid} AND kind = 'PERFORMA INVOICE'`,
    );
    // queued by the confirmation and the shipment, in their transactions
    expect(await queuedNumbers()).toEqual([proforma!.number, tax.number]);

    const before = await keptPdfs();
    await world.app.backOffice.jobs.drain();
    expect(await queuedNumbers()).toEqual([]);
    expect(await keptPdfs()).toBe(before + 2);

    // the partner's download and staff's print are the kept PDF: no render, the same bytes
    const partner = await kit.call("GET", `/api/invoice/pdf?orderId=${o.poid}`, undefined, kit.franchisee);
    expect(partner.statusCode).toBe(200);
    const staff = await kit.call("GET", `/api/admin/invoices/${tax.id}/pdf`);
    expect(staff.statusCode).toBe(200);
    expect(Buffer.compare(staff.rawPayload, partner.rawPayload)).toBe(0);
    expect(await keptPdfs()).toBe(before + 2);
    const text = await pdfWords(partner.rawPayload);
    expect(text).toContain(squash(`Invoice No: ${tax.number}`));
    expect(text).toContain(squash("Amount payable: ₹935.79"));
  });

  it("renders a tax invoice again once its IRN is registered, and queues it again when the IRN is cancelled", async () => {
    const { o, tax } = await shippedOrder([1], "PDF2");
    await world.app.backOffice.jobs.drain();
    const unregistered = await kit.call("GET", `/api/admin/invoices/${tax.id}/pdf`);
    expect(await pdfWords(unregistered.rawPayload)).not.toContain("IRN:");

    const registered = await kit.call("POST", `/api/admin/invoices/${tax.id}/einvoice/register`, {});
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ state: "registered", errorMessage: null });
    expect(await queuedNumbers()).toEqual([tax.number]);
    const before = await keptPdfs();
    await world.app.backOffice.jobs.drain();
    expect(await keptPdfs()).toBe(before + 1);
    const partner = await kit.call("GET", `/api/invoice/pdf?orderId=${o.poid}`, undefined, kit.franchisee);
    expect(await keptPdfs()).toBe(before + 1);
    expect(await pdfWords(partner.rawPayload)).toContain(squash(`IRN: ${registered.json().irn}`));

    const cancelled = await kit.call("POST", `/api/admin/invoices/${tax.id}/einvoice/cancel`, {
      reason: "2",
      remark: "Data entry mistake",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await queuedNumbers()).toEqual([tax.number]);
    await world.app.backOffice.jobs.drain();
    // the cancelled invoice prints as it did before registration: that PDF is still kept
    expect(await keptPdfs()).toBe(before + 1);
    const again = await kit.call("GET", `/api/invoice/pdf?orderId=${o.poid}`, undefined, kit.franchisee);
    expect(Buffer.compare(again.rawPayload, unregistered.rawPayload)).toBe(0);
  });

  it("leaves invoices issued before the cache's 30 days to their first download", async () => {
    const [tax] = await rowsOf<{ number: string }>(
      sql`SELECT number FROM invoices WHERE kind = 'TAX INVOICE' ORDER BY id DESC LIMIT 1`,
    );
    const before = await keptPdfs();
    const later = new Date(TEST_NOW.getTime() + 31 * 86_400_000);
    expect(await world.app.backOffice.invoices.prerenderPdfs({ numbers: [tax!.number] }, later)).toBe(0);
    // a payload that is not a list of numbers is the job's error (retried, then left failed), not a render
    await expect(world.app.backOffice.invoices.prerenderPdfs({ numbers: "x" }, TEST_NOW)).rejects.toThrow();
    expect(await keptPdfs()).toBe(before);
  });
});

describe("one parse of each font for every PDF", () => {
  it("documents rendered at the same time each print their own text, in every font style", async () => {
    const doc = (n: number) => ({
      content: [
        { text: `Document ${n} ₹${n},00,000.00`, bold: n % 2 === 0 },
        { text: `Italic line of document ${n}`, italics: true },
        { table: { body: [[`Cell ${n}-a`, `Cell ${n}-b`]] } },
      ],
    });
    const pdfs = await Promise.all(Array.from({ length: 8 }, (_, n) => renderPdf(doc(n))));
    const texts = await Promise.all(pdfs.map(pdfWords));
    texts.forEach((text, n) => {
      expect(text).toContain(squash(`Document ${n} ₹${n},00,000.00`));
      expect(text).toContain(squash(`Italic line of document ${n}`));
      expect(text).toContain(squash(`Cell ${n}-b`));
      for (let other = 0; other < 8; other++)
        if (other !== n) expect(text).not.toContain(`Document${other}₹`);
    });
  });
});
