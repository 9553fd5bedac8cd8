/**
 * Issue 32: the order history page and its stats are one hand-written statement each (history-sql.ts,
 * prepared once per shape of filter). They must answer what the query builder's queries answered:
 * the page of `historySelect` (the partner's orders by the filter, sorted, a page of PO ids, joined),
 * the count of the filter's orders, the dues of the page's tax invoices (`invoiceDues`) and the
 * stats' count and sums. Compared here for every demo partner over many filters, sorts and pages.
 */
import {
  ORDER_HISTORY_SORTS,
  type OrderHistorySort,
  type OrderSource,
  type OrderStatus,
} from "@portal/domain";
import { and, count, eq, inArray, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOrders } from "../../db/schema";
import { fixClock, restoreClock } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { duesOfSettlements, invoiceDues } from "./dues";
import type { HistoryPageRow } from "./history-sql";
import * as repo from "./repo";

let world: TestWorld;
beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 2 });
}, 300_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

/** The query builder's stats query (before issue 32). */
async function oldStats(f: repo.HistoryWhere) {
  const all = await repo.historyAll(world.database.db, f);
  const poids = [...new Set(all.map((r) => r.order.poid))];
  if (poids.length === 0) return { orders: 0, items: null, quantity: null, mrp: null, net: null };
  const [row] = await world.database.db
    .select({
      orders: count(),
      items: sum(purchaseOrders.totalItems),
      quantity: sum(purchaseOrders.totalQuantity),
      mrp: sum(purchaseOrders.totalMrp),
      net: sum(purchaseOrders.netPayment),
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.userId, f.userId), inArray(purchaseOrders.poid, poids)));
  return row;
}

const projected = (r: HistoryPageRow): HistoryPageRow => ({
  order: {
    poid: r.order.poid,
    createdAt: r.order.createdAt,
    paymentDate: r.order.paymentDate,
    totalItems: r.order.totalItems,
    totalQuantity: r.order.totalQuantity,
    totalMrp: r.order.totalMrp,
    couponDiscount: r.order.couponDiscount,
    netPayment: r.order.netPayment,
    status: r.order.status,
    maxShipDate: r.order.maxShipDate,
    shippedAt: r.order.shippedAt,
    warehouseId: r.order.warehouseId,
    stockType: r.order.stockType,
    source: r.order.source,
    docketNo: r.order.docketNo,
    transporterNo: r.order.transporterNo,
    gapReport: r.order.gapReport,
  },
  warehouseName: r.warehouseName,
  load: r.load,
  taxInvoice: r.taxInvoice,
  proformaNumber: r.proformaNumber,
  placedBy: r.placedBy,
});

/** The page as before: the filter's orders sorted (`historySelect`), a page of PO ids, their joined rows. */
async function oldPage(
  f: repo.HistoryWhere,
  sort: OrderHistorySort | undefined,
  pageNo: number,
  pageSize: number,
) {
  const db = world.database.db;
  const all = await repo.historyAll(db, f, sort);
  const poids = [...new Set(all.map((r) => r.order.poid))];
  const page = new Set(poids.slice((pageNo - 1) * pageSize, pageNo * pageSize));
  const rows = all.filter((r) => page.has(r.order.poid));
  const ids = rows.flatMap((r) => (r.taxInvoice ? [r.taxInvoice.id] : []));
  const dues = ids.length > 0 ? await invoiceDues(db, f.userId, ids) : null;
  return { rows: rows.map(projected), count: poids.length, dues: dues ? [...dues.invoices] : [] };
}

