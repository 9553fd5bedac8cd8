import type { LedgerStatement, LedgerStatementEntry } from "@portal/contracts";
import {
  ALTERNATE_COMPANY,
  accountMessages,
  ageingCharge,
  indiaDay,
  MAIN_COMPANY,
  messages,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { partnerBalance } from "./public";

// The demo world with six months of history (May to October 2026): the franchisee on ledger
// account 1; coco, a COCO franchise of 2018, on account 2 and a late payer (DN120 notes).
let world: TestWorld;
type H = { authorization: string };
let franchisee: H;
let coco: H;
let stockist: H;
let staff: H;
let franchiseeId: number;
/** The tests run on a fixed clock (2026-11-18, financial year 2026-27). */
const today = indiaDay(TEST_NOW);

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 6 });
  franchisee = await world.signIn("franchisee@demo.in");
  stockist = await world.signIn("stockist@demo.in");
  staff = await world.signIn("admin@demo.in");
  // coco's ledger flag is on in the demo world; staff set it again as the Admin Console does.
  const [cocoRow] = await world.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "coco@demo.in"));
  const flagged = await world.app.inject({
    method: "PUT",
    url: `/api/admin/partners/${cocoRow?.id}`,
    headers: staff,
    payload: { flags: { enableLedger: true } },
  });
  expect(flagged.statusCode, flagged.body).toBe(200);
  // (a flag change signs the partner out everywhere)
  coco = await world.signIn("coco@demo.in");
  const [row] = await world.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "franchisee@demo.in"));
  franchiseeId = row?.id ?? 0;
}, 600_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers: H = franchisee) => world.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object, headers: H = franchisee) =>
  world.app.inject({ method: "POST", url, headers, payload });
