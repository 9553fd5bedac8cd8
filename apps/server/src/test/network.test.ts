/**
 * A CI-sized network (issue 32): a handful of stores of every account type with two years of
 * history, made by `seedNetwork` (the same services as the demo history) on top of the demo world,
 * and the API's essentials over it: order history with filters and its stats, the ledger statement
 * of one financial year and its PDF, the staff orders queue's search, sort and CSV export, and the
 * reconciliation report over the whole network. Every figure is checked against SQL over the same
 * rows. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { paiseToDecimal, toPaise } from "@portal/domain";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NetworkSummary, networkEmail, seedNetwork } from "../seed/network";
import { WORLD_BASE_DATE } from "../seed/world";
import { createTestWorld, type TestWorld } from "./harness";

/** The network's clock: a few weeks after its history ends. */
const NOW = new Date("2026-11-18T11:00:00+05:30");
const STORES = 16;

let world: TestWorld;
let summary: NetworkSummary;
let admin: { authorization: string };

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await world.database.db.execute(query));
  if (!row) throw new Error("no row");
  return row;
}
const userIdOf = async (email: string) =>
  (await one<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`)).id;

beforeAll(async () => {
  world = await createTestWorld({ now: () => NOW });
  summary = await seedNetwork(world.database.db, {
    stores: STORES,
    years: 2,
    pace: 0.12,
    end: WORLD_BASE_DATE,
  });
  admin = await world.signIn("admin@demo.in");
}, 600_000);
afterAll(() => world?.close());

describe("a network of stores with two years of history", () => {
  it("is made of every account type, with orders, loads, invoices and payments", async () => {
    const types = rowsOf<{ account_type: string; n: number }>(
      await world.database.db.execute(
        sql`SELECT account_type, count(*)::int AS n FROM users WHERE email LIKE '%@network.demo.in' GROUP BY 1 ORDER BY 1`,
      ),
    );
    expect(types).toEqual([
      { account_type: "franchise", n: 10 },
      { account_type: "kiosk", n: 2 },
      { account_type: "stockist", n: 4 },
    ]);
    const counts = await one<{ orders: number; loads: number; tax: number; payments: number }>(sql`SELECT
      (SELECT count(*)::int FROM purchase_orders) AS orders,
      (SELECT count(*)::int FROM loads) AS loads,
      (SELECT count(*)::int FROM invoices WHERE kind = 'TAX INVOICE') AS tax,
      (SELECT count(*)::int FROM payments) AS payments`);
    expect(counts).toEqual({
      orders: summary.orders,
      loads: summary.loads,
      tax: summary.invoices,
      payments: summary.payments,
    });
    expect(summary.months).toBe(24);
    expect(summary.orders).toBeGreaterThan(300);
    expect(summary.invoices).toBeGreaterThan(100);
  });

  it("answers a store's order history and its stats with the filters, as SQL counts them", async () => {
    const email = networkEmail(1);
    const userId = await userIdOf(email);
    const partner = await world.signIn(email);
    const range = { orderFrom: "2026-07-01", orderTo: "2026-09-30" };
    const from = "2026-07-01T00:00:00+05:30";
    const to = "2026-10-01T00:00:00+05:30";
    for (const filter of [
      "",
      "&status=Delivered",
      "&warehouseId=2",
      "&status=Delivered,Cancelled&warehouseId=5",
    ]) {
      const url = `/api/order?orderFrom=${range.orderFrom}&orderTo=${range.orderTo}${filter}`;
      const params = new URLSearchParams(filter.slice(1));
      const statuses = params.get("status")?.split(",") ?? null;
      const wh = params.get("warehouseId");
      const expected = await one<{ n: number; items: number; qty: number; mrp: string; net: string }>(sql`
        SELECT count(*)::int AS n, coalesce(sum(total_items), 0)::int AS items,
          coalesce(sum(total_quantity), 0)::int AS qty, coalesce(sum(total_mrp), 0)::text AS mrp,
          coalesce(sum(net_payment), 0)::text AS net
        FROM purchase_orders WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}
          ${statuses ? sql`AND status IN (${sql.join(statuses, sql`, `)})` : sql``}
          ${wh ? sql`AND warehouse_id = ${Number(wh)}` : sql``}`);
      const page = await world.app.inject({ method: "GET", url: `${url}&pageSize=50`, headers: partner });
      expect(page.statusCode, page.body).toBe(200);
      const body = page.json();
      expect(body.count).toBe(expected.n);
      expect(body.rows).toHaveLength(Math.min(50, expected.n));
      if (statuses) for (const row of body.rows) expect(statuses).toContain(row.status);
      // newest first
      const created = body.rows.map((r: { createdDate: string }) => r.createdDate);
      expect(created).toEqual([...created].sort().reverse());
      const stats = await world.app.inject({
        method: "GET",
        url: url.replace("/api/order?", "/api/order/stats?"),
        headers: partner,
      });
      expect(stats.statusCode, stats.body).toBe(200);
      expect(stats.json()).toEqual({
        totalorders: expected.n,
        totals: {
          totalItems: expected.items,
          totalQuantity: expected.qty,
          totalMRP: paiseToDecimal(toPaise(expected.mrp)),
          netPayment: paiseToDecimal(toPaise(expected.net)),
        },
      });
    }
    expect(
      (
        await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM purchase_orders WHERE user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}`,
        )
      ).n,
    ).toBeGreaterThan(0);
  });

  it("gives a store's ledger statement for one financial year, and its PDF, as the journal sums it", async () => {
    for (const [n, account] of [
      [1, 1],
      [6, 2],
    ] as const) {
      const email = networkEmail(n);
      const userId = await userIdOf(email);
      const partner = await world.signIn(email);
      const body = { ledgerAccount: account, fromDate: "2025-04-01", toDate: "2026-03-31" };
      const res = await world.app.inject({
        method: "POST",
        url: "/api/ledger/getLedger",
        headers: partner,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      const statement = res.json();
      const journal = await one<{
        n: number;
        debit: string;
        credit: string;
        opening: string;
        closing: string;
      }>(sql`
        SELECT count(*) FILTER (WHERE entry_date >= '2025-04-01')::int AS n,
          coalesce(sum(debit) FILTER (WHERE entry_date >= '2025-04-01'), 0)::text AS debit,
          coalesce(sum(credit) FILTER (WHERE entry_date >= '2025-04-01'), 0)::text AS credit,
          coalesce(sum(debit - credit) FILTER (WHERE entry_date < '2025-04-01'), 0)::text AS opening,
          coalesce(sum(debit - credit), 0)::text AS closing
        FROM ledger_entries WHERE user_id = ${userId} AND ledger_account = ${account} AND entry_date <= '2026-03-31'`);
      expect(journal.n).toBeGreaterThan(0);
      expect(statement.ledger).toHaveLength(1 + journal.n);
      expect(statement.totalDebit).toBe(paiseToDecimal(toPaise(journal.debit)));
      expect(statement.totalCredit).toBe(paiseToDecimal(toPaise(journal.credit)));
      const closing = toPaise(journal.closing);
      expect(statement.closingBalance).toBe(paiseToDecimal(closing < 0n ? -closing : closing));
      const opening = toPaise(journal.opening);
      expect(statement.ledger[0].openingBalance).toBe(paiseToDecimal(opening < 0n ? -opening : opening));
      const pdf = await world.app.inject({
        method: "POST",
        url: "/api/ledger/getLedger/pdf",
        headers: partner,
        payload: body,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  it("searches and sorts the staff orders queue over every row, and exports them all as CSV", async () => {
    const email = networkEmail(3);
    const userId = await userIdOf(email);
    const mine = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM purchase_orders WHERE user_id = ${userId}`,
    );
    const search = await world.app.inject({
      method: "GET",
      url: `/api/admin/orders?q=${email}&pageSize=10`,
      headers: admin,
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().total).toBe(mine.n);
    for (const row of search.json().rows) expect(row.partnerEmail).toBe(email);

    const poid = (
      await one<{ poid: string }>(
        sql`SELECT poid FROM purchase_orders WHERE user_id = ${userId} ORDER BY poid LIMIT 1`,
      )
    ).poid;
    const byPo = await world.app.inject({
      method: "GET",
      url: `/api/admin/orders?q=${poid}`,
      headers: admin,
    });
    expect(byPo.json().rows.map((r: { poid: string }) => r.poid)).toContain(poid);

    const all = await one<{ n: number; top: string; first: string }>(sql`SELECT count(*)::int AS n,
      max(net_payment)::text AS top, min(created_at)::text AS first FROM purchase_orders`);
    const sorted = await world.app.inject({
      method: "GET",
      url: "/api/admin/orders?sort=-netPayment&pageSize=5",
      headers: admin,
    });
    expect(sorted.json().total).toBe(all.n);
    expect(sorted.json().rows[0].netPayment).toBe(paiseToDecimal(toPaise(all.top)));
    // the last page of a sort by date holds the oldest order
    const lastPage = Math.ceil(all.n / 500);
    const oldest = await world.app.inject({
      method: "GET",
      url: `/api/admin/orders?sort=-createdAt&pageSize=500&page=${lastPage}`,
      headers: admin,
    });
    const rows = oldest.json().rows as { poid: string }[];
    const oldestPoid = (
      await one<{ poid: string }>(sql`SELECT poid FROM purchase_orders ORDER BY created_at, poid LIMIT 1`)
    ).poid;
    expect(rows.map((r) => r.poid)).toContain(oldestPoid);

    const csv = await world.app.inject({
      method: "GET",
      url: "/api/admin/orders?format=csv",
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(parsed).toHaveLength(all.n);
    const poids = new Set(parsed.map((r) => Object.values(r)[0]));
    expect(poids.size).toBe(all.n);
    expect(poids.has(oldestPoid)).toBe(true);
  });

  it("runs a Monday's ARS for every franchisee of the network: one run each, what it placed on B2F orders, what it refused", async () => {
    const partners = await one<{ n: number; network: number }>(sql`SELECT count(DISTINCT a.user_id)::int AS n,
      count(DISTINCT a.user_id) FILTER (WHERE u.email LIKE '%@network.demo.in')::int AS network
      FROM ars_products a JOIN users u ON u.id = a.user_id WHERE u.is_franchisee AND u.active`);
    // the BABYHUG franchisees (COCO stores are franchise accounts too, without ARS lists)
    expect(partners.network).toBe(8);
    const placed = await world.app.arsReplenishment.runWeekly(undefined, NOW);
    const runs = rowsOf<{
      user_id: number;
      planned_lines: number;
      placed_lines: number;
      placed_units: number;
      refused: unknown[];
      poids: string[];
    }>(
      await world.database.db.execute(sql`SELECT user_id, planned_lines, placed_lines, placed_units, refused, poids FROM ars_runs
        WHERE created_at >= ${NOW.toISOString()}::timestamptz - interval '1 minute' ORDER BY user_id`),
    );
    expect(runs).toHaveLength(partners.n);
    expect(runs.reduce((n, r) => n + r.poids.length, 0)).toBe(placed);
    for (const run of runs) expect(run.placed_lines + run.refused.length).toBe(run.planned_lines);
    // each run's placed units are the units of the B2F orders it names
    const ordered = rowsOf<{ user_id: number; units: number; b2f: boolean | null }>(
      await world.database.db.execute(sql`SELECT r.user_id, coalesce(sum(l.quantity), 0)::int AS units,
        bool_and(o.source = 'B2F') AS b2f
        FROM ars_runs r
        LEFT JOIN purchase_orders o ON o.poid IN (SELECT jsonb_array_elements_text(r.poids))
        LEFT JOIN purchase_order_lines l ON l.poid = o.poid
        WHERE r.created_at >= ${NOW.toISOString()}::timestamptz - interval '1 minute'
        GROUP BY r.id, r.user_id ORDER BY r.user_id`),
    );
    expect(ordered.map((o) => o.units)).toEqual(runs.map((r) => r.placed_units));
    for (const o of ordered) expect(o.b2f ?? true).toBe(true);
    expect(runs.some((r) => r.placed_units > 0)).toBe(true);
  });

  it("reconciles: order, load, invoice, ledger and payable agree for every store", async () => {
    const res = await world.app.inject({ method: "GET", url: "/api/admin/reconciliation", headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.disagreements).toEqual([]);
    expect(report.total).toBe(0);
    const accounts = await one<{ n: number }>(
      sql`SELECT count(DISTINCT (user_id, ledger_account))::int AS n FROM ledger_entries`,
    );
    expect(report.accounts.length).toBeGreaterThanOrEqual(accounts.n);
  });
});
