/**
 * E-invoices of the ledger-only notes (staff courier and correction notes, ageing notes: the head
 * office's D and C series, warehouse 00): a courier note's DBN e-invoice is one service line at the
 * SAC and tax split its journal entry stated; a correction states no GST and takes none; every
 * ageing note of the demo history passes NIC's schema and the IRP's rules; register and cancel by
 * type and number, and the desk's list. A small demo history on a fixed clock.
 */
import { createHash } from "node:crypto";
import type { AdminEinvoicesResponse, EinvoiceDetail, EinvoiceRow } from "@portal/contracts";
import { MAIN_COMPANY, einvoiceMessages as msg } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { createLedgerService } from "../ledger/public";
import { einvoiceProblems } from "./einvoice";
import { createEinvoiceService } from "./einvoice-service";
import { createSandboxIrp } from "./irp";

let world: TestWorld;
let staff: { authorization: string };
let partner: { authorization: string };
let partnerId: number;
let partnerGstin: string;
let clock = new Date("2026-11-02T10:00:00+05:30");
/** What the ageing job raises on the two-month history on 2027-03-15 (exact, seeded world). */
const POSTED_AGEING = 4;
const AGEING_SPLIT = { interState: 1, withinState: 3 };

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 2, now: () => clock });
  staff = await world.signIn("admin@demo.in");
  partner = await world.signIn("franchisee@demo.in");
  const [row] = (
    (await world.database.db.execute(
      sql`SELECT id, gstin FROM users WHERE email = 'franchisee@demo.in'`,
    )) as unknown as { rows: { id: number; gstin: string }[] }
  ).rows;
  partnerId = row?.id ?? 0;
  partnerGstin = row?.gstin ?? "";
}, 300_000);
afterAll(() => world?.close());

const call = (
  method: "GET" | "POST",
  url: string,
  payload?: unknown,
  headers: Record<string, string> | null = staff,
) => world.app.inject({ method, url, payload: payload as object, headers: headers ?? {} });

async function note(body: Record<string, unknown>) {
  const res = await call("POST", `/api/admin/ledger/${partnerId}/notes`, { ledgerAccount: 1, ...body });
  expect(res.statusCode).toBe(200);
  return res.json() as { voucherNumber: string; voucherType: string; description: string };
}