const ledger = async (body: object, headers: H = franchisee) => {
  const res = await post("/api/ledger/getLedger", body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LedgerStatement;
};
const entriesOf = (s: LedgerStatement) => s.ledger.slice(1) as LedgerStatementEntry[];
const signed = (amount: string, side: string) => (side === "Cr" ? -toPaise(amount) : toPaise(amount));

describe("POST /api/ledger/getLedger", () => {
  it("defaults to this financial year: opening balance first, then every entry with its running balance", async () => {
    const s = await ledger({});
    expect(s.fromDate).toBe("2026-04-01");
    expect(s.toDate).toBe(today);
    expect(s.accTypeName).toBe(MAIN_COMPANY.name);
    expect(s.ledger[0]).toEqual({ openingBalance: "0.00", crdrOpeningBalance: "Dr" });
    const entries = entriesOf(s);
    expect(entries.length).toMatchInlineSnapshot(`33`);
    expect([s.totalDebit, s.totalCredit, s.closingBalance, s.crdrClosingBalance]).toMatchInlineSnapshot(`
      [
        "608512.79",
        "493766.01",
        "114746.78",
        "Dr",
      ]
    `);
    const first = entries[0];
    expect(first).toMatchObject({
      voucherType: "Sales",
      creditAcc: "Dr",
      descTitle: "Sales Invoice",
      kind: "sales",
    });
    expect(first?.voucherNumber).toBe("IM02/2627/000001");
    expect(first?.loadId).toBe(1);
    expect(first?.balance).toBe(first?.debit);
    // Each running balance is the one before plus debit minus credit; the last is the closing balance.
    let running = 0n;
    for (const e of entries) {
      running += toPaise(e.debit) - toPaise(e.credit);
      expect(signed(e.balance, e.crdrBalance)).toBe(running);
      expect(e.accTypeName).toBe(MAIN_COMPANY.name);
      expect(e.hasDetails).toBe(true);
    }
    expect(signed(s.closingBalance, s.crdrClosingBalance)).toBe(running);
    expect(toPaise(s.totalDebit) - toPaise(s.totalCredit)).toBe(running);
    const kinds = new Set(entries.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["orderCancel", "receipt", "sales", "salesReturn"]);
    const sr = entries.find((e) => e.isSR);
    expect(sr).toMatchObject({
      noteType: "CN",
      creditAcc: "Cr",
      voucherType: "Credit Note",
      isOrderCancel: false,
    });
    expect(sr?.cndninvoicedetails.referenceID).toBe(sr?.B2BReferenceNumber);
    expect(entries.find((e) => e.isOrderCancel)?.descTitle).toBe("Order Cancel");
  });

  it("recomputes the opening balance from the entries before the from-date", async () => {
    const whole = await ledger({ fromDate: "2026-04-01", toDate: "2026-10-31" });
    const s = await ledger({ fromDate: "2026-08-01", toDate: "2026-10-31" });
    const before = entriesOf(whole).filter((e) => e.approvedDate < "2026-08-01");
    const opening = before.reduce((b, e) => b + toPaise(e.debit) - toPaise(e.credit), 0n);
    expect(s.ledger[0]).toMatchInlineSnapshot(`
      {
        "crdrOpeningBalance": "Dr",
        "openingBalance": "60836.43",
      }
    `);
    expect(signed(s.ledger[0].openingBalance, s.ledger[0].crdrOpeningBalance)).toBe(opening);
    expect(entriesOf(s).every((e) => e.approvedDate >= "2026-08-01" && e.approvedDate <= "2026-10-31")).toBe(
      true,
    );
    // opening + the period's movements = closing, and the same closing as the whole range
    const closing = signed(s.closingBalance, s.crdrClosingBalance);
    expect(opening + toPaise(s.totalDebit) - toPaise(s.totalCredit)).toBe(closing);
    expect(closing).toBe(signed(whole.closingBalance, whole.crdrClosingBalance));
  });

  it('answers "Last Year Ledger Not Available" before 2017-04-01 and reads a range from the start', async () => {
    const res = await post("/api/ledger/getLedger", { fromDate: "2016-04-01", toDate: "2017-03-31" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Last Year Ledger Not Available");
    expect(messages.lastYearLedgerUnavailable).toBe("Last Year Ledger Not Available");
    const s = await ledger({ fromDate: "2015-01-01", toDate: "2018-03-31" });
    expect(s.fromDate).toBe("2017-04-01");
    // the opening, then the May 2017 C-form order's invoice and its payment, which settled it
    expect(s.ledger).toHaveLength(3);
    expect(s.ledger[0]).toEqual({ openingBalance: "0.00", crdrOpeningBalance: "Dr" });
    expect(s.closingBalance).toBe("0.00");
  });

  it("refuses bad input with a reason", async () => {
    const cases: [object, string][] = [
      [{ ledgerAccount: 3 }, "ledgerAccount must be 1 or 2"],
      [{ fromDate: "01-08-2026" }, accountMessages.notADay("fromDate")],
      [{ toDate: "2026-02-30x" }, accountMessages.notADay("toDate")],
      [{ toDate: "2026-02-30" }, accountMessages.notADay("toDate")],
      [
        { fromDate: "2026-09-01", toDate: "2026-08-01" },
        "The To date may not be earlier than the From date.",
      ],
      [{ fromDate: "2026\u0000-01" }, accountMessages.notADay("fromDate")],
    ];
    for (const [body, message] of cases) {
      const res = await post("/api/ledger/getLedger", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("gives coco's statement on account 2 with the alternate company and its DN120 ageing notes", async () => {
    const s = await ledger({ ledgerAccount: 2, fromDate: "2026-04-01", toDate: "2026-10-31" }, coco);
    expect(s.accTypeName).toBe(ALTERNATE_COMPANY.name);
    const entries = entriesOf(s);
    expect(entries.every((e) => e.ledgerAccount === 2)).toBe(true);
    const dn = entries.filter((e) => e.kind === "ageing");
    // Two DN120 notes, each charged at 1.5% of the overdue amount its description names; the same
    // amounts on PGlite and PostgreSQL (the history's sales return picks its line with a full order).
    expect(dn.map((e) => [e.approvedDate, e.noteType, e.debit])).toEqual([
      ["2026-09-27", "DN120", "575.86"],
      ["2026-10-27", "DN120", "240.43"],
    ]);
    expect(dn.map((e) => /overdue (\d+\.\d{2})/.exec(e.description)?.[1])).toEqual(["38390.75", "16028.63"]);
    expect(dn.map((e) => toPaise(e.debit))).toEqual([
      ageingCharge("DN120", toPaise("38390.75")),
      ageingCharge("DN120", toPaise("16028.63")),
    ]);
    expect(dn.every((e) => e.descTitle === `${e.noteType} Delayed Payment` && e.creditAcc === "Dr")).toBe(
      true,
    );
    // Less the credit note of the staff-raised return of the last week (409.01).
    expect([s.closingBalance, s.crdrClosingBalance]).toEqual(["141239.91", "Dr"]);
    // coco has nothing on account 1 (its head-office courier charges are older than six months of history)
    expect(entriesOf(await ledger({ ledgerAccount: 1 }, coco))).toEqual([]);
  });
});

describe("GET /api/ledger/getAccTypes", () => {
  it("names both accounts and says which the caller uses", async () => {
    expect((await get("/api/ledger/getAccTypes")).json()).toEqual([
      { ledgerAccount: 1, accTypeName: MAIN_COMPANY.name, hasEntries: true },
      { ledgerAccount: 2, accTypeName: ALTERNATE_COMPANY.name, hasEntries: false },
    ]);
    expect(
      (await get("/api/ledger/getAccTypes", coco)).json().map((a: { hasEntries: boolean }) => a.hasEntries),
    ).toEqual([false, true]);
  });
});

describe("the detail calls", () => {
  let entries: LedgerStatementEntry[];
  beforeAll(async () => {
    entries = entriesOf(await ledger({ fromDate: "2026-04-01", toDate: "2026-10-31" }));
  });

  it("opens a sales invoice: its load, its orders and their status, its tax", async () => {
    const sale = entries.find((e) => e.kind === "sales") as LedgerStatementEntry;
    const loadId = sale.loadId as number;
    const shipment = (await get(`/api/ledger/sales/loadshipment/${loadId}`)).json();
    expect(shipment).toMatchObject({ loadId, invoiceNumber: sale.voucherNumber, invoiceTotal: sale.debit });
    expect(shipment.docketNumber).toBe(sale.docketNumber);
    const orders = (await get(`/api/ledger/sales/porder/${loadId}`)).json();
    expect(orders.shippingID).toBe(loadId);
    expect(orders.orders.length).toBe(2);
    for (const o of orders.orders) expect(["Shipped", "Delivered"]).toContain(o.status);
    const tx = (await get(`/api/ledger/transactionDetails/1/${sale.id}`)).json();
    expect(tx.entry).toMatchObject({ id: sale.id, voucherNumber: sale.voucherNumber, kind: "sales" });
    expect(tx.shipment.invoiceNumber).toBe(sale.voucherNumber);
    expect(tx.orders).toEqual(orders.orders);
    const n = tx.note;
    expect(n.amount).toBe(sale.debit);
    expect(toPaise(n.taxable) + toPaise(n.cgst) + toPaise(n.sgst) + toPaise(n.igst)).toBe(
      toPaise(sale.debit),
    );
    // the same entry on the other account is not found
    expect((await get(`/api/ledger/transactionDetails/2/${sale.id}`)).statusCode).toBe(404);
  });

  it("opens a payment with its mode, reference and orders", async () => {
    const receipt = entries.find((e) => e.kind === "receipt") as LedgerStatementEntry;
    const tx = (await get(`/api/ledger/transactionDetails/1/${receipt.id}`)).json();
    expect(tx.payment).toMatchObject({ referenceId: receipt.voucherNumber, totalAmountPaid: receipt.credit });
    expect(["Cheque", "Neft", "RTGS"]).toContain(tx.payment.paymentType);
    expect(tx.payment.orders.length).toBe(15);
  });

  it("opens an SR credit note: the return, its lines, its credit notes by ageing", async () => {
    const e = entries.find((x) => x.isSR) as LedgerStatementEntry;
    const sr = (await get(`/api/ledger/sales/return/${e.srId}`)).json();
    expect(sr).toMatchObject({
      id: e.srId,
      ReferenceID: e.B2BReferenceNumber,
      InvoiceStatus: "AccountApproved",
      amount: e.credit,
    });
    expect(sr.approvedDate).toBe(e.approvedDate);
    const cn = (await get(`/api/ledger/srdetails/${sr.ReferenceID}?noteType=CN`)).json();
    expect(cn.creditNotes).toHaveLength(sr.lines.length);
    const note = cn.creditNotes[0];
    expect(note.noteType).toBe("CN");
    expect(note.srorderdetails.netAmount).toBe(sr.lines[0].amountRefundable);
    expect(note.ageDays).toBe(45);
    // DN120 and DN180 show only lines aged 120 and 180 days or more
    for (const [type, days] of [
      ["DN120", 120],
      ["DN180", 180],
    ] as const) {
      const d = (await get(`/api/ledger/srdetails/${sr.ReferenceID}?noteType=${type}`)).json();
      expect(d.creditNotes).toEqual(
        cn.creditNotes
          .filter((c: { ageDays: number }) => c.ageDays >= days)
          .map((c: object) => ({ ...c, noteType: type })),
      );
    }
    const listing = (await get(`/api/ledger/srListing/${e.srId}`)).json();
    expect(listing.lines.map((l: { quantity: number }) => l.quantity)).toEqual(
      sr.lines.map((l: { quantity: number }) => l.quantity),
    );
    expect((await get(`/api/ledger/srExcess/${e.srId}`)).json().lines).toEqual([]);
    expect((await get(`/api/ledger/srManual/${e.srId}`)).json().lines).toEqual([]);
    const tx = (await get(`/api/ledger/transactionDetails/1/${e.id}`)).json();
    expect(tx.salesReturn.ReferenceID).toBe(sr.ReferenceID);
    // The return was raised from its tax invoice: its note reverses the invoice lines (no SAC), its
    // tax the credit note's own.
    const master = (await get(`/api/ledger/cndnmasters/${e.id}`)).json();
    expect(master).toMatchObject({ noteType: "CN", sacCode: null, amount: e.credit });
    const totals = cn.creditNote.totals;
    expect([master.taxable, master.cgst, master.sgst, master.igst]).toEqual([
      totals.taxable,
      totals.cgst,
      totals.sgst,
      totals.igst,
    ]);
    expect(toPaise(master.taxable) + toPaise(master.cgst) + toPaise(master.sgst) + toPaise(master.igst)).toBe(
      toPaise(e.credit),
    );
  });

  it("opens a product removal: the short-delivered lines add up to the credit", async () => {
    const e = entries.find((x) => x.isOrderCancel) as LedgerStatementEntry;
    const removal = (await get(`/api/ledger/productremoval/${e.id}`)).json();
    // A product-removal note reverses goods: no SAC, its tax the invoice lines' own.
    expect(removal).toMatchObject({ poid: e.B2BReferenceNumber, sacCode: null, amount: e.credit });
    expect(
      toPaise(removal.taxable) + toPaise(removal.cgst) + toPaise(removal.sgst) + toPaise(removal.igst),
    ).toBe(toPaise(e.credit));
    const sum = removal.lines.reduce((s: bigint, l: { amount: string }) => s + toPaise(l.amount), 0n);
    expect(paiseToDecimal(sum)).toBe(e.credit);
    for (const l of removal.lines) expect(l.removedQuantity).toBe(l.shippedQuantity - l.deliveredQuantity);
    // a removal is not a general note nor an ageing note
    expect((await get(`/api/ledger/gccnmaster/${e.id}`)).json().message).toBe("No Details Found!!");
    expect((await get(`/api/ledger/darpcndnmasters/${e.id}`)).statusCode).toBe(404);
  });

  it("opens coco's DN120: 1.5% of the debits open 120 to 179 days", async () => {
    const s = await ledger({ ledgerAccount: 2, fromDate: "2026-04-01", toDate: "2026-10-31" }, coco);
    const dn = entriesOf(s).find((e) => e.noteType === "DN120") as LedgerStatementEntry;
    const note = (await get(`/api/ledger/darpcndnmasters/${dn.id}`, coco)).json();
    expect(note.percent).toBe("1.50");
    expect(note.overdue.length).toBe(2);
    for (const d of note.overdue) expect(d.ageDays >= 120 && d.ageDays < 180).toBe(true);
    const overdue = note.overdue.reduce((t: bigint, d: { amount: string }) => t + toPaise(d.amount), 0n);
    expect(paiseToDecimal(ageingCharge("DN120", overdue))).toBe(dn.debit);
    expect((await get(`/api/ledger/cndnmasters/${dn.id}`, coco)).json().noteType).toBe("DN120");
  });

  it("lists a financial year by kind and reconciles with the statement", async () => {
    const year = (path: string, headers: H = franchisee) =>
      get(`/api/ledger/${path}?ledgerAccount=1&year=2026`, headers);
    const sum = (kind: string, side: "debit" | "credit") =>
      paiseToDecimal(entries.filter((e) => e.kind === kind).reduce((t, e) => t + toPaise(e[side]), 0n));
    const sales = (await year("sales/load")).json();
    expect(sales).toMatchObject({
      year: 2026,
      fromDate: "2026-04-01",
      toDate: "2027-03-31",
      total: sum("sales", "debit"),
    });
    const removal = (await year("getProductRemoval")).json();
    expect(removal.total).toBe(sum("orderCancel", "credit"));
    const notes = (await year("cndninvoicemaster")).json();
    expect(toPaise(notes.total)).toBe(
      toPaise(sum("orderCancel", "credit")) + toPaise(sum("salesReturn", "credit")),
    );
    expect((await year("couriercddetail")).json().rows).toEqual([]);
    expect((await year("misc")).json().rows).toEqual([]);
    const po = (await year("sales/po")).json();
    expect(po.rows.length).toBe(68);
    expect(new Set(po.rows.map((r: { invoiceNumber: string }) => r.invoiceNumber))).toEqual(
      new Set(entries.filter((e) => e.kind === "sales").map((e) => e.voucherNumber)),
    );
    // The orders a year invoiced add up to its invoices: goods plus shipping charge, to the paisa.
    expect(po.total).toBe((await year("sales/load")).json().total);
    for (const r of po.rows)
      expect(toPaise(r.invoiced)).toBe(toPaise(r.netPayment) + toPaise(r.shippingCharge));
    expect((await year("openingBalance")).json()).toEqual({
      ledgerAccount: 1,
      year: 2026,
      asOf: "2026-04-01",
      openingBalance: "0.00",
      crdrOpeningBalance: "Dr",
    });
    for (const path of ["misc", "sales/load", "sales/po", "openingBalance", "couriercddetail"]) {
      const old = await get(`/api/ledger/${path}?ledgerAccount=1&year=2016`);
      expect(old.statusCode).toBe(404);
      expect(old.json().message).toBe("Last Year Ledger Not Available");
    }
    expect((await get("/api/ledger/misc?ledgerAccount=1&year=abc")).statusCode).toBe(400);
  });

  it("serves the statement as a PDF", async () => {
    const res = await post("/api/ledger/getLedger/pdf", { fromDate: "2026-08-01", toDate: "2026-10-31" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="ledger-1-2026-08-01-2026-10-31.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("who may read a ledger", () => {
  it("answers 404 for another partner's entries, loads and returns", async () => {
    const s = await ledger({ ledgerAccount: 2, fromDate: "2026-04-01", toDate: "2026-10-31" }, coco);
    const cocoEntries = entriesOf(s);
    const sale = cocoEntries.find((e) => e.kind === "sales") as LedgerStatementEntry;
    const sr = cocoEntries.find((e) => e.isSR) as LedgerStatementEntry;
    const dn = cocoEntries.find((e) => e.kind === "ageing") as LedgerStatementEntry;
    const urls = [
      `/api/ledger/transactionDetails/2/${sale.id}`,
      `/api/ledger/cndnmasters/${sr.id}`,
      `/api/ledger/darpcndnmasters/${dn.id}`,
      `/api/ledger/sales/porder/${sale.loadId}`,
      `/api/ledger/sales/loadshipment/${sale.loadId}`,
      `/api/ledger/sales/return/${sr.srId}`,
      `/api/ledger/srdetails/${sr.B2BReferenceNumber}`,
      `/api/ledger/srListing/${sr.srId}`,
      `/api/ledger/srExcess/${sr.srId}`,
      `/api/ledger/srManual/${sr.srId}`,
    ];
    for (const url of urls) {
      expect((await get(url, coco)).statusCode, url).toBe(200);
      const res = await get(url, franchisee);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("No Details Found!!");
    }
  });

  it("refuses every ledger call without enableLedger (the stockist) with 403", async () => {
    const calls: [string, string][] = [
      ["POST", "/api/ledger/getLedger"],
      ["POST", "/api/ledger/getLedger/pdf"],
      ["GET", "/api/ledger/getAccTypes"],
      ["GET", "/api/ledger/transactionDetails/1/1"],
      ["GET", "/api/ledger/cndnmasters/1"],
      ["GET", "/api/ledger/darpcndnmasters/1"],
      ["GET", "/api/ledger/gccnmaster/1"],
      ["GET", "/api/ledger/sales/porder/1"],
      ["GET", "/api/ledger/sales/loadshipment/1"],
      ["GET", "/api/ledger/sales/return/1"],
      ["GET", "/api/ledger/productremoval/1"],
      ["GET", "/api/ledger/srdetails/SR1"],
      ["GET", "/api/ledger/srListing/1"],
      ["GET", "/api/ledger/srExcess/1"],
      ["GET", "/api/ledger/srManual/1"],
      ["GET", "/api/ledger/misc"],
      ["GET", "/api/ledger/getProductRemoval"],
      ["GET", "/api/ledger/cndninvoicemaster"],
      ["GET", "/api/ledger/couriercddetail"],
      ["GET", "/api/ledger/sales/load"],
      ["GET", "/api/ledger/sales/po"],
      ["GET", "/api/ledger/openingBalance"],
    ];
    for (const [method, url] of calls) {
      const res = await world.app.inject({
        method: method as "GET",
        url,
        headers: stockist,
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe("The ledger is not enabled for your account.");
      expect((await world.app.inject({ method: method as "GET", url })).statusCode, url).toBe(401);
    }
  });
});

describe("courier notes, corrections and the Credit flip", () => {
  it("shows a staff courier note and a credit correction, and flips the balance to Credit", async () => {
    const before = await ledger({});
    const owed = signed(before.closingBalance, before.crdrClosingBalance);
    expect(await partnerBalance(world.database.db, franchiseeId, 1)).toBe(owed);
    expect(await partnerBalance(world.database.db, franchiseeId)).toBe(owed);
    const courier = await post(
      `/api/admin/ledger/${franchiseeId}/notes`,
      { kind: "courierExpenses", amount: "590.00", description: "Courier for load", docketNumber: "BD123" },
      staff,
    );
    expect(courier.statusCode, courier.body).toBe(200);
    const credit = paiseToDecimal(owed + 59_000n + 100_000n);
    const correction = await post(
      `/api/admin/ledger/${franchiseeId}/notes`,
      { kind: "creditCorrection", amount: credit, description: "Advance received" },
      staff,
    );
    expect(correction.statusCode, correction.body).toBe(200);
    const after = await ledger({});
    expect([after.closingBalance, after.crdrClosingBalance]).toEqual(["1000.00", "Cr"]);
    const last = entriesOf(after).slice(-2);
    expect(last.map((e) => [e.kind, e.descTitle, e.creditAcc, e.crdrBalance])).toEqual([
      ["courierExpenses", "Courier Expenses", "Dr", "Dr"],
      ["correction", "Adjustment", "Cr", "Cr"],
    ]);
    expect(last[0]).toMatchObject({ isCourierExpenses: true, docketNumber: "BD123", debit: "590.00" });
    expect((await ledger({ fromDate: "2026-11-19" })).ledger[0]).toEqual({
      openingBalance: "1000.00",
      crdrOpeningBalance: "Cr",
    });
    expect(await partnerBalance(world.database.db, franchiseeId)).toBe(-100_000n);
    const courierYear = (await get("/api/ledger/couriercddetail?ledgerAccount=1")).json();
    expect(courierYear.rows.map((r: { amount: string; sacCode: string }) => [r.amount, r.sacCode])).toEqual([
      ["590.00", "9968"],
    ]);
    const misc = (await get("/api/ledger/misc")).json();
    expect(misc.total).toBe(credit);
    const general = (await get(`/api/ledger/gccnmaster/${last[1]?.id}`)).json();
    expect(general).toMatchObject({ amount: credit, voucherType: "Credit Note" });
  });
});
