/**
 * The partner dashboard (issue 30) through the API, on the demo world's last 3 months of history and
 * a fixed clock: its default period, its figures for a month against what the order history, the gap
 * reports and the load list (tax invoices) answer for that month, and its refusals of a bad period.
 */
import type { DashboardResponse } from "@portal/contracts";
import { AGEING_BUCKETS, dashboardMessages, monthDays, toPaise } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixClock, restoreClock } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let franchisee: { authorization: string };
let stockist: { authorization: string };
let dashboard: DashboardResponse;

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 3 });
  [franchisee, stockist] = await Promise.all([
    world.signIn("franchisee@demo.in"),
    world.signIn("stockist@demo.in"),
  ]);
  const res = await get("/api/dashboard", franchisee);
  expect(res.statusCode).toBe(200);
  dashboard = res.json();
}, 300_000);
afterAll(async () => {
  await world?.close();
  restoreClock();
});

const get = (url: string, headers: { authorization: string }) =>
  world.app.inject({ method: "GET", url, headers });
const post = (url: string, headers: { authorization: string }, payload: unknown) =>
  world.app.inject({ method: "POST", url, headers, payload: payload as object });

interface HistoryRow {
  poid: string;
  status: string;
}

/** Every order the order history lists as placed in a month (all pages). */
async function ordersPlacedIn(month: string): Promise<HistoryRow[]> {
  const { from, to } = monthDays(month);
  const rows: HistoryRow[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const res = await get(
      `/api/order?orderFrom=${from}&orderTo=${to}&pageSize=50&pageNo=${pageNo}`,
      franchisee,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { rows: HistoryRow[]; count: number };
    rows.push(...body.rows);
    if (rows.length >= body.count || body.rows.length === 0) return rows;
  }
}

/** What the load list says the tax invoices of loads shipped in a month came to, in paise. */
async function invoicedIn(month: string): Promise<{ spend: bigint; invoices: number }> {
  const { from, to } = monthDays(month);
  let spend = 0n;
  let invoices = 0;
  for (let pageNo = 1; ; pageNo++) {
    const res = await post("/api/cpo/getLoad", franchisee, {
      loadFilter: { pageNo, selectedPageSize: 40, shipFrom: from, shipTo: to },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { rows: { InvoiceTotal: string | null }[]; count: number };
    for (const r of body.rows) {
      if (r.InvoiceTotal === null) continue;
      spend += toPaise(r.InvoiceTotal);
      invoices++;
    }
    if (pageNo * 40 >= body.count || body.rows.length === 0) return { spend, invoices };
  }
}

describe("GET /api/dashboard on the demo world", () => {
  it("covers the last 12 calendar months to today in India by default, the financial year from 1 April", () => {
    expect(dashboard.from).toBe("2025-12-01");
    expect(dashboard.to).toBe("2026-11-18");
    expect(dashboard.yearFrom).toBe("2026-04-01");
    expect(dashboard.months.map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
  });

  it("gives the demo world's figures: 3 months of history from August 2026", () => {
    expect(dashboard.months.find((m) => m.month === "2026-08")).toEqual({
      month: "2026-08",
      spend: 14521093,
      invoices: 4,
      mrpValue: 21655800,
      margin: 7134707,
      ordered: 255,
      confirmed: 242,
      shipped: 242,
    });
    expect(dashboard.spend.total).toBe(29559859);
    expect(dashboard.margin).toEqual({
      mrpValue: 43583200,
      cost: 29559859,
      margin: 14023341,
      marginPercent: 32.2,
    });
    const { topGaps: _gaps, ...fill } = dashboard.fillRate;
    expect(fill).toEqual({
      ordered: 722,
      confirmed: 612,
      shipped: 569,
      confirmedPercent: 84.8,
      shippedPercent: 78.8,
      gapUnits: 52,
      gapValue: 3845457,
    });
  });

  it("counts a month's ordered, confirmed and shipped units as the order history and its gap reports do", async () => {
    const busy = dashboard.months.filter((m) => m.ordered > 0);
    expect(busy.length).toBeGreaterThanOrEqual(2);
    for (const month of busy) {
      const orders = await ordersPlacedIn(month.month);
      let ordered = 0;
      let confirmed = 0;
      let shipped = 0;
      for (const o of orders) {
        const report = (await get(`/api/order/getGapReport?orderId=${o.poid}`, franchisee)).json() as {
          lines: { orderedQuantity: number; confirmedQuantity: number }[];
        };
        for (const l of report.lines) {
          ordered += l.orderedQuantity;
          confirmed += l.confirmedQuantity;
          if (o.status === "Shipped" || o.status === "Delivered") shipped += l.confirmedQuantity;
        }
      }
      expect({ month: month.month, ordered, confirmed, shipped }).toEqual({
        month: month.month,
        ordered: month.ordered,
        confirmed: month.confirmed,
        shipped: month.shipped,
      });
    }
  });

  it("counts a month's spend as the tax invoices of the loads shipped in it", async () => {
    const billed = dashboard.months.filter((m) => m.invoices > 0);
    expect(billed.length).toBeGreaterThanOrEqual(2);
    for (const month of dashboard.months) {
      const invoiced = await invoicedIn(month.month);
      expect({ month: month.month, spend: month.spend, invoices: month.invoices }).toEqual({
        month: month.month,
        spend: Number(invoiced.spend),
        invoices: invoiced.invoices,
      });
    }
    expect(dashboard.spend.total).toBe(dashboard.months.reduce((n, m) => n + m.spend, 0));
  });

  it("splits the spend by category (shipping charges apart) and by warehouse, each adding up to the total", () => {
    const { spend } = dashboard;
    expect(spend.byCategory.reduce((n, c) => n + c.spend, 0)).toBe(spend.total);
    expect(spend.byWarehouse.reduce((n, w) => n + w.spend, 0)).toBe(spend.total);
    expect(spend.byWarehouse.map((w) => w.warehouseId).sort()).toEqual([2, 3, 5, 7]);
    // The financial year to date is part of the 12 months here (April to today).
    expect(spend.yearToDate).toBe(
      dashboard.months.filter((m) => m.month >= "2026-04").reduce((n, m) => n + m.spend, 0),
    );
  });

  it("earns a margin at MRP: MRP value of the goods received less their cost", () => {
    const { margin } = dashboard;
    expect(margin.mrpValue).toBeGreaterThan(margin.cost);
    expect(margin.margin).toBe(margin.mrpValue - margin.cost);
    expect(margin.marginPercent).toBe(Math.round((margin.margin * 1000) / margin.mrpValue) / 10);
    expect(dashboard.months.reduce((n, m) => n + m.margin, 0)).toBe(margin.margin);
  });

  it("names the top gap products, each gap as the latest order's gap report shows it", async () => {
    const { fillRate } = dashboard;
    expect(fillRate.ordered).toBe(dashboard.months.reduce((n, m) => n + m.ordered, 0));
    expect(fillRate.confirmedPercent).toBe(Math.round((fillRate.confirmed * 1000) / fillRate.ordered) / 10);
    expect(fillRate.topGaps.length).toBeGreaterThan(0);
    for (const gap of fillRate.topGaps.slice(0, 3)) {
      const report = (await get(`/api/order/getGapReport?orderId=${gap.latestPoid}`, franchisee)).json() as {
        status: string;
        lines: { productId: number; gap: number }[];
      };
      expect(["Delivered", "Cancelled"]).toContain(report.status);
      expect(report.lines.find((l) => l.productId === gap.productId)?.gap).toBeGreaterThan(0);
    }
    const values = fillRate.topGaps.map((g) => g.gapValue);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it("gives each warehouse's lead times, the 90th percentile never below the median", () => {
    expect(dashboard.leadTimes.map((l) => l.warehouseId)).toEqual([2, 3, 5, 7]);
    for (const l of dashboard.leadTimes)
      for (const stage of [l.orderToConfirmation, l.confirmationToShipment, l.shipmentToDelivery]) {
        if (stage.orders === 0) continue;
        expect(stage.p90Hours ?? 0).toBeGreaterThanOrEqual(stage.medianHours ?? 0);
      }
  });

  it("shows what is owed by age as the ledger does, and the payments awaiting approval", async () => {
    const pending = (await get("/api/payment/pending?accountId=1", franchisee)).json() as {
      balance: string;
      awaitingApproval: string;
      openDocuments: { number: string }[];
    };
    const { money } = dashboard;
    expect(money.buckets.map((b) => b.key)).toEqual(AGEING_BUCKETS.map((b) => b.key));
    expect(money.outstanding).toBe(money.buckets.reduce((n, b) => n + b.amount, 0));
    const balance = Number(toPaise(pending.balance));
    expect(money.outstanding).toBe(Math.max(0, balance));
    expect(money.awaitingApproval).toBe(Number(toPaise(pending.awaitingApproval)));
    expect(money.nextDues.map((d) => d.number)).toEqual(
      pending.openDocuments.slice(0, 5).map((d) => d.number),
    );
    expect(money.ledgerEnabled).toBe(true);
  });

  it("compares the franchise store with the national average; a stockist without store data has none", async () => {
    expect(dashboard.comparison?.items.length).toBeGreaterThan(0);
    expect(dashboard.comparison?.items.every((i) => i.national !== null)).toBe(true);
    const theirs = (await get("/api/dashboard", stockist)).json() as DashboardResponse;
    expect(theirs.comparison).toBeNull();
    expect(theirs.money.ledgerEnabled).toBe(false);
    expect(
      theirs.fillRate.topGaps.every(
        (g) => !dashboard.fillRate.topGaps.some((f) => f.latestPoid === g.latestPoid),
      ),
    ).toBe(true);
  });

  it("answers one month when asked for it", async () => {
    const month = dashboard.months.find((m) => m.invoices > 0 && m.ordered > 0);
    if (!month) throw new Error("no busy month");
    const { from, to } = monthDays(month.month);
    const one = (await get(`/api/dashboard?from=${from}&to=${to}`, franchisee)).json() as DashboardResponse;
    expect(one.months).toEqual([month]);
    expect(one.spend.total).toBe(month.spend);
  });
});

describe("GET /api/dashboard refuses a bad period with a reason", () => {
  const refused = async (query: string) => {
    const res = await get(`/api/dashboard?${query}`, franchisee);
    return { status: res.statusCode, message: (res.json() as { message: string }).message };
  };

  it("refuses from after to, and more than 24 months", async () => {
    expect(await refused("from=2026-11-02&to=2026-11-01")).toEqual({
      status: 400,
      message: dashboardMessages.fromAfterTo,
    });
    expect(await refused("from=2024-11-17&to=2026-11-18")).toEqual({
      status: 400,
      message: dashboardMessages.tooLong(24),
    });
    expect((await get("/api/dashboard?from=2024-11-18&to=2026-11-18", franchisee)).statusCode).toBe(200);
  });

  it("refuses a day the calendar does not have, or anything that is not a day", async () => {
    for (const query of [
      "from=2026-02-30",
      "to=2026-13-01",
      "from=26-01-01",
      "to=2026-01-01%00",
      "from=1999-12-31",
    ]) {
      const { status, message } = await refused(query);
      expect(status).toBe(400);
      expect(message).toMatch(/^(from|to) must be a real date/);
    }
  });

  it("answers malformed queries with a 400, never a 5xx", async () => {
    for (const query of [
      "from=",
      "to=%C0%AF",
      "from=2026-01-01&from=2026-02-01",
      `to=${"9".repeat(5000)}`,
      "from=2026-01-01T00:00:00Z",
      "from=%E2%80%AE2026-01-01",
    ]) {
      const res = await get(`/api/dashboard?${query}`, franchisee);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect((res.json() as { message: string }).message.length).toBeGreaterThan(0);
    }
  });

  it("answers nothing to no one", async () => {
    expect((await world.app.inject({ method: "GET", url: "/api/dashboard" })).statusCode).toBe(401);
  });
});
