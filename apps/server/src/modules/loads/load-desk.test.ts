import { loadDeskMessages, paiseToDecimal, storedLineTotal } from "@portal/domain";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { userIdOf } from "../../test/order-test-kit";

/** The loads desk over the demo world: search, sort over every row, CSV, choices, detail, removing an order, cancelling a load, dockets. */
let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchiseeId: number;

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 3 });
  kit = await backOfficeKit(world);
  franchiseeId = await userIdOf(kit.db, "franchisee@demo.in");
}, 180_000);
afterAll(() => world.close());

const get = (url: string, headers: { authorization: string } | null = kit.staff) =>
  world.app.inject({ method: "GET", url, ...(headers ? { headers } : {}) });
const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};
const firstOf = async <T>(query: ReturnType<typeof sql>) => {
  const [row] = await rowsOf<T>(query);
  if (!row) throw new Error("the demo world has no such row");
  return row;
};

async function confirmedOrder(quantities: number[]) {
  const o = await kit.order(quantities);
  expect((await kit.call("POST", `/api/admin/orders/${o.poid}/confirm`, {})).statusCode).toBe(200);
  return o;
}
async function loadOf(poids: string[]) {
  const res = await kit.call("POST", "/api/admin/loads", { poids });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; total: string; totalQuantity: number; totalItems: number };
}
const orderRow = (poid: string) =>
  firstOf<{
    status: string;
    load_id: number | null;
    docket_no: string | null;
    transporter_no: string | null;
  }>(sql`SELECT status, load_id, docket_no, transporter_no FROM purchase_orders WHERE poid = ${poid}`);