describe("a courier debit note's e-invoice", () => {
  let courier: { voucherNumber: string; description: string };

  it("is one service line at SAC 9968 with the taxable value and GST the note stated", async () => {
    courier = await note({
      kind: "courierExpenses",
      amount: "4720.00",
      description: "Courier charges for return pick-ups, October 2026",
      docketNumber: "BD26110201",
    });
    expect(courier.voucherNumber).toMatch(/^DM00\/2627\/\d{6}$/);
    expect(courier.description).toBe(
      "Courier charges for return pick-ups, October 2026 (SAC 9968; taxable 4000.00, CGST 9% 360.00 + SGST 9% 360.00)",
    );
    const res = await call(
      "GET",
      `/api/admin/einvoices/document?type=DBN&number=${encodeURIComponent(courier.voucherNumber)}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as EinvoiceDetail;
    expect(body.problems).toEqual([]);
    expect(body.row).toMatchObject({
      type: "DBN",
      number: courier.voucherNumber,
      day: "2026-11-02",
      userId: partnerId,
      buyerGstin: partnerGstin,
      invoiceId: null,
      total: "4720.00",
      state: "pending",
      reason: null,
    });
    const e = body.einvoice;
    expect(e.DocDtls).toEqual({ Typ: "DBN", No: courier.voucherNumber, Dt: "02/11/2026" });
    expect(e.SellerDtls).toEqual({
      Gstin: MAIN_COMPANY.gstNo,
      LglNm: MAIN_COMPANY.name,
      Addr1: "Little Steps House, 14 Senapati Bapat Marg, Lower Parel",
      Loc: "Mumbai",
      Pin: 400013,
      Stcd: "27",
    });
    expect(e.BuyerDtls).toMatchObject({ Gstin: partnerGstin, Pos: "27", Stcd: "27" });
    expect(e.DispDtls).toBeUndefined();
    expect(e.RefDtls).toBeUndefined();
    expect(e.ItemList).toEqual([
      {
        SlNo: "1",
        PrdDesc: "Courier charges for return pick-ups, October 2026",
        IsServc: "Y",
        HsnCd: "9968",
        Qty: 1,
        Unit: "OTH",
        UnitPrice: 4000,
        TotAmt: 4000,
        AssAmt: 4000,
        GstRt: 18,
        IgstAmt: 0,
        CgstAmt: 360,
        SgstAmt: 360,
        TotItemVal: 4720,
      },
    ]);
    expect(e.ValDtls).toEqual({ AssVal: 4000, CgstVal: 360, SgstVal: 360, IgstVal: 0, TotInvVal: 4720 });
  });

  it("registers with the IRP by type and number (IRN of DBN and the number) and cancels within 24 hours", async () => {
    const res = await call("POST", "/api/admin/einvoices/register", {
      documents: [{ type: "DBN", number: courier.voucherNumber }],
    });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().rows as EinvoiceRow[];
    const irn = createHash("sha256")
      .update(`${MAIN_COMPANY.gstNo}2026-27DBN${courier.voucherNumber}`)
      .digest("hex");
    expect(row).toMatchObject({ type: "DBN", number: courier.voucherNumber, state: "registered", irn });
    const listed = (await call("GET", `/api/admin/einvoices?q=${irn}`)).json() as AdminEinvoicesResponse;
    expect(listed.rows).toEqual([row]);

    clock = new Date(clock.getTime() + 3600_000);
    const cancel = { type: "DBN", number: courier.voucherNumber, reason: "2", remark: "Wrong amount" };
    expect((await call("POST", "/api/admin/einvoices/cancel", cancel, partner)).statusCode).toBe(403);
    const cancelled = await call("POST", "/api/admin/einvoices/cancel", cancel);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "cancelled", irn, cancelledAt: clock.toISOString() });
    const again = await call("POST", "/api/admin/einvoices/cancel", cancel);
    expect([again.statusCode, again.json().message]).toEqual([409, msg.notRegistered(courier.voucherNumber)]);
  });
});

describe("a correcting note", () => {
  it("states no GST: outside GST, not needed, with the reason on the desk (debit and credit)", async () => {
    const debit = await note({ kind: "debitCorrection", amount: "150.00", description: "Cheque bounce fee" });
    const credit = await note({ kind: "creditCorrection", amount: "90.00", description: "Duplicate fee" });
    expect(credit.voucherNumber).toMatch(/^CM00\/2627\/\d{6}$/);
    for (const [type, n] of [
      ["DBN", debit.voucherNumber],
      ["CRN", credit.voucherNumber],
    ] as const) {
      const res = await call(
        "GET",
        `/api/admin/einvoices/document?type=${type}&number=${encodeURIComponent(n)}`,
      );
      expect([res.statusCode, res.json().message]).toEqual([409, msg.noteOutsideGst]);
      const listed = (await call("GET", `/api/admin/einvoices?q=${encodeURIComponent(n)}`)).json();
      expect(listed.rows).toEqual([
        expect.objectContaining({ type, number: n, state: "not needed", reason: msg.noteOutsideGst }),
      ]);
    }
    const registered = await call("POST", "/api/admin/einvoices/register", {
      documents: [{ type: "DBN", number: debit.voucherNumber }],
    });
    expect([registered.statusCode, registered.json().rows[0].state]).toEqual([200, "not needed"]);
  });
});

describe("the cancel call", () => {
  it("refuses bad input and unknown documents", async () => {
    const bad = await call("POST", "/api/admin/einvoices/cancel", {
      type: "XYZ",
      number: "DM00/2627/000001",
      reason: "2",
      remark: "x",
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await call("POST", "/api/admin/einvoices/cancel", {
      type: "DBN",
      number: "DM00/2627/999999",
      reason: "2",
      remark: "Wrong",
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, msg.documentNotFound]);
    const missing = await call("GET", "/api/admin/einvoices/document?type=DBN&number=DA00%2F2627%2F999999");
    expect(missing.statusCode).toBe(404);
  });
});

describe("the ageing notes", () => {
  it("each is a DBN at SAC 9971 with the split its entry stated, and passes NIC's schema and the IRP's rules", async () => {
    // The history's invoices are 120 days overdue by 2027-03-15: the ageing job raises DN120 notes.
    const at = new Date("2027-03-15T09:00:00+05:30");
    const posted = await createLedgerService({ db: world.database.db, now: () => at }).runAgeing(at);
    const service = createEinvoiceService({
      db: world.database.db,
      irp: createSandboxIrp(() => at),
      now: () => at,
    });
    const notes = (await service.documents()).filter((d) => /^[DC][MA]00\//.test(d.number));
    const ageing = notes.filter((d) => d.day === "2027-03-15");
    const entries = (
      (await world.database.db.execute(
        sql`SELECT voucher_number, debit::text AS debit, description FROM ledger_entries WHERE source_kind = 'ageing'`,
      )) as unknown as { rows: { voucher_number: string; debit: string; description: string }[] }
    ).rows;
    expect(posted).toBe(POSTED_AGEING);
    expect(ageing.length).toBe(posted);
    expect(entries.length).toBe(posted);
    for (const d of ageing) {
      const entry = entries.find((e) => e.voucher_number === d.number);
      const e = d.einvoice;
      if (!e || !entry) throw new Error(`${d.number}: ${d.notNeeded}`);
      expect([d.number, einvoiceProblems(e)]).toEqual([d.number, []]);
      expect(e.DocDtls).toEqual({ Typ: "DBN", No: d.number, Dt: "15/03/2027" });
      expect(e.ItemList[0]).toMatchObject({ HsnCd: "9971", IsServc: "Y", Qty: 1, GstRt: 18 });
      expect(e.ValDtls.TotInvVal).toBe(Number(entry.debit));
      const item = e.ItemList[0];
      // the item states exactly the taxable value and tax written in the entry's description
      const split =
        item && item.IgstAmt > 0
          ? `taxable ${item.AssAmt.toFixed(2)}, IGST 18% ${item.IgstAmt.toFixed(2)}`
          : `taxable ${item?.AssAmt.toFixed(2)}, CGST 9% ${item?.CgstAmt.toFixed(2)} + SGST 9% ${item?.SgstAmt.toFixed(2)}`;
      expect(entry.description).toContain(`(SAC 9971; ${split})`);
    }
    expect({
      interState: ageing.filter((d) => (d.einvoice?.ValDtls.IgstVal ?? 0) > 0).length,
      withinState: ageing.filter((d) => (d.einvoice?.ValDtls.CgstVal ?? 0) > 0).length,
    }).toEqual(AGEING_SPLIT);
  });
});
