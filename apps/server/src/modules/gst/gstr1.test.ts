/**
 * GSTR-1 over the demo world's full history: for every month from GST's start to the last month
 * with documents and for each issuing company's GSTIN, the return's totals equal that month's
 * documents in the ledger journal (sales debits and note debits less note credits) and in the
 * stored invoice documents; and the staff route's access, validation, JSON and CSV.
 */
import {
  ALTERNATE_COMPANY,
  buildGstr1,
  GST_START_DAY,
  gstinCheckCharacter,
  gstinProblem,
  gstr1Messages,
  MAIN_COMPANY,
  monthRange,
  partnerDeskMessages,
  toPaise,
} from "@portal/domain";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, ledgerEntries } from "../../db/schema";
import { createTestWorld, type TestWorld } from "../../test/harness";
import * as repo from "./gstr1-repo";
import { documentsOf, ledgerAccountOfGstin } from "./gstr1-service";

let world: TestWorld;
let admin: { authorization: string };
let months: string[];

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: "full" });
  admin = await world.signIn("admin@demo.in");
  const [span] = await world.database.db
    .select({ last: sql<string>`max(${ledgerEntries.entryDate})::text` })
    .from(ledgerEntries);
  const last = String(span?.last).slice(0, 7);
  months = [];
  for (let m = GST_START_DAY.slice(0, 7); m <= last; ) {
    months.push(m);
    const [y, mo] = m.split("-").map(Number) as [number, number];
    m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, "0")}`;
  }
}, 900_000);
afterAll(() => world?.close());

const GSTINS = [MAIN_COMPANY.gstNo, ALTERNATE_COMPANY.gstNo];

describe("GSTR-1 totals against the journal, every month of the demo world", () => {
  it("matches each month's journal and stored invoices for both GSTINs", async () => {
    const db = world.database.db;
    let checked = 0;
    let documents = 0;
    const mismatches: string[] = [];
    for (const gstin of GSTINS) {
      const account = ledgerAccountOfGstin(gstin) as 1 | 2;
      for (const month of months) {
        const { from, to } = monthRange(month);
        const g = buildGstr1(gstin, month, await documentsOf(db, account, month));
        const journal = await repo.journal(db, account, from, to);
        const journalValue = journal.reduce(
          (s, e) =>
            e.voucherType === "Sales" || (e.noteType && e.voucherType === "Debit Note")
              ? s + toPaise(e.debit)
              : e.noteType && e.voucherType === "Credit Note"
                ? s - toPaise(e.credit)
                : s,
          0n,
        );
        const [stored] = await db
          .select({
            n: sql<number>`count(*)::int`,
            taxable: sql<string>`coalesce(sum((${invoices.document}->'totals'->>'taxable')::numeric), 0)::text`,
            igst: sql<string>`coalesce(sum((${invoices.document}->'totals'->>'igst')::numeric), 0)::text`,
            cgst: sql<string>`coalesce(sum((${invoices.document}->'totals'->>'cgst')::numeric), 0)::text`,
            sgst: sql<string>`coalesce(sum((${invoices.document}->'totals'->>'sgst')::numeric), 0)::text`,
            total: sql<string>`coalesce(sum(${invoices.total}), 0)::text`,
          })
          .from(invoices)
          .where(
            and(
              eq(invoices.kind, "TAX INVOICE"),
              gte(invoices.issuedOn, from),
              lte(invoices.issuedOn, to),
              sql`substr(${invoices.number}, 2, 1) = ${account === 2 ? "A" : "M"}`,
            ),
          );
        const t = g.totals;
        const inv = t.invoices;
        const got = [t.net.value, inv.documents, inv.taxable, inv.igst, inv.cgst, inv.sgst, inv.value];
        const want = [
          journalValue,
          stored?.n,
          toPaise(stored?.taxable ?? "0"),
          toPaise(stored?.igst ?? "0"),
          toPaise(stored?.cgst ?? "0"),
          toPaise(stored?.sgst ?? "0"),
          toPaise(stored?.total ?? "0"),
        ];
        if (got.join() !== want.join()) mismatches.push(`${gstin} ${month}: ${got.join()} != ${want.join()}`);
        // Each document's value is its taxable value and taxes.
        expect(t.net.taxable + t.net.igst + t.net.cgst + t.net.sgst).toBe(t.net.value);
        checked++;
        documents += t.net.documents;
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(months.length * 2);
    expect(months[0]).toBe("2017-07");
    // The demo world's GST documents of both companies, July 2017 to its last month.
    expect(documents).toBe(737);
  });
});

describe("GET /api/admin/gstr1", () => {
  const url = (q: string) => `/api/admin/gstr1?${q}`;

  it("is staff-only", async () => {
    const partner = await world.signIn("franchisee@demo.in");
    const q = url(`gstin=${MAIN_COMPANY.gstNo}&month=2026-10`);
    expect((await world.app.inject({ method: "GET", url: q })).statusCode).toBe(401);
    expect((await world.app.inject({ method: "GET", url: q, headers: partner })).statusCode).toBe(403);
  });

  const otherGstin = `29AAAAA0000A1Z${gstinCheckCharacter("29AAAAA0000A1Z")}`;
  it.each([
    ["gstin=27AACCL1234M1Z2&month=2026-10", 400, gstinProblem("27AACCL1234M1Z2") ?? "?"],
    ["gstin=ABC&month=2026-10", 400, partnerDeskMessages.gstinLength],
    [`gstin=${MAIN_COMPANY.gstNo}&month=2026-13`, 400, "month must be YYYY-MM"],
    [`gstin=${MAIN_COMPANY.gstNo}&month=2017-06`, 400, "month must be from 2017-07"],
    [`gstin=${MAIN_COMPANY.gstNo}`, 400, "month"],
    [`gstin=${MAIN_COMPANY.gstNo}&month=2026-10&format=xml`, 400, "format must be json, csv or summary"],
    [`gstin=${otherGstin}&month=2026-10`, 404, gstr1Messages.notOurGstin(otherGstin)],
  ])("refuses %s with %i", async (q, status, reason) => {
    const res = await world.app.inject({ method: "GET", url: url(q), headers: admin });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(reason);
  });

  it("answers the totals, the offline tool's JSON and the CSV of the same month", async () => {
    const q = `gstin=${MAIN_COMPANY.gstNo}&month=2026-10`;
    const summary = (await world.app.inject({ method: "GET", url: url(q), headers: admin })).json();
    expect(summary).toMatchObject({
      gstin: MAIN_COMPANY.gstNo,
      companyName: MAIN_COMPANY.name,
      fp: "102026",
    });
    const res = await world.app.inject({ method: "GET", url: url(`${q}&format=json`), headers: admin });
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="GSTR1_${MAIN_COMPANY.gstNo}_202610.json"`,
    );
    const json = res.json();
    expect(Object.keys(json)).toEqual(["gstin", "fp", "b2b", "b2cs", "cdnr", "hsn", "doc_issue"]);
    const b2bTaxable = json.b2b
      .flatMap((p: { inv: { itms: { itm_det: { txval: number } }[] }[] }) => p.inv)
      .flatMap((i: { itms: { itm_det: { txval: number } }[] }) => i.itms)
      .reduce(
        (s: bigint, it: { itm_det: { txval: number } }) => s + toPaise(it.itm_det.txval.toFixed(2)),
        0n,
      );
    expect(b2bTaxable).toBe(toPaise(summary.totals.b2b.taxable));
    expect(
      json.doc_issue.doc_det[0].docs.reduce((n: number, d: { net_issue: number }) => n + d.net_issue, 0),
    ).toBe(summary.totals.invoices.documents);
    const csv = await world.app.inject({ method: "GET", url: url(`${q}&format=csv`), headers: admin });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Section,Partner GSTIN,Document type,Document number,Document date,Place of supply,Document value,HSN/SAC,Quantity,Rate,Taxable value,IGST,CGST,SGST,Cess",
    );
    const docRows = lines.slice(1).filter((l) => !l.startsWith("HSN,"));
    const csvTaxable = docRows.reduce((s, l) => {
      const cells = l.split(",");
      const sign = cells[2] === "Credit Note" ? -1n : 1n;
      return s + sign * toPaise(cells[10] ?? "0");
    }, 0n);
    expect(csvTaxable).toBe(toPaise(summary.totals.net.taxable));
  });
});
