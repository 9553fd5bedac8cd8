/**
 * E-invoices through the API on a small demo history (two months before 2026-11-01): one tax
 * invoice's INV-01 JSON from the stored invoice, its registration with the sandbox IRP (IRN,
 * acknowledgement, signed QR code), cancellation within 24 hours, the desk's list, bulk register,
 * who may call, and bad input.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AdminEinvoicesResponse, EinvoiceDetail, EinvoiceRow } from "@portal/contracts";
import { einvoiceMessages as msg } from "@portal/domain";
import { sql } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { jwtData, type QrData } from "./irp";

let world: TestWorld;
let staff: { authorization: string };
let partner: { authorization: string };
let clock = new Date("2026-11-02T10:00:00+05:30");

interface Row extends Record<string, unknown> {
  id: number;
  number: string;
  kind: string;
  issued_on: string;
  total: string;
  email: string;
  gstin: string | null;
  warehouse_gst: string;
  financial_year: string;
}
let invoices: Row[];

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 2, now: () => clock });
  staff = await world.signIn("admin@demo.in");
  partner = await world.signIn("franchisee@demo.in");
  const result = (await world.database.db.execute(sql`
    SELECT i.id, i.number, i.kind, i.issued_on::text AS issued_on, i.total::text AS total, i.financial_year,
           u.email, u.gstin, w.gst_no AS warehouse_gst
    FROM invoices i JOIN users u ON u.id = i.user_id JOIN warehouses w ON w.id = i.warehouse_id
    ORDER BY i.id`)) as unknown as { rows: Row[] };
  invoices = result.rows;
}, 300_000);
afterAll(() => world?.close());

const call = (
  method: "GET" | "POST",
  url: string,
  payload?: unknown,
  headers: Record<string, string> | null = staff,
) => world.app.inject({ method, url, payload: payload as object, headers: headers ?? {} });
const taxInvoices = () => invoices.filter((r) => r.kind === "TAX INVOICE");
const first = () => taxInvoices()[0] as Row;
const second = () => taxInvoices()[1] as Row;
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

describe("an invoice's e-invoice JSON", () => {
  it("is built from the stored tax invoice and passes NIC's schema and the IRP's rules", async () => {
    const inv = first();
    const res = await call("GET", `/api/admin/invoices/${inv.id}/einvoice`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as EinvoiceDetail;
    expect(body.problems).toEqual([]);
    expect(body.row).toMatchObject({ type: "INV", number: inv.number, state: "pending", irn: null });
    const e = body.einvoice as Record<string, Record<string, unknown>>;
    expect(e.Version).toBe("1.1");
    expect(e.TranDtls).toEqual({ TaxSch: "GST", SupTyp: "B2B", RegRev: "N", IgstOnIntra: "N" });
    expect(e.DocDtls).toEqual({ Typ: "INV", No: inv.number, Dt: ddmmyyyy(inv.issued_on) });
    expect(e.SellerDtls).toMatchObject({ Gstin: inv.warehouse_gst, Stcd: inv.warehouse_gst.slice(0, 2) });
    expect(e.BuyerDtls).toMatchObject({ Gstin: inv.gstin, Stcd: inv.gstin?.slice(0, 2) });
    expect(e.ValDtls?.TotInvVal).toBe(Number(inv.total));
  });

  it("refuses a proforma invoice (409) and an unknown one (404)", async () => {
    const proforma = invoices.find((r) => r.kind === "PERFORMA INVOICE") as Row;
    const refused = await call("GET", `/api/admin/invoices/${proforma.id}/einvoice`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, msg.proforma]);
    const unknown = await call("GET", "/api/admin/invoices/999999/einvoice");
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, msg.invoiceNotFound]);
  });

  it("is staff-only: a partner is refused, a signed-out caller asked to sign in", async () => {
    const url = `/api/admin/invoices/${first().id}/einvoice`;
    expect((await call("GET", url, undefined, partner)).statusCode).toBe(403);
    expect((await call("GET", url, undefined, null)).statusCode).toBe(401);
    expect((await call("POST", `${url}/register`, undefined, partner)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/einvoices", undefined, partner)).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/einvoices", undefined, null)).statusCode).toBe(401);
  });

  it("refuses bad input with a reason", async () => {
    for (const [method, url, payload] of [
      ["GET", "/api/admin/invoices/abc/einvoice", undefined],
      ["GET", "/api/admin/einvoices?state=lost", undefined],
      ["GET", "/api/admin/einvoices?page=0", undefined],
      ["POST", `/api/admin/invoices/${first().id}/einvoice/cancel`, { reason: "9", remark: "typo" }],
      ["POST", `/api/admin/invoices/${first().id}/einvoice/cancel`, { reason: "2", remark: "bad\u0007" }],
      ["POST", "/api/admin/einvoices/register", { documents: [] }],
    ] as const) {
      const res = await call(method, url, payload);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe("registering with the sandbox IRP", () => {
  let registered: EinvoiceRow;

  it("answers the IRN (SHA-256 of seller GSTIN, year, type, number), acknowledgement and signed QR", async () => {
    const inv = first();
    const res = await call("POST", `/api/admin/invoices/${inv.id}/einvoice/register`);
    expect(res.statusCode).toBe(200);
    registered = res.json() as EinvoiceRow;
    const irn = createHash("sha256")
      .update(`${inv.warehouse_gst}${inv.financial_year}INV${inv.number}`)
      .digest("hex");
    expect(registered).toMatchObject({
      state: "registered",
      irn,
      ackAt: clock.toISOString(),
      errorCode: null,
    });
    expect(registered.ackNo).toMatch(/^\d{15}$/);
    const detail = (await call("GET", `/api/admin/invoices/${inv.id}/einvoice`)).json() as EinvoiceDetail;
    expect(detail.row).toEqual(registered);
    const [stored] = (
      (await world.database.db.execute(
        sql`SELECT signed_qr FROM einvoices WHERE doc_number = ${inv.number}`,
      )) as unknown as { rows: { signed_qr: string }[] }
    ).rows;
    const qr = jwtData<QrData>(stored?.signed_qr ?? "");
    expect(qr).toMatchObject({
      SellerGstin: inv.warehouse_gst,
      BuyerGstin: inv.gstin,
      DocNo: inv.number,
      DocTyp: "INV",
      DocDt: ddmmyyyy(inv.issued_on),
      TotInvVal: Number(inv.total),
      Irn: irn,
    });
  });

  it("prints the IRN, acknowledgement and the signed QR code on the invoice PDF (the QR read back from the page image)", async () => {
    const inv = first();
    const res = await call("GET", `/api/admin/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), "einvoice-pdf-"));
    const file = path.join(dir, "invoice.pdf");
    writeFileSync(file, res.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    const ack = new Date(registered.ackAt ?? "");
    const india = new Date(ack.getTime() + 330 * 60_000).toISOString();
    expect(text).toContain(`IRN: ${registered.irn}`);
    expect(text).toContain(`Ack No: ${registered.ackNo}`);
    expect(text).toContain(`Buyer GSTIN: ${inv.gstin}`);
    expect(text).toContain(
      `Ack Date: ${india.slice(8, 10)}/${india.slice(5, 7)}/${india.slice(0, 4)} ${india.slice(11, 16)}`,
    );
    execFileSync("pdftoppm", ["-r", "300", "-png", "-singlefile", file, path.join(dir, "page")]);
    const png = PNG.sync.read(readFileSync(path.join(dir, "page.png")));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const [stored] = (
      (await world.database.db.execute(
        sql`SELECT signed_qr FROM einvoices WHERE doc_number = ${inv.number}`,
      )) as unknown as { rows: { signed_qr: string }[] }
    ).rows;
    expect(code?.data).toBe(stored?.signed_qr);
    // For a person to look at: the page at 100 dpi where SHOTS_DIR is set.
    if (process.env.SHOTS_DIR)
      execFileSync("pdftoppm", [
        "-r",
        "100",
        "-png",
        "-singlefile",
        file,
        path.join(process.env.SHOTS_DIR, "invoice-einvoice"),
      ]);
  });

  it("refuses to register the same document twice", async () => {
    const res = await call("POST", `/api/admin/invoices/${first().id}/einvoice/register`);
    expect([res.statusCode, res.json().message]).toEqual([409, msg.alreadyRegistered(first().number)]);
  });

  it("lists it on the desk, filtered by state and searched by IRN", async () => {
    const res = await call("GET", `/api/admin/einvoices?state=registered&q=${registered.irn}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminEinvoicesResponse;
    expect(body.rows).toEqual([registered]);
    expect(body.total).toBe(1);
    expect(body.irp).toBe("sandbox");
    expect(body.counts.registered).toBe(1);
    const all = (await call("GET", "/api/admin/einvoices?pageSize=500")).json() as AdminEinvoicesResponse;
    expect(all.total).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
    expect(all.counts.pending).toBe(all.rows.filter((r) => r.state === "pending").length);
  });

  it("bulk-registers pending documents and answers the others as they stand", async () => {
    const res = await call("POST", "/api/admin/einvoices/register", {
      documents: [
        { type: "INV", number: first().number },
        { type: "INV", number: second().number },
      ],
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as EinvoiceRow[];
    expect(rows.map((r) => [r.number, r.state])).toEqual([
      [first().number, "registered"],
      [second().number, "registered"],
    ]);
    expect(rows[0]).toEqual(registered);
    expect(rows[1]?.irn).not.toBe(registered.irn);
  });

  it("cancels within 24 hours of the acknowledgement, not after", async () => {
    clock = new Date(clock.getTime() + 25 * 3600_000);
    const late = await call("POST", `/api/admin/invoices/${second().id}/einvoice/cancel`, {
      reason: "2",
      remark: "Data entry mistake",
    });
    expect([late.statusCode, late.json().message]).toEqual([409, msg.cancelWindowOver(second().number)]);
    clock = new Date(clock.getTime() - 2 * 3600_000);
    const res = await call("POST", `/api/admin/invoices/${second().id}/einvoice/cancel`, {
      reason: "2",
      remark: "Data entry mistake",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: "cancelled", cancelledAt: clock.toISOString() });
    const again = await call("POST", `/api/admin/invoices/${second().id}/einvoice/register`);
    expect([again.statusCode, again.json().message]).toEqual([409, msg.cancelledBefore(second().number)]);
    const audit = (await world.database.db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'einvoice' ORDER BY id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual([
      "einvoice.register",
      "einvoice.register",
      "einvoice.cancel",
    ]);
  });
});