describe("the order history page and stats in one statement each", () => {
  it("answer what the query builder's queries answered, for every partner, filter, sort and page", async () => {
    const db = world.database.db;
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const partners = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT DISTINCT user_id AS id FROM purchase_orders ORDER BY 1`),
    ).map((r) => Number(r.id));
    expect(partners.length).toBeGreaterThan(1);
    const [facts] = rowsOf<{ warehouses: number[]; numbers: string[]; poids: string[] }>(
      await db.execute(sql`SELECT (SELECT array_agg(DISTINCT warehouse_id) FROM purchase_orders) AS warehouses,
        (SELECT array_agg(number) FROM (SELECT number FROM invoices ORDER BY id LIMIT 4) i) AS numbers,
        (SELECT array_agg(substr(poid, 4, 6)) FROM (SELECT poid FROM purchase_orders ORDER BY poid LIMIT 3) p) AS poids`),
    );
    if (!facts) throw new Error("no facts");
    const ranges = [
      { orderFrom: "2026-09-01", orderTo: "2026-11-18", shipFrom: null, shipTo: null },
      { orderFrom: "2026-10-01", orderTo: "2026-10-31", shipFrom: null, shipTo: null },
      { orderFrom: "2026-11-01", orderTo: "2026-11-18", shipFrom: null, shipTo: null },
      { orderFrom: null, orderTo: null, shipFrom: "2026-09-01", shipTo: "2026-11-18" },
      { orderFrom: "2026-09-01", orderTo: "2026-10-15", shipFrom: "2026-09-10", shipTo: "2026-11-18" },
    ];
    const statuses: OrderStatus[][] = [
      [],
      ["Delivered"],
      ["Shipped", "Delivered"],
      ["Pending", "Confirmed"],
      ["Cancelled"],
    ];
    const searches = [
      undefined,
      "bowl",
      "100059",
      "8900001000592",
      ...facts.numbers,
      ...facts.poids,
      "po-2",
      "nothing",
    ];
    const sorts: (OrderHistorySort | undefined)[] = [
      undefined,
      ...ORDER_HISTORY_SORTS.flatMap((k) => [k, `-${k}` as OrderHistorySort]),
    ];
    let state = 32;
    const pick = <T>(list: readonly T[]): T => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return list[state % list.length] as T;
    };
    let withRows = 0;
    let withDues = 0;
    for (let i = 0; i < 240; i++) {
      const range = pick(ranges);
      const status = range.shipFrom ? pick(statuses.slice(0, 3)) : pick(statuses);
      const f: repo.HistoryWhere = {
        userId: pick(partners),
        range: {
          ...range,
          status: range.shipFrom && status.length === 0 ? ["Shipped", "Delivered"] : status,
        },
        warehouseId: pick([undefined, undefined, undefined, ...facts.warehouses]),
        source: pick([undefined, undefined, undefined, undefined, "B2B", "B2F", "Kiosk"] as (
          | OrderSource
          | undefined
        )[]),
        q: pick([undefined, undefined, undefined, ...searches]),
      };
      const sort = pick(sorts);
      const pageSize = pick([10, 10, 20, 50]);
      const pageNo = pick([1, 1, 1, 2, 3]);
      const before = await oldPage(f, sort, pageNo, pageSize);
      const now = await repo.history(db, f, { pageNo, pageSize, sort });
      const label = JSON.stringify({ f, sort, pageNo, pageSize });
      expect({ rows: now.rows, count: now.count }, label).toEqual({ rows: before.rows, count: before.count });
      expect([...duesOfSettlements(now.settlements).invoices], label).toEqual(before.dues);
      const stats = await repo.stats(db, f);
      expect(stats, label).toEqual(await oldStats(f));
      if (before.rows.length > 0) withRows++;
      if (before.dues.length > 0) withDues++;
    }
    // the comparison saw pages with rows and with dues, not only empty ones
    expect(withRows).toBeGreaterThan(60);
    expect(withDues).toBeGreaterThan(20);
  }, 300_000);

  it("answers the same inside a transaction (through the query builder, not a named statement)", async () => {
    const db = world.database.db;
    const [first] = (
      (await db.execute(sql`SELECT user_id AS id FROM purchase_orders LIMIT 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const f: repo.HistoryWhere = {
      userId: Number(first?.id),
      range: { orderFrom: "2026-09-01", orderTo: "2026-11-18", shipFrom: null, shipTo: null, status: [] },
    };
    const outside = await repo.history(db, f, { pageNo: 1, pageSize: 10 });
    const inside = await db.transaction((tx) => repo.history(tx, f, { pageNo: 1, pageSize: 10 }));
    expect(inside).toEqual(outside);
    expect(outside.rows.length).toBeGreaterThan(0);
    expect(await db.transaction((tx) => repo.stats(tx, f))).toEqual(await repo.stats(db, f));
  });
});