describe("the loads board", () => {
  it("sorts over every row in SQL: the first row ascending and descending, and page two continues page one", async () => {
    const dearest = await firstOf<{ id: number }>(
      sql`SELECT id FROM loads ORDER BY total DESC, id DESC LIMIT 1`,
    );
    const cheapest = await firstOf<{ id: number }>(
      sql`SELECT id FROM loads ORDER BY total ASC, id ASC LIMIT 1`,
    );
    const oldest = await firstOf<{ id: number }>(
      sql`SELECT id FROM loads ORDER BY created_at ASC, id ASC LIMIT 1`,
    );
    const ascending = (await get("/api/admin/loads?sort=total&pageSize=5")).json();
    expect(ascending.total).toBeGreaterThan(10);
    expect(ascending.rows[0].id).toBe(cheapest.id);
    expect((await get("/api/admin/loads?sort=-total&pageSize=5")).json().rows[0].id).toBe(dearest.id);
    expect((await get("/api/admin/loads?sort=createdAt&pageSize=5")).json().rows[0].id).toBe(oldest.id);

    const byPartner = (await get("/api/admin/loads?sort=partnerName&pageSize=500")).json();
    const names = byPartner.rows.map((r: { partnerName: string }) => r.partnerName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const pageTwo = (await get("/api/admin/loads?sort=partnerName&pageSize=5&page=2")).json();
    expect(pageTwo.rows.map((r: { id: number }) => r.id)).toEqual(
      byPartner.rows.slice(5, 10).map((r: { id: number }) => r.id),
    );
  });

  it("searches the load number, its orders' POs, the docket, the transporter and the partner", async () => {
    const handed = await firstOf<{ id: number; docket_no: string; poid: string }>(sql`
      SELECT l.id, l.docket_no, min(p.poid) AS poid FROM loads l JOIN purchase_orders p ON p.load_id = l.id
      WHERE l.docket_no IS NOT NULL GROUP BY l.id ORDER BY l.id LIMIT 1`);
    const byDocket = (
      await get(`/api/admin/loads?q=${encodeURIComponent(handed.docket_no.toLowerCase())}`)
    ).json();
    expect(byDocket.rows.map((r: { id: number }) => r.id)).toEqual([handed.id]);
    const byPo = (await get(`/api/admin/loads?q=${encodeURIComponent(handed.poid)}`)).json();
    expect(byPo.rows.map((r: { id: number }) => r.id)).toEqual([handed.id]);

    const { n: franchisee } = await firstOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM loads l JOIN users u ON u.id = l.user_id WHERE u.email = 'franchisee@demo.in'`,
    );
    const byEmail = (await get("/api/admin/loads?q=FRANCHISEE%40demo.in&pageSize=1")).json();
    expect(byEmail.total).toBe(franchisee);
    expect(byEmail.total).toBeGreaterThan(0);

    const transporter = await firstOf<{ name: string; n: number }>(sql`
      SELECT transporter AS name, count(*)::int AS n FROM loads WHERE transporter IS NOT NULL
      GROUP BY transporter ORDER BY transporter LIMIT 1`);
    const filtered = (
      await get(
        `/api/admin/loads?transporter=${encodeURIComponent(transporter.name.toUpperCase())}&pageSize=1`,
      )
    ).json();
    expect(filtered.total).toBe(transporter.n);

    expect((await get("/api/admin/loads?q=%25%25no-such-load")).json()).toEqual({ rows: [], total: 0 });
  });

  it("exports every matching load as CSV with India's dates: as many rows as the total", async () => {
    const json = (await get("/api/admin/loads?status=Shipped&pageSize=1")).json();
    expect(json.total).toBeGreaterThan(0);
    const res = await get("/api/admin/loads?status=Shipped&format=csv&sort=createdAt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="loads.csv"');
    const parsed = Papa.parse<string[]>(res.body.trim());
    expect(parsed.data[0]?.slice(0, 4)).toEqual(["Load", "Partner", "Warehouse", "Status"]);
    expect(parsed.data.length - 1).toBe(json.total);
    const oldest = await firstOf<{ id: number; built: string; shipped: string }>(sql`
      SELECT id, to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'DD-MM-YYYY HH24:MI') AS built,
        to_char(actual_shipping_date, 'DD-MM-YYYY') AS shipped
      FROM loads WHERE status = 'Shipped' ORDER BY created_at, id LIMIT 1`);
    expect(parsed.data[1]?.[0]).toBe(String(oldest.id));
    expect(parsed.data[1]?.[10]).toBe(oldest.built);
    expect(parsed.data[1]?.[13]).toBe(oldest.shipped);
  });

  it("offers every warehouse and every transporter used, from the database", async () => {
    const res = await get("/api/admin/loads/choices");
    expect(res.statusCode).toBe(200);
    const counts = await firstOf<{ warehouses: number; transporters: number }>(
      sql`SELECT (SELECT count(*)::int FROM warehouses) AS warehouses, (SELECT count(DISTINCT transporter)::int FROM loads) AS transporters`,
    );
    expect(res.json().warehouses).toHaveLength(counts.warehouses);
    expect(res.json().transporters).toHaveLength(counts.transporters);
  });

  it("refuses a sort and a format it does not know, clearly", async () => {
    const bad = await get("/api/admin/loads?sort=price");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("sort must be one of id, partnerName, warehouseName");
    expect((await get("/api/admin/loads?format=xls")).statusCode).toBe(400);
  });
});

describe("a load's detail, removing an order and cancelling a load", () => {
  it("shows a load with its orders, their lines and the steps staff may take", async () => {
    const a = await confirmedOrder([2, 1]);
    const load = await loadOf([a.poid]);
    const res = await get(`/api/admin/loads/${load.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.status).toBe("Ready To Dispatch");
    expect(detail.nextSteps).toEqual(["Hand Over", "Cancelled"]);
    expect(detail.canRemoveOrders).toBe(true);
    expect(detail.waybillRequestId).toBeNull();
    expect(detail.orders).toHaveLength(1);
    expect(detail.orders[0].poid).toBe(a.poid);
    expect(detail.orders[0].status).toBe("Confirmed");
    expect(
      detail.orders[0].lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual(a.products.map((p) => [p.id, p.qty]));
    expect((await get("/api/admin/loads/999999")).json().message).toBe("Load not found");
  });

  it("takes an order off a handed-over load: it stays Confirmed with its stock and proforma, in no load; the totals follow; audited", async () => {
    const a = await confirmedOrder([2]);
    const b = await confirmedOrder([3, 1]);
    const load = await loadOf([a.poid, b.poid]);
    const handed = await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
      transporter: "Safexpress",
      docketNo: `SX-REMOVE-${load.id}`,
    });
    expect(handed.statusCode).toBe(200);
    const stockBefore = await Promise.all(b.products.map((p) => kit.stock(p.id)));

    const res = await kit.call("POST", `/api/admin/loads/${load.id}/orders/${b.poid}/remove`, {
      reason: "Partner asked to hold it",
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.poids).toEqual([a.poid]);
    expect(after.status).toBe("Hand Over");
    expect(after.totalQuantity).toBe(2);
    expect(after.totalItems).toBe(1);
    const kept = await rowsOf<{ base_cost: string; gst_rate: string; quantity: number }>(
      sql`SELECT base_cost::text, gst_rate::text, quantity FROM purchase_order_lines WHERE poid = ${a.poid}`,
    );
    expect(after.total).toBe(
      paiseToDecimal(
        kept.reduce(
          (s, l) => s + storedLineTotal({ baseCost: l.base_cost, gstRate: l.gst_rate }, l.quantity),
          0n,
        ),
      ),
    );

    expect(await orderRow(b.poid)).toEqual({
      status: "Confirmed",
      load_id: null,
      docket_no: null,
      transporter_no: null,
    });
    expect((await orderRow(a.poid)).docket_no).toBe(`SX-REMOVE-${load.id}`);
    expect(await Promise.all(b.products.map((p) => kit.stock(p.id)))).toEqual(stockBefore);
    const proformas = await rowsOf<{ number: string }>(
      sql`SELECT number FROM invoices WHERE poid = ${b.poid} AND kind = 'PERFORMA INVOICE'`,
    );
    expect(proformas).toEqual([{ number: `PI/${b.poid}` }]);
    const candidates = (await kit.call("GET", "/api/admin/loads/candidates")).json();
    expect(candidates.flatMap((g: { orders: { poid: string }[] }) => g.orders.map((o) => o.poid))).toContain(
      b.poid,
    );

    const [audit] = await kit.auditOf("load", String(load.id));
    expect(audit?.action).toBe("load.removeOrder");
    expect(audit?.after).toMatchObject({
      removed: b.poid,
      poids: [a.poid],
      reason: "Partner asked to hold it",
    });
    expect(audit?.before).toMatchObject({ poids: [a.poid, b.poid], totalQuantity: 6 });

    const again = await kit.call("POST", `/api/admin/loads/${load.id}/orders/${b.poid}/remove`, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(loadDeskMessages.orderNotOnLoad(b.poid, load.id));
    const last = await kit.call("POST", `/api/admin/loads/${load.id}/orders/${a.poid}/remove`, {});
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      `Order ${a.poid} is the only order of load ${load.id}: cancel the load instead.`,
    );
  });

  it("cancels a load before it ships: its orders back to Confirmed, unloaded; asked with a reason; audited; its docket free again", async () => {
    const a = await confirmedOrder([1]);
    const b = await confirmedOrder([2]);
    const load = await loadOf([a.poid, b.poid]);
    const docket = { transporter: "Gati", docketNo: `GT-CANCEL-${load.id}` };
    await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, docket);

    const noReason = await kit.call("POST", `/api/admin/loads/${load.id}/cancel`, { reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(loadDeskMessages.cancelReasonRequired);

    const res = await kit.call("POST", `/api/admin/loads/${load.id}/cancel`, { reason: "Truck broke down" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "Cancelled", poids: [], orders: [], nextSteps: [] });
    expect(res.json().canRemoveOrders).toBe(false);
    for (const poid of [a.poid, b.poid])
      expect(await orderRow(poid)).toEqual({
        status: "Confirmed",
        load_id: null,
        docket_no: null,
        transporter_no: null,
      });
    const [audit] = await kit.auditOf("load", String(load.id));
    expect(audit?.action).toBe("load.cancel");
    expect(audit?.before).toEqual({ status: "Hand Over", poids: [a.poid, b.poid].sort() });
    expect(audit?.after).toEqual({ status: "Cancelled", reason: "Truck broke down" });
    const notice = (await kit.notificationsOf(franchiseeId)).find((n) => n.title === "Load cancelled");
    expect(notice?.message).toBe(loadDeskMessages.loadCancelled(load.id, [a.poid, b.poid].sort()));

    const twice = await kit.call("POST", `/api/admin/loads/${load.id}/cancel`, { reason: "again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("The load is already Cancelled.");
    const handOver = await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, docket);
    expect(handOver.json().message).toBe("A Cancelled load cannot become Hand Over.");

    // The goods leave in a new load with the same docket.
    const rebuilt = await loadOf([a.poid, b.poid]);
    expect((await kit.call("POST", `/api/admin/loads/${rebuilt.id}/hand-over`, docket)).statusCode).toBe(200);
  });

  it("keeps a shipped load's orders, and a load a waybill request covers", async () => {
    const a = await confirmedOrder([1]);
    const b = await confirmedOrder([1]);
    const load = await loadOf([a.poid, b.poid]);
    await kit.call("POST", `/api/admin/loads/${load.id}/hand-over`, {
      transporter: "Blue Dart",
      docketNo: `BD-WB-${load.id}`,
    });
    expect((await kit.call("POST", "/api/admin/waybills", { loadId: load.id })).statusCode).toBe(200);
    const covered = await kit.call("POST", `/api/admin/loads/${load.id}/cancel`, { reason: "No truck" });
    expect(covered.statusCode).toBe(409);
    expect(covered.json().message).toBe(loadDeskMessages.loadHasWaybill(load.id, `WB${load.id}`));
    expect((await get(`/api/admin/loads/${load.id}`)).json()).toMatchObject({
      canRemoveOrders: false,
      waybillRequestId: `WB${load.id}`,
    });

    expect((await kit.call("POST", `/api/admin/loads/${load.id}/ship`, {})).statusCode).toBe(200);
    const remove = await kit.call("POST", `/api/admin/loads/${load.id}/orders/${a.poid}/remove`, {});
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(
      `Load ${load.id} is Shipped: orders can be taken off a load only before it ships.`,
    );
    const cancel = await kit.call("POST", `/api/admin/loads/${load.id}/cancel`, { reason: "Too late" });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe("A Shipped load cannot become Cancelled.");
    expect((await orderRow(a.poid)).status).toBe("Shipped");
  });

  it("refuses a docket already used by the same transporter, whatever its case, with a clear 409", async () => {
    const first = await loadOf([(await confirmedOrder([1])).poid]);
    const second = await loadOf([(await confirmedOrder([1])).poid]);
    const docketNo = `DL-TWICE-${first.id}`;
    expect(
      (
        await kit.call("POST", `/api/admin/loads/${first.id}/hand-over`, {
          transporter: "Delhivery",
          docketNo,
        })
      ).statusCode,
    ).toBe(200);
    const reused = await kit.call("POST", `/api/admin/loads/${second.id}/hand-over`, {
      transporter: "delhivery",
      docketNo: docketNo.toLowerCase(),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(
      `Docket ${docketNo.toLowerCase()} of delhivery is already used by load ${first.id}: each docket is used once per transporter.`,
    );
    expect((await get(`/api/admin/loads/${second.id}`)).json().status).toBe("Ready To Dispatch");
    // The database refuses it too, should two hand-overs race.
    await expect(
      world.database.db.execute(
        sql`UPDATE loads SET transporter = 'DELHIVERY', docket_no = ${docketNo} WHERE id = ${second.id}`,
      ),
    ).rejects.toThrow();
    // Another transporter may use the same number.
    expect(
      (await kit.call("POST", `/api/admin/loads/${second.id}/hand-over`, { transporter: "Gati", docketNo }))
        .statusCode,
    ).toBe(200);
  });

  it("answers 404 for an unknown load and is for staff only", async () => {
    const missing = await kit.call("POST", "/api/admin/loads/999999/cancel", { reason: "x" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Load not found");
    const calls: ["GET" | "POST", string, object?][] = [
      ["GET", "/api/admin/loads"],
      ["GET", "/api/admin/loads/choices"],
      ["GET", "/api/admin/loads/1"],
      ["POST", "/api/admin/loads/1/cancel", { reason: "x" }],
      ["POST", "/api/admin/loads/1/orders/P1/remove", {}],
    ];
    for (const [method, url, payload] of calls) {
      const as = (headers?: { authorization: string }) =>
        world.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
      expect((await as(kit.franchisee)).statusCode, url).toBe(403);
      expect((await as()).statusCode, url).toBe(401);
    }
  });
});
