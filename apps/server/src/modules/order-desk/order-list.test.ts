import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { orderRows } from "./repo";

let world: TestWorld;
let staff: { authorization: string };
let partner: { authorization: string };

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 3 });
  staff = await world.signIn("admin@demo.in");
  partner = await world.signIn("franchisee@demo.in");
});
afterAll(() => world.close());

const get = (url: string, headers: { authorization: string } | null = staff) =>
  world.app.inject({ method: "GET", url, ...(headers ? { headers } : {}) });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};

describe("the orders list", () => {
  it("sorts over every row in SQL: the first row ascending and descending, and the last page continues the first", async () => {
    const [oldest] = await rowsOf<{ poid: string }>(
      sql`SELECT poid FROM purchase_orders ORDER BY created_at ASC, poid ASC LIMIT 1`,
    );
    const [newest] = await rowsOf<{ poid: string }>(
      sql`SELECT poid FROM purchase_orders ORDER BY created_at DESC, poid DESC LIMIT 1`,
    );
    const [dearest] = await rowsOf<{ poid: string }>(
      sql`SELECT poid FROM purchase_orders ORDER BY net_payment DESC, poid DESC LIMIT 1`,
    );
    const ascending = (await get("/api/admin/orders?sort=createdAt&pageSize=5")).json();
    expect(ascending.total).toBeGreaterThan(25);
    expect(ascending.rows[0].poid).toBe(oldest?.poid);
    expect((await get("/api/admin/orders?sort=-createdAt&pageSize=5")).json().rows[0].poid).toBe(
      newest?.poid,
    );
    expect((await get("/api/admin/orders?sort=-netPayment&pageSize=5")).json().rows[0].poid).toBe(
      dearest?.poid,
    );

    const byPartner = (await get(`/api/admin/orders?sort=partnerName&pageSize=500`)).json();
    const names = byPartner.rows.map((r: { partnerName: string }) => r.partnerName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const pageTwo = (await get("/api/admin/orders?sort=partnerName&pageSize=5&page=2")).json();
    expect(pageTwo.rows.map((r: { poid: string }) => r.poid)).toEqual(
      byPartner.rows.slice(5, 10).map((r: { poid: string }) => r.poid),
    );
  });

  it("searches PO ids, partners' names and emails, and invoice numbers", async () => {
    const [order] = await rowsOf<{ poid: string }>(
      sql`SELECT poid FROM purchase_orders ORDER BY poid LIMIT 1`,
    );
    const byPo = (await get(`/api/admin/orders?q=${encodeURIComponent(order!.poid)}`)).json();
    expect(byPo.rows.map((r: { poid: string }) => r.poid)).toContain(order!.poid);
    for (const r of byPo.rows) expect(r.poid.toLowerCase()).toContain(order!.poid.toLowerCase());

    const byEmail = (await get("/api/admin/orders?q=FRANCHISEE%40demo&pageSize=500")).json();
    const [franchisee] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM purchase_orders o JOIN users u ON u.id = o.user_id WHERE u.email ILIKE '%franchisee@demo%'`,
    );
    expect(byEmail.total).toBe(franchisee!.n);
    expect(byEmail.total).toBeGreaterThan(0);

    const [invoice] = await rowsOf<{ number: string; poid: string }>(
      sql`SELECT number, poid FROM invoices WHERE poid IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const byInvoice = (await get(`/api/admin/orders?q=${encodeURIComponent(invoice!.number)}`)).json();
    expect(byInvoice.rows.map((r: { poid: string }) => r.poid)).toContain(invoice!.poid);

    const none = (await get("/api/admin/orders?q=%25%25no-such-order")).json();
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it("exports every matching order as CSV with India times: as many rows as the total", async () => {
    const json = (await get("/api/admin/orders?status=Delivered&pageSize=1")).json();
    const res = await get("/api/admin/orders?status=Delivered&format=csv&sort=createdAt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="orders.csv"');
    const parsed = Papa.parse<string[]>(res.body.trim());
    expect(parsed.data[0]?.[0]).toBe("PO");
    expect(parsed.data.length - 1).toBe(json.total);
    const [oldest] = await rowsOf<{ poid: string; at: string }>(
      sql`SELECT poid, to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY') AS at FROM purchase_orders WHERE status = 'Delivered' ORDER BY created_at, poid LIMIT 1`,
    );
    expect(parsed.data[1]?.[0]).toBe(oldest?.poid);
    expect(parsed.data[1]?.[6]?.startsWith(oldest!.at)).toBe(true);
  });

  it("pages the CSV after the previous page's last order exactly as paging by number does", async () => {
    const db = world.database.db;
    for (const sort of [undefined, "createdAt", "-createdAt"]) {
      const byNumber = await orderRows(db, {}, { page: 1, pageSize: 30, sort });
      const first = await orderRows(db, {}, { page: 1, pageSize: 10, sort });
      const second = await orderRows(
        db,
        {},
        { page: 2, pageSize: 10, sort, after: first.at(-1)?.order.poid },
      );
      const third = await orderRows(
        db,
        {},
        { page: 3, pageSize: 10, sort, after: second.at(-1)?.order.poid },
      );
      expect([...first, ...second, ...third].map((r) => r.order.poid)).toEqual(
        byNumber.map((r) => r.order.poid),
      );
    }
  });

  it("offers the warehouses and the partners with orders from the database", async () => {
    const res = await get("/api/admin/order-filters");
    expect(res.statusCode).toBe(200);
    const [counts] = await rowsOf<{ warehouses: number; partners: number }>(
      sql`SELECT (SELECT count(*)::int FROM warehouses) AS warehouses, (SELECT count(DISTINCT user_id)::int FROM purchase_orders) AS partners`,
    );
    expect(res.json().warehouses.length).toBe(counts!.warehouses);
    expect(res.json().partners.length).toBe(counts!.partners);
    expect(res.json().partners.map((p: { email: string }) => p.email)).toContain("franchisee@demo.in");
  });

  it("refuses a sort and a format it does not know, clearly", async () => {
    const bad = await get("/api/admin/orders?sort=price");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      "sort must be one of createdAt, poid, partnerName, warehouseName, status",
    );
    const format = await get("/api/admin/orders?format=xls");
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain("format");
  });

  it("is for staff only", async () => {
    for (const url of ["/api/admin/orders", "/api/admin/order-filters", "/api/admin/overview"]) {
      expect((await get(url, partner)).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });
});

describe("the admin overview", () => {
  it("counts each queue exactly as its tile's link filters it, with its value", async () => {
    const overview = (await get("/api/admin/overview")).json();
    const sumOf = (rows: { netPayment?: string; total?: string }[], key: "netPayment" | "total") =>
      rows.reduce((s, r) => s + Math.round(Number(r[key]) * 100), 0) / 100;
    const linked: [string, string, "netPayment" | "total"][] = [
      ["ordersToConfirm", "/api/admin/orders?status=Pending", "netPayment"],
      ["ordersToLoad", "/api/admin/orders?status=Confirmed&unloaded=true", "netPayment"],
      ["loadsToHandOver", "/api/admin/loads?status=Ready+To+Dispatch", "total"],
      ["loadsToShip", "/api/admin/loads?status=Hand+Over", "total"],
    ];
    for (const [tile, url, key] of linked) {
      const list = (await get(`${url}&pageSize=500`)).json();
      expect({ tile, count: overview[tile].count }).toEqual({ tile, count: list.total });
      expect({ tile, value: Number(overview[tile].value) }).toEqual({ tile, value: sumOf(list.rows, key) });
    }
    // the counted-only tiles: returns waiting for staff and open waybill requests, as their lists filter them
    const counted: [string, string][] = [
      ["salesReturnsToMove", "/api/admin/sales-returns?waiting=true"],
      ["waybillRequests", "/api/admin/waybills?waiting=true"],
    ];
    for (const [tile, url] of counted) {
      const list = (await get(url)).json();
      expect({ tile, count: overview[tile] }).toEqual({ tile, count: list.total });
    }
    const shipped = (
      await get(`/api/admin/loads?status=Shipped&shippedOn=${overview.day}&pageSize=500`)
    ).json();
    expect(overview.shippedToday.count).toBe(shipped.total);
    expect(Number(overview.shippedToday.value)).toBe(sumOf(shipped.rows, "total"));
    const allShipped = (await get("/api/admin/loads?status=Shipped")).json();
    expect(allShipped.total).toBeGreaterThan(shipped.total);
    const allReturns = (await get("/api/admin/sales-returns")).json();
    expect(allReturns.total).toBeGreaterThan(overview.salesReturnsToMove);
  });

  it("ages the receivables: the buckets add up to every owing account's balance", async () => {
    const overview = (await get("/api/admin/overview")).json();
    const [owed] = await rowsOf<{
      total: string;
    }>(sql`SELECT coalesce(sum(b), 0)::numeric(14,2)::text AS total FROM (
      SELECT sum(debit - credit) AS b FROM ledger_entries GROUP BY user_id, ledger_account HAVING sum(debit - credit) > 0) t`);
    expect(overview.receivables.total).toBe(owed!.total);
    expect(overview.receivables.buckets.map((b: { label: string }) => b.label)).toEqual([
      "0–30 days",
      "31–60 days",
      "61–90 days",
      "91–180 days",
      "180+ days",
    ]);
    const bucketSum = overview.receivables.buckets.reduce(
      (s: number, b: { amount: string }) => s + Math.round(Number(b.amount) * 100),
      0,
    );
    expect(bucketSum).toBe(Math.round(Number(owed!.total) * 100));
    expect(overview.topOverdue.length).toBeGreaterThan(0);
    expect(overview.topOverdue.length).toBeLessThanOrEqual(5);
    const overdue = overview.topOverdue.map((p: { overdue: string }) => Number(p.overdue));
    expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
    for (const p of overview.topOverdue) expect(p.oldestDays).toBeGreaterThan(30);
  });
});

describe("sorted by partner or warehouse name (issue 32: a walk over the names, not a sort of every order)", () => {
  const NAME = sql`coalesce(u.store_name, u.firstname || ' ' || u.lastname)`;
  const ORDERS = {
    partnerName: sql`${NAME} ASC NULLS LAST, o.poid ASC`,
    "-partnerName": sql`${NAME} DESC NULLS LAST, o.poid DESC`,
    warehouseName: sql`w.name ASC, o.poid ASC`,
    "-warehouseName": sql`w.name DESC, o.poid DESC`,
  };

  it("gives, page after page, the rows of a SQL ORDER BY of the name and PO id, equal names merged by PO id", async () => {
    const db = world.database.db;
    // two partners with one name: their orders interleave by PO id under that name
    const [kiosk] = await rowsOf<{ id: number; store_name: string | null }>(
      sql`SELECT id, store_name FROM users WHERE email = 'kiosk@demo.in'`,
    );
    const [franchisee] = await rowsOf<{ name: string }>(
      sql`SELECT coalesce(store_name, firstname || ' ' || lastname) AS name FROM users WHERE email = 'franchisee@demo.in'`,
    );
    await db.execute(sql`UPDATE users SET store_name = ${franchisee!.name} WHERE id = ${kiosk!.id}`);
    try {
      const [busiest] = await rowsOf<{ warehouse_id: number }>(
        sql`SELECT warehouse_id FROM purchase_orders GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      );
      // some auto-confirmed orders, for the filter that reads the partner's account type
      const autoConfirmed = await rowsOf<{ poid: string }>(
        sql`UPDATE purchase_orders SET auto_confirmed = true
          WHERE NOT auto_confirmed AND poid IN (SELECT poid FROM purchase_orders ORDER BY poid LIMIT 40) RETURNING poid`,
      );
      const filters = [
        {
          where: sql`o.auto_confirmed AND u.account_type = 'franchise'`,
          f: { autoConfirmedAccountType: "franchise" },
        },
        { where: sql`true`, f: {} },
        { where: sql`o.status = 'Delivered'`, f: { status: "Delivered" } },
        { where: sql`o.warehouse_id = ${busiest!.warehouse_id}`, f: { warehouseId: busiest!.warehouse_id } },
        { where: sql`u.email ILIKE '%demo.in%'`, f: { q: "demo.in" } },
      ];
      let compared = 0;
      for (const { where, f } of filters) {
        for (const [key, orderBy] of Object.entries(ORDERS)) {
          const expected = (
            await rowsOf<{ poid: string }>(
              sql`SELECT o.poid FROM purchase_orders o JOIN users u ON u.id = o.user_id
                JOIN warehouses w ON w.id = o.warehouse_id WHERE ${where} ORDER BY ${orderBy}`,
            )
          ).map((r) => r.poid);
          const paged: string[] = [];
          for (let page = 1; ; page++) {
            const rows = await orderRows(db, f, { page, pageSize: 7, sort: key });
            paged.push(...rows.map((r) => r.order.poid));
            if (rows.length < 7) break;
          }
          expect(paged).toEqual(expected);
          compared += expected.length;
        }
      }
      expect(compared).toBeGreaterThan(100);
      // the API answers the same first page, with its total
      const api = (await get("/api/admin/orders?sort=-partnerName&pageSize=7&page=2")).json();
      const expected = await rowsOf<{ poid: string }>(
        sql`SELECT o.poid FROM purchase_orders o JOIN users u ON u.id = o.user_id
          ORDER BY ${ORDERS["-partnerName"]} LIMIT 7 OFFSET 7`,
      );
      expect(api.rows.map((r: { poid: string }) => r.poid)).toEqual(expected.map((r) => r.poid));
      expect(api.total).toBeGreaterThan(14);
      const marked = autoConfirmed.map((r) => r.poid);
      await db.execute(sql`UPDATE purchase_orders SET auto_confirmed = false WHERE poid IN ${marked}`);
    } finally {
      await db.execute(sql`UPDATE users SET store_name = ${kiosk!.store_name} WHERE id = ${kiosk!.id}`);
    }
  });
});
