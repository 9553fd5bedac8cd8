/**
 * The e-invoices desk at scale (issue 32): `GET /api/admin/einvoices` pages, filters and counts in the
 * database and builds only the page's documents. Over the full demo world (with registered, failed
 * and cancelled rows, a correction note outside GST and a partner without GSTIN added), every page,
 * state filter and search answers exactly what the former computation answered: every document
 * built, sorted by day then number (descending, `localeCompare`), counted per state, filtered, paged.
 * And the SQL pattern the desk reads a ledger note's stated GST with gives `statedNoteTax`'s verdict
 * on every journal description of that world and on the domain's own examples.
 */
import type { AdminEinvoicesQuery, AdminEinvoicesResponse, EinvoiceRow } from "@portal/contracts";
import { statedNoteTax } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import * as repo from "./einvoice-repo";
import { createEinvoiceService, type EinvoiceService } from "./einvoice-service";
import { createSandboxIrp } from "./irp";

let world: TestWorld;
let service: EinvoiceService;
let staff: { authorization: string };
const clock = new Date("2026-11-02T10:00:00+05:30");

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: "full", now: () => clock });
  const db = world.database.db;
  service = createEinvoiceService({ db, irp: createSandboxIrp(() => clock), now: () => clock });
  staff = await world.signIn("admin@demo.in");
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE email = 'admin@demo.in'`),
  );
  const actor = Number(admin?.id);
  // A correction (states no GST) and a partner whose GSTIN is gone (notes name the partner's GSTIN).
  const [partner] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE email = 'franchisee@demo.in'`),
  );
  const correction = await world.app.inject({
    method: "POST",
    url: `/api/admin/ledger/${partner?.id}/notes`,
    headers: staff,
    payload: {
      ledgerAccount: 1,
      kind: "debitCorrection",
      amount: "150.00",
      description: "Cheque bounce fee",
    },
  });
  expect(correction.statusCode).toBe(200);
  const [noGstin] = rowsOf<{ user_id: number }>(
    await db.execute(sql`SELECT user_id FROM ledger_entries WHERE source_kind = 'ageing'
      AND user_id <> ${partner?.id} ORDER BY id DESC LIMIT 1`),
  );
  await db.execute(sql`UPDATE users SET gstin = NULL WHERE id = ${noGstin?.user_id}`);
  // Registered, cancelled and failed rows among the pending documents.
  const pending = (await service.documents()).filter((d) => d.einvoice !== null);
  const pick = [0, 7, 50, 120, 300, pending.length - 1].map((i) => pending[i]);
  for (const d of pick.slice(0, 5)) if (d) await service.register(actor, d);
  const cancelled = pick[1];
  if (cancelled) await service.cancel(actor, cancelled, { reason: "2", remark: "Wrong rate" });
  const failed = pick[5];
  if (failed)
    await repo.saveOutcome(
      db,
      {
        docType: failed.type,
        docNumber: failed.number,
        docDay: failed.day,
        userId: failed.userId,
        invoiceId: failed.invoiceId,
      },
      { state: "failed", errorCode: "2150", errorMessage: "Duplicate IRN" },
      actor,
      clock,
    );
}, 900_000);
afterAll(() => world?.close());

/**
 * Every row and the counts as the desk computed them before issue 32: every document built, then
 * sorted and counted in memory. The world does not change after `beforeAll` (the desk only reads),
 * so they are computed once and each query filters and pages them.
 */
let formerRows: Promise<{ all: EinvoiceRow[]; counts: AdminEinvoicesResponse["counts"] }> | undefined;
async function formerAll() {
  const docs = await service.documents();
  const stored = new Map(
    (await repo.einvoiceRows(world.database.db, null)).map(
      (r) => [`${r.docType}|${r.docNumber}`, r] as const,
    ),
  );
  const all: EinvoiceRow[] = docs
    .map((d) => {
      const s = stored.get(`${d.type}|${d.number}`);
      const state: EinvoiceRow["state"] =
        d.einvoice === null ? "not needed" : ((s?.state as EinvoiceRow["state"]) ?? "pending");
      return {
        type: d.type,
        number: d.number,
        day: d.day,
        userId: d.userId,
        partnerName: d.partnerName,
        buyerGstin: d.buyerGstin,
        invoiceId: d.invoiceId,
        total: d.total,
        state,
        reason: d.notNeeded,
        irn: s?.irn ?? null,
        ackNo: s?.ackNo ?? null,
        ackAt: s?.ackAt?.toISOString() ?? null,
        errorCode: s?.errorCode ?? null,
        errorMessage: s?.errorMessage ?? null,
        cancelledAt: s?.cancelledAt?.toISOString() ?? null,
      };
    })
    .sort((a, b) => (a.day === b.day ? b.number.localeCompare(a.number) : b.day.localeCompare(a.day)));
  const counts = { "not needed": 0, pending: 0, registered: 0, failed: 0, cancelled: 0 };
  for (const r of all) counts[r.state] += 1;
  return { all, counts };
}

