/**
 * The partner's ledger, issue 28: the statement filtered by voucher type (opening and closing stay
 * those of every entry, the rows left out are summed so the figures add up), the ageing of what is
 * open, the monthly statement setting and the job that mails it on the 1st (once per partner and
 * month, even with two instances), and the SR list's paging and totals. Demo world, six months of
 * history, fixed clock (2026-11-18).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { LedgerStatement, LedgerStatementEntry } from "@portal/contracts";
import { ledgerMessages, toPaise } from "@portal/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, ledgerStatementMails, users } from "../../db/schema";
import { fixClock, restoreClock } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { MONTHLY_STATEMENT_JOB, STATEMENT_MAIL_JOB } from "./public";

let world: TestWorld;
type H = { authorization: string };
let franchisee: H;
let coco: H;
let stockist: H;
let franchiseeId: number;
let cocoId: number;

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 6 });
  franchisee = await world.signIn("franchisee@demo.in");
  coco = await world.signIn("coco@demo.in");
  stockist = await world.signIn("stockist@demo.in");
  const idOf = async (email: string) =>
    (await world.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
  franchiseeId = await idOf("franchisee@demo.in");
  cocoId = await idOf("coco@demo.in");
}, 600_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const inject = (
  app: FastifyInstance,
  method: "GET" | "PUT" | "POST",
  url: string,
  headers: H,
  payload?: object,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const ledger = async (body: object, headers: H = franchisee) => {
  const res = await inject(world.app, "POST", "/api/ledger/getLedger", headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LedgerStatement;
};
const rowsOf = (s: LedgerStatement) =>
  (s.ledger.slice(1) as LedgerStatementEntry[]).map((e) => [
    e.approvedDate,
    e.voucherType,
    e.voucherNumber,
    e.debit,
    e.credit,
    `${e.balance} ${e.crdrBalance}`,
  ]);

describe("the statement filtered by voucher type", () => {
  it("keeps only receipts, each with its true running balance; opening and closing stay those of every entry", async () => {
    const s = await ledger({ voucherType: "Receipt" });
    expect(s.voucherType).toBe("Receipt");
    expect(s.ledger[0]).toEqual({ openingBalance: "0.00", crdrOpeningBalance: "Dr" });
    const rows = rowsOf(s);
    expect(rows).toHaveLength(5);
    expect(rows.slice(0, 3)).toEqual([
      ["2026-06-08", "Receipt", "UTR202606051", "0.00", "148101.74", "0.00 Dr"],
      ["2026-07-10", "Receipt", "UTR202607051R", "0.00", "70566.08", "29508.45 Dr"],
      ["2026-08-07", "Receipt", "UTR202608051", "0.00", "61141.67", "71538.98 Dr"],
    ]);
    expect([s.totalDebit, s.totalCredit]).toEqual(["0.00", "489652.48"]);
    expect([s.closingBalance, s.crdrClosingBalance]).toEqual(["114746.78", "Dr"]);
    // The sales invoices and credit notes the filter leaves out, so the figures add up.
    expect(s.otherEntries).toEqual({ count: 28, debit: "608512.79", credit: "4113.53" });
    expect(
      toPaise(s.totalDebit) -
        toPaise(s.totalCredit) +
        toPaise(s.otherEntries.debit) -
        toPaise(s.otherEntries.credit),
    ).toBe(toPaise("114746.78"));
  });

  it("debit notes of coco's second-company account: the two DN120 notes, 816.29 in all", async () => {
    const s = await ledger({ ledgerAccount: 2, voucherType: "Debit Note" }, coco);
    expect(rowsOf(s)).toEqual([
      ["2026-09-27", "Debit Note", "DA00/2627/000001", "575.86", "0.00", "156654.16 Dr"],
      ["2026-10-27", "Debit Note", "DA00/2627/000002", "240.43", "0.00", "141648.92 Dr"],
    ]);
    expect([s.totalDebit, s.totalCredit, s.closingBalance]).toEqual(["816.29", "0.00", "141239.91"]);
    expect(s.otherEntries).toEqual({ count: 16, debit: "184977.18", credit: "44553.56" });
  });

  it("from a later day the opening balance is that of every entry before it, whatever the filter", async () => {
    const everything = await ledger({ fromDate: "2026-08-01" });
    const notes = await ledger({ fromDate: "2026-08-01", voucherType: "Credit Note" });
    expect(notes.ledger[0]).toEqual(everything.ledger[0]);
    expect([notes.closingBalance, notes.crdrClosingBalance]).toEqual(["114746.78", "Dr"]);
    expect(rowsOf(notes)[0]).toEqual([
      "2026-08-06",
      "Credit Note",
      "CM02/2627/000002",
      "0.00",
      "489.31",
      "132680.65 Dr",
    ]);
    const shown = rowsOf(notes).map((r) => r[2]);
    const fromEverything = rowsOf(everything)
      .filter((r) => r[1] === "Credit Note")
      .map((r) => r[2]);
    expect(shown).toEqual(fromEverything);
  });

  it("blank is every entry; an unknown voucher type is refused with the types it may be", async () => {
    const all = await ledger({ voucherType: "" });
    expect(all.voucherType).toBeNull();
    expect(all.ledger).toHaveLength(34);
    expect(all.otherEntries).toEqual({ count: 0, debit: "0.00", credit: "0.00" });
    const bad = await inject(world.app, "POST", "/api/ledger/getLedger", franchisee, {
      voucherType: "Journal",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      "voucherType must be one of Sales, Receipt, Credit Note, Debit Note",
    );
  });
});

describe("the ageing of what is open", () => {
  it("buckets the franchisee's open debits (credits settle the oldest first); they sum to the closing balance", async () => {
    const s = await ledger({});
    expect(s.ageing).toEqual({
      asOf: "2026-11-18",
      outstanding: "114746.78",
      buckets: [
        { key: "days0to30", label: "0–30 days", amount: "10753.69" },
        { key: "days31to60", label: "31–60 days", amount: "103993.09" },
        { key: "days61to90", label: "61–90 days", amount: "0.00" },
        { key: "over90", label: "90+ days", amount: "0.00" },
      ],
    });
  });

  it("coco, a late payer, has 61,236.21 open for more than 90 days; a filter does not change the ageing", async () => {
    const s = await ledger({ ledgerAccount: 2, voucherType: "Receipt" }, coco);
    expect(s.ageing.buckets.map((b) => b.amount)).toEqual(["8713.92", "20620.57", "50669.21", "61236.21"]);
    expect(s.ageing.outstanding).toBe("141239.91");
  });
});

describe("the monthly statement setting (Settings page)", () => {
  it("is off until the partner turns it on, and is kept on the server", async () => {
    const before = await inject(world.app, "GET", "/api/users/me/preferences", franchisee);
    expect(before.json()).toEqual({ monthlyStatement: false });
    const on = await inject(world.app, "PUT", "/api/users/me/preferences", franchisee, {
      monthlyStatement: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ monthlyStatement: true });
    const again = await inject(world.app, "GET", `/api/users/${franchiseeId}/preferences`, franchisee);
    expect(again.json()).toEqual({ monthlyStatement: true });
  });

  it("needs the ledger, takes only true or false, and only the partner's own", async () => {
    const noLedger = await inject(world.app, "PUT", "/api/users/me/preferences", stockist, {
      monthlyStatement: true,
    });
    expect(noLedger.statusCode).toBe(403);
    expect(noLedger.json().message).toBe(ledgerMessages.notEnabled);
    const bad = await inject(world.app, "PUT", "/api/users/me/preferences", franchisee, {
      monthlyStatement: "yes",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("monthlyStatement must be true or false");
    const other = await inject(world.app, "GET", `/api/users/${cocoId}/preferences`, franchisee);
    expect(other.statusCode).toBe(404);
  });
});

describe("the monthly statement job", () => {
  const statementMails = async () => {
    const files = (await readdir(world.outboxDir)).filter((f) => f.endsWith(".eml"));
    const texts = await Promise.all(files.map((f) => readFile(path.join(world.outboxDir, f), "utf8")));
    return texts.filter((t) => /Subject: Your ledger statement for/.test(t));
  };
  const outboxRows = () =>
    world.database.db
      .select({ payload: jobs.payload, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.kind, STATEMENT_MAIL_JOB));

  it("mails last month's statement PDF to the partner who asked for it, once, and to no one else", async () => {
    // The franchisee turned it on above; coco turned it off.
    await inject(world.app, "PUT", "/api/users/me/preferences", coco, { monthlyStatement: false });
    // Both instances scheduled the run (each found none waiting): two runs are due.
    const second = await world.anotherInstance();
    await world.app.backOffice.jobs.enqueue(MONTHLY_STATEMENT_JOB, {});
    await second.backOffice.jobs.enqueue(MONTHLY_STATEMENT_JOB, {});
    await Promise.all([world.app.backOffice.jobs.drain(), second.backOffice.jobs.drain()]);
    await world.app.backOffice.jobs.drain();

    // The outbox: one statement mail, the franchisee's October, sent.
    const rows = await outboxRows();
    expect(rows).toEqual([{ payload: { userId: franchiseeId, month: "2026-10" }, status: "done" }]);
    const claimed = await world.database.db.select().from(ledgerStatementMails);
    expect(claimed.map((c) => [c.userId, c.month, c.sentAt !== null])).toEqual([
      [franchiseeId, "2026-10", true],
    ]);

    const mails = await statementMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? "";
    expect(mail).toContain("To: franchisee@demo.in");
    expect(mail).toContain("Subject: Your ledger statement for October 2026");
    const october = await ledger({ fromDate: "2026-10-01", toDate: "2026-10-31" });
    expect(mail).toContain("01-10-2026 to 31-10-2026");
    expect(mail.replace(/=\r?\n/g, "")).toContain(`${october.ledger.length - 1} entries`);
    expect(mail).toMatch(/Content-Type: application\/pdf; name=ledger-1-2026-10\.pdf/);
    const base64 = mail.split(/name=ledger-1-2026-10\.pdf[\s\S]*?\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? "";
    expect(Buffer.from(base64.replace(/\s/g, ""), "base64").subarray(0, 5).toString()).toBe("%PDF-");

    // The next run waits for the 1st of December, 07:00 India time: one of it.
    const next = await world.database.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, MONTHLY_STATEMENT_JOB), eq(jobs.status, "queued")));
    expect(next.map((n) => n.runAt.toISOString())).toEqual(["2026-12-01T01:30:00.000Z"]);
  });

  it("a second run in the same month mails no one again", async () => {
    await world.app.backOffice.jobs.enqueue(MONTHLY_STATEMENT_JOB, {});
    await world.app.backOffice.jobs.drain();
    expect(await outboxRows()).toHaveLength(1);
    expect(await statementMails()).toHaveLength(1);
    const [count] = (
      (await world.database.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${MONTHLY_STATEMENT_JOB} AND status = 'queued'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(count?.n).toBe(1);
  });
});

describe("SR details: paging and totals of the filtered set", () => {
  const list = async (body: object, headers: H = franchisee) => {
    const res = await inject(world.app, "POST", "/api/srdetails/getSRDetails", headers, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      rows: { ReferenceID: string; TotalQuantity: number; Amount: string }[];
      total: number;
      pageNo: number;
      pageSize: number;
      totals: { quantity: number; amount: string };
    };
  };

  it("pages the franchisee's five SRs, newest first, with the totals of all five on every page", async () => {
    const first = await list({ pageSize: 10 });
    expect(first.rows.map((r) => r.ReferenceID)).toEqual([
      "SR000010",
      "SR000007",
      "SR000006",
      "SR000003",
      "SR000001",
    ]);
    expect(first.totals).toEqual({ quantity: 11, amount: "2962.77" });
    // The smallest page size is 10: the second page is empty, its totals still those of all five.
    const second = await list({ pageSize: 10, pageNo: 2 });
    expect(second).toMatchObject({
      rows: [],
      total: 5,
      pageNo: 2,
      totals: { quantity: 11, amount: "2962.77" },
    });
  });

  it("totals follow the filter: the three approved SRs", async () => {
    const approved = await list({ Status: "AccountApproved" });
    expect(approved.total).toBe(3);
    expect(approved.totals).toEqual({ quantity: 7, amount: "2542.59" });
  });

  it("refuses a page size it does not offer and a page before the first", async () => {
    const bad = await inject(world.app, "POST", "/api/srdetails/getSRDetails", franchisee, { pageSize: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("pageSize must be one of 10, 20, 50, 100");
    const zero = await inject(world.app, "POST", "/api/srdetails/getSRDetails", franchisee, { pageNo: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain("pageNo must be at least 1");
  });
});
