/**
 * The network-sized world's batched path (issue 32) makes the same documents as the services make
 * them one at a time: a small network seeded both ways, on two databases with the same demo world,
 * agrees row for row on every order, line, load, invoice (number, amounts, printed document), ledger
 * entry and payment (ids of notices and audit entries aside, which only interleave differently), and
 * the batched one reconciles. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NetworkSummary, seedNetwork } from "../seed/network";
import { WORLD_BASE_DATE } from "../seed/world";
import { createTestWorld, type TestWorld } from "./harness";

const NOW = new Date("2026-11-18T11:00:00+05:30");
const NETWORK = { stores: 6, years: 1, pace: 0.5, end: WORLD_BASE_DATE };

let batched: TestWorld;
let oneByOne: TestWorld;
let summaries: { batched: NetworkSummary; oneByOne: NetworkSummary };

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/** The same query on both worlds. */
async function both<T>(query: ReturnType<typeof sql>): Promise<{ batched: T[]; oneByOne: T[] }> {
  return {
    batched: rowsOf<T>(await batched.database.db.execute(query)),
    oneByOne: rowsOf<T>(await oneByOne.database.db.execute(query)),
  };
}

beforeAll(async () => {
  batched = await createTestWorld({ now: () => NOW });
  oneByOne = await createTestWorld({ now: () => NOW });
  summaries = {
    batched: await seedNetwork(batched.database.db, { ...NETWORK, batched: true }),
    oneByOne: await seedNetwork(oneByOne.database.db, { ...NETWORK, batched: false }),
  };
}, 600_000);
afterAll(async () => {
  await batched?.close();
  await oneByOne?.close();
});

describe("the network's batched path", () => {
  it("makes as many documents of each kind as one at a time", () => {
    const { durationMs: _a, ...a } = summaries.batched;
    const { durationMs: _b, ...b } = summaries.oneByOne;
    expect(a).toEqual(b);
    expect(a.orders).toBeGreaterThan(100);
    expect(a.invoices).toBeGreaterThan(20);
    expect(a.payments).toBeGreaterThan(5);
  });

  it("writes the same orders and lines, amount for amount", async () => {
    const orders = await both(sql`SELECT poid, user_id, warehouse_id, status, created_at, confirmed_at,
        shipped_at, delivered_at, cancelled_at, load_id, ledger_account, docket_no, transporter_no,
        total_items, total_quantity, total_mrp, total_base, total_cgst, total_sgst, total_igst,
        net_payment, gap_report, auto_confirmed
      FROM purchase_orders ORDER BY poid`);
    expect(orders.batched.length).toBeGreaterThan(100);
    expect(orders.batched).toEqual(orders.oneByOne);
    const lines = await both(sql`SELECT poid, product_id, ordered_quantity, quantity, delivered_quantity,
        mrp, actual_price, base_cost, total_price, total_base, gst_rate, cgst, sgst, igst
      FROM purchase_order_lines ORDER BY poid, product_id, id`);
    expect(lines.batched).toEqual(lines.oneByOne);
  });

  it("builds the same loads and issues the same invoices from the same counters", async () => {
    const loads = await both(sql`SELECT id, user_id, warehouse_id, status, created_at,
        estimated_shipping_date, actual_shipping_date, handed_over_at, delivered_at, docket_no,
        transporter, total_items, total_quantity, total
      FROM loads ORDER BY id`);
    expect(loads.batched.length).toBeGreaterThan(20);
    expect(loads.batched).toEqual(loads.oneByOne);
    const invoices = await both(sql`SELECT kind, number, user_id, warehouse_id, poid, load_id,
        financial_year, seq, issued_on, tax_regime, total, document, buyer_gstin
      FROM invoices ORDER BY number`);
    expect(invoices.batched).toEqual(invoices.oneByOne);
    const counters = await both(sql`SELECT company_gstin, warehouse_id, financial_year, document_type,
        last_number, last_day FROM document_counters ORDER BY 1, 2, 3, 4`);
    expect(counters.batched).toEqual(counters.oneByOne);
  });

  it("posts the same ledger entries and payments", async () => {
    const entries = await both(sql`SELECT user_id, ledger_account, entry_date, voucher_type,
        voucher_number, debit, credit, description, reference, source_kind, docket_number
      FROM ledger_entries ORDER BY entry_date, voucher_number, source_kind, reference`);
    expect(entries.batched.length).toBeGreaterThan(20);
    expect(entries.batched).toEqual(entries.oneByOne);
    const payments = await both(sql`SELECT id, user_id, ledger_account, reference_id, total_amount_paid,
        amount_received, status, submitted_at, decided_at, orders
      FROM payments ORDER BY id`);
    expect(payments.batched).toEqual(payments.oneByOne);
  });

  it("tells partners and audits the same steps", async () => {
    const notices = await both(sql`SELECT user_id, title, message, target, created_at
      FROM notifications ORDER BY created_at, user_id, title, message`);
    expect(notices.batched).toEqual(notices.oneByOne);
    const audit = await both(sql`SELECT actor_id, action, entity, entity_id, before, after, at
      FROM audit_log ORDER BY at, action, entity_id`);
    expect(audit.batched.length).toBeGreaterThan(100);
    expect(audit.batched).toEqual(audit.oneByOne);
  });

  it("reconciles", async () => {
    const admin = await batched.signIn("admin@demo.in");
    const res = await batched.app.inject({ method: "GET", url: "/api/admin/reconciliation", headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().disagreements).toEqual([]);
  });
});