/** The desk as it was computed before issue 32: every document built, then sorted, counted, filtered and paged in memory. */
async function formerList(q: AdminEinvoicesQuery) {
  formerRows ??= formerAll();
  const { all, counts } = await formerRows;
  const needle = q.q?.toLowerCase();
  const matching = all.filter(
    (r) =>
      (!q.state || r.state === q.state) &&
      (!needle ||
        [r.number, r.partnerName, r.buyerGstin ?? "", r.irn ?? ""].some((v) =>
          v.toLowerCase().includes(needle),
        )),
  );
  const start = (q.page - 1) * q.pageSize;
  return { rows: matching.slice(start, start + q.pageSize), total: matching.length, counts, irp: "sandbox" };
}

async function desk(q: AdminEinvoicesQuery): Promise<AdminEinvoicesResponse> {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.state) params.set("state", q.state);
  if (q.q) params.set("q", q.q);
  const res = await world.app.inject({
    method: "GET",
    url: `/api/admin/einvoices?${params}`,
    headers: staff,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as AdminEinvoicesResponse;
}

describe("the e-invoices desk over the full demo world", () => {
  it("answers every page of the unfiltered list as the former computation did", async () => {
    const first = await formerList({ page: 1, pageSize: 100 });
    expect(first.total).toBeGreaterThan(600);
    expect(Object.values(first.counts).every((n) => n > 0)).toBe(true);
    const pages = Math.ceil(first.total / 100) + 1;
    for (let page = 1; page <= pages; page++) {
      const q = { page, pageSize: 100 };
      expect(await desk(q), `page ${page}`).toEqual(await formerList(q));
    }
  }, 600_000);

  it("filters by each state and pages them as the former computation did", async () => {
    for (const state of ["not needed", "pending", "registered", "failed", "cancelled"] as const)
      for (const page of [1, 2, 7]) {
        const q = { state, page, pageSize: 25 };
        expect(await desk(q), `${state} page ${page}`).toEqual(await formerList(q));
      }
  }, 600_000);

  it("searches number, partner name, buyer GSTIN and IRN as the former computation did", async () => {
    const all = await formerList({ page: 1, pageSize: 1000 });
    const registered = all.rows.find((r) => r.irn !== null);
    const withGstin = all.rows.find((r) => r.buyerGstin !== null);
    const someone = all.rows[40];
    const needles = [
      someone?.partnerName.slice(2, 9).toUpperCase() ?? "",
      someone?.number.slice(0, 9) ?? "",
      "/2021/",
      withGstin?.buyerGstin?.slice(3, 12).toLowerCase() ?? "",
      registered?.irn?.slice(10, 30) ?? "",
      "zzz-nothing",
      "00",
    ];
    for (const needle of needles)
      for (const state of [undefined, "pending", "not needed"] as const) {
        const q = { q: needle, state, page: 1, pageSize: 25 };
        const former = await formerList(q);
        expect(await desk(q), `q=${needle} state=${state}`).toEqual(former);
        if (needle === "zzz-nothing") expect(former.total).toBe(0);
      }
  }, 600_000);

  it("lists each reason a document takes no e-invoice", async () => {
    const { rows } = await formerList({ state: "not needed", page: 1, pageSize: 100_000 });
    const reasons = new Set(rows.map((r) => r.reason?.split(" ")[0]));
    expect([...reasons].sort()).toEqual(["The", "This"]);
    expect(rows.some((r) => r.reason?.startsWith("This note states no GST"))).toBe(true);
    expect(rows.some((r) => r.reason?.startsWith("The partner has no GSTIN"))).toBe(true);
  }, 600_000);
});

describe("a ledger note's stated GST in SQL", () => {
  it("gives statedNoteTax's verdict on every journal description and the domain's examples", async () => {
    const examples = [
      "Courier charges (March) (SAC 9968; taxable 4000.00, CGST 9% 360.00 + SGST 9% 360.00)",
      "DN120 ageing on overdue 81234.50 (SAC 9971; taxable 1032.64, IGST 18% 185.88)",
      "Correction: cheque 1234 entered twice",
      "Courier charges (SAC 9968)",
      "(SAC 9968; taxable 1.00, IGST 18% 0.18) typed by staff",
      "Two lines\n(SAC 9968; taxable 1.00, IGST 18% 0.18)",
      "x (SAC 9968; taxable 1.00, IGST 18% 0.18)\n",
      "x (SAC 996; taxable 1.00, IGST 18% 0.18)",
      "x (SAC 9968; taxable 1.0, IGST 18% 0.18)",
      "x (SAC 9968; taxable 1.00, IGST 12.5% 0.13)",
      "x (SAC 9968; taxable 1.00, CGST 9% 0.09 + SGST 9% 0.09)",
      "x (SAC 9968; taxable 1.00, CGST 9% 0.09 + IGST 9% 0.09)",
    ];
    const values = sql.join(
      examples.map((e) => sql`(${e})`),
      sql`, `,
    );
    const verdicts = rowsOf<{ description: string; stated: boolean }>(
      await world.database.db.execute(sql`
        SELECT description, description ~ ${repo.STATED_NOTE_TAX_SQL} AS stated FROM ledger_entries
        UNION ALL
        SELECT d, d ~ ${repo.STATED_NOTE_TAX_SQL} FROM (VALUES ${values}) AS v(d)`),
    );
    expect(verdicts.length).toBeGreaterThan(examples.length + 1000);
    const stated = verdicts.filter((v) => v.stated);
    expect(stated.length).toBeGreaterThan(50);
    const disagreeing = verdicts.filter((v) => v.stated !== (statedNoteTax(v.description) !== null));
    expect(disagreeing).toEqual([]);
  });
});
