import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { userIdOf } from "../../test/order-test-kit";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchiseeId: number;
/** The chain of the clean case: its order, load and tax invoice. */
let chain: {
  poid: string;
  loadId: number;
  invoiceId: number;
  invoiceNumber: string;
  total: string;
  loadTotal: string;
};

const report = (query = "", headers = kit.staff) =>
  world.app.inject({ method: "GET", url: `/api/admin/reconciliation${query}`, headers });

beforeAll(async () => {
  // The small demo world has no orders: everything below is what the test does.
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  franchiseeId = await userIdOf(kit.db, "franchisee@demo.in");
});
afterAll(() => world.close());

describe("reconciliation report", () => {
  it("finds nothing on a fresh order → confirm → load → ship → pay → approve chain", async () => {
    const o = await kit.order([2, 1]);
    expect((await kit.call("POST", `/api/admin/orders/${o.poid}/confirm`, {})).statusCode).toBe(200);
    const load = (await kit.call("POST", "/api/admin/loads", { poids: [o.poid] })).json();
    await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
      transporter: "Blue Dart",
      docketNo: "BD1",
    });
    const shipped = await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {});
    expect(shipped.statusCode).toBe(200);
    const s = shipped.json();
    // Goods 685.79 (2 + 1 units) and the ₹250 shipping charge of a small order: invoice 935.79.
    expect(s.total).toBe("685.79");
    const invoice = (await kit.call("GET", `/api/admin/invoices/${s.invoiceId}`)).json();
    expect(invoice.total).toBe("935.79");

    // Shipped, not yet paid: the ledger owes the invoice, and the payable says so.
    const owing = (await report(`?userId=${franchiseeId}`)).json();
    expect(owing.total).toBe(0);
    expect(owing.disagreements).toEqual([]);
    expect(owing.accounts).toEqual([
      {
        userId: franchiseeId,
        partnerName: expect.any(String),
        ledgerAccount: 1,
        orders: 1,
        loads: 1,
        invoices: 1,
        ledgerBalance: "935.79",
        payable: "935.79",
        disagreements: 0,
      },
    ]);

    const pending = (
      await kit.call("GET", "/api/payment/pending?accountId=1", undefined, kit.franchisee)
    ).json();
    expect(pending.totalPayable).toBe("935.79");
    const paid = await kit.call(
      "POST",
      "/api/payment/processConfirmPayment",
      {
        paymentData: {
          paymentType: "Neft",
          referenceId: "UTR-RECON-1",
          totalAmountPaid: pending.totalPayable,
          orders: [o.poid],
        },
      },
      kit.franchisee,
    );
    expect(paid.statusCode).toBe(200);
    expect((await report(`?userId=${franchiseeId}`)).json().total).toBe(0);
    expect((await kit.call("POST", `/api/admin/payments/${paid.json().id}/approve`, {})).statusCode).toBe(
      200,
    );

    const settled = (await report()).json();
    expect(settled.total).toBe(0);
    expect(settled.byKind.every((k: { count: number }) => k.count === 0)).toBe(true);
    expect(settled.accounts).toEqual([
      expect.objectContaining({
        userId: franchiseeId,
        ledgerAccount: 1,
        ledgerBalance: "0.00",
        payable: "0.00",
      }),
    ]);
    chain = {
      poid: o.poid,
      loadId: load.id,
      invoiceId: s.invoiceId,
      invoiceNumber: s.invoiceNumber,
      total: invoice.total,
      loadTotal: s.total,
    };
  });

  it("names a load whose value was changed behind its orders' back, with both amounts and the difference", async () => {
    await kit.db.execute(sql`UPDATE loads SET total = total + 12.34 WHERE id = ${chain.loadId}`);
    const body = (await report()).json();
    expect(body.total).toBe(1);
    expect(body.byKind.find((k: { kind: string }) => k.kind === "load-value").count).toBe(1);
    expect(body.disagreements).toEqual([
      {
        kind: "load-value",
        label: "Load value is not its lines at the orders' prices",
        userId: franchiseeId,
        partnerName: expect.any(String),
        ledgerAccount: 1,
        documents: [
          { type: "order", id: chain.poid, number: chain.poid },
          { type: "load", id: String(chain.loadId), number: `Load ${chain.loadId}` },
        ],
        measure: "amount",
        expectedLabel: "Lines × the orders' prices",
        expected: "685.79",
        foundLabel: "Load value",
        found: "698.13",
        difference: "12.34",
      },
    ]);
    expect(body.accounts[0].disagreements).toBe(1);
    await kit.db.execute(sql`UPDATE loads SET total = total - 12.34 WHERE id = ${chain.loadId}`);
    expect((await report()).json().total).toBe(0);
  });

  it("names an invoice whose total no longer matches its lines, its print and its ledger debit", async () => {
    await kit.db.execute(sql`UPDATE invoices SET total = total - 0.01 WHERE id = ${chain.invoiceId}`);
    const body = (await report()).json();
    const less = "935.78";
    const invoice = { type: "invoice", id: String(chain.invoiceId), number: chain.invoiceNumber };
    expect(
      body.disagreements.map((d: Record<string, unknown>) => [
        d.kind,
        d.expectedLabel,
        d.expected,
        d.foundLabel,
        d.found,
        d.difference,
      ]),
    ).toEqual([
      ["invoice-total", "Lines + shipping charge", "935.79", "Invoice total", less, "-0.01"],
      ["invoice-total", "Invoice total", less, "Printed total", "935.79", "0.01"],
      ["invoice-ledger", "Invoice total", less, "Ledger debit", "935.79", "0.01"],
    ]);
    expect(body.disagreements[0].documents).toEqual([
      { type: "load", id: String(chain.loadId), number: `Load ${chain.loadId}` },
      invoice,
    ]);
    expect(body.disagreements[2].documents[0]).toEqual(invoice);
    expect(body.disagreements[2].documents[1]).toMatchObject({
      type: "ledger entry",
      number: expect.stringMatching(/^Ledger entry \d+$/),
    });
    await kit.db.execute(sql`UPDATE invoices SET total = total + 0.01 WHERE id = ${chain.invoiceId}`);
  });

  it("names a gap in an invoice series between the two numbers around it", async () => {
    await kit.db.execute(sql`UPDATE invoices SET seq = seq + 2 WHERE id = ${chain.invoiceId}`);
    const body = (await report()).json();
    expect(body.disagreements).toEqual([
      expect.objectContaining({
        kind: "invoice-series-gap",
        measure: "number",
        expectedLabel: "Next number of the series",
        expected: "1",
        found: "3",
        difference: "2",
      }),
    ]);
    await kit.db.execute(sql`UPDATE invoices SET seq = seq - 2 WHERE id = ${chain.invoiceId}`);
  });

  it("filters by partner and ledger account, refuses a bad account, and is for staff only", async () => {
    await kit.db.execute(
      sql`UPDATE loads SET total_quantity = total_quantity + 1 WHERE id = ${chain.loadId}`,
    );
    const all = (await report()).json();
    expect(
      all.disagreements.map((d: { kind: string; expected: string; found: string }) => [
        d.kind,
        d.expected,
        d.found,
      ]),
    ).toEqual([["load-quantity", "3", "4"]]);
    expect((await report(`?userId=${franchiseeId}&ledgerAccount=1`)).json().total).toBe(1);
    const other = (await report(`?userId=${franchiseeId + 1}`)).json();
    expect(other).toMatchObject({ total: 0, accounts: [], disagreements: [] });
    expect((await report(`?ledgerAccount=2`)).json().total).toBe(0);
    await kit.db.execute(
      sql`UPDATE loads SET total_quantity = total_quantity - 1 WHERE id = ${chain.loadId}`,
    );

    const bad = await report("?ledgerAccount=3");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("ledgerAccount must be 1 or 2");
    expect((await report("", kit.franchisee)).statusCode).toBe(403);
  });
});
