import {
  ARS_RANGE_MONTHS,
  addMonths,
  arsRunDay,
  arsRunMessages,
  indiaDay,
  onlyLeftInWarehouse,
  storeReportMessages,
} from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, products, users } from "../../db/schema";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { stockUp } from "../../test/order-test-kit";
import { ARS_JOB, nextArsRunAt } from "./replenishment";

type Headers = { authorization: string };
let world: TestWorld;
let franchisee: Headers;
let staff: Headers;
let stockist: Headers;
let franchiseeId: number;
let stockistId: number;

/** The franchisee's ARS list in the 200-product test world and what it expects with nothing on order. */
const ARS = [100043, 100080, 100117, 100154, 100191];
const EXPECTED = [1, 10, 9, 15, 20];
/** The line Pune holds too few of, and the lines placed. */
const SHORT = 100154;
const PLACED = ARS.filter((id) => id !== SHORT);
const today = indiaDay(TEST_NOW);
const runDay = arsRunDay(today);
const lastMonth = `from=${addMonths(today, -ARS_RANGE_MONTHS)}&to=${today}`;

beforeAll(async () => {
  fixClock();
  world = await createTestWorld();
  franchisee = await world.signIn("franchisee@demo.in");
  staff = await world.signIn("admin@demo.in");
  stockist = await world.signIn("stockist@demo.in");
  const idOf = async (email: string) =>
    (await world.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
  franchiseeId = await idOf("franchisee@demo.in");
  stockistId = await idOf("stockist@demo.in");
  // Every ARS product in stock at Pune (warehouse 2, the franchisee's own state).
  for (const id of ARS) await stockUp(world.database.db, id, 2, 500);
}, 120_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers: Headers = franchisee) => world.app.inject({ method: "GET", url, headers });
const replenish = (id: number) =>
  world.app.inject({ method: "POST", url: `/api/admin/partners/${id}/arsReplenishment`, headers: staff });

describe("ARS replenishment (B2F orders)", () => {
  it("places every line it can: a short line is refused with its reason, the rest placed, the run recorded and the partner told", async () => {
    // Pune (warehouse 2) holds only 7 of the fourth ARS product, which expects 15; Mumbai (5) none.
    await stockUp(world.database.db, SHORT, 2, 7);
    await stockUp(world.database.db, SHORT, 5, 0);
    const shortName = (
      await world.database.db.select({ name: products.name }).from(products).where(eq(products.id, SHORT))
    )[0]?.name;
    // Before: nothing of source B2F; the ARS report expects the list's quantities.
    expect((await get("/api/order?source=B2F")).json().count).toBe(0);
    const report = (await get(`/api/order/arsReport?${lastMonth}`)).json();
    expect(report.rows.map((r: { expectedQty: number }) => r.expectedQty)).toEqual(EXPECTED);
    expect((await get("/api/order/arsRuns")).json().rows).toEqual([]);

    const res = await replenish(franchiseeId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.runDay).toBe(runDay);
    expect(body.replayed).toBe(false);
    expect(body.startedBy).toBe("staff");
    // 5 lines (55 units) planned; the short line refused in the cart's words, the other 4 (40 units) placed.
    expect([body.plannedLines, body.plannedUnits, body.placedLines, body.placedUnits]).toEqual([
      5, 55, 4, 40,
    ]);
    expect(body.refused).toEqual([
      {
        productId: SHORT,
        productName: shortName,
        qty: 15,
        wh: 2,
        warehouseName: "Pune",
        reason: onlyLeftInWarehouse(shortName ?? "", 7, "Pune"),
      },
    ]);
    expect(body.placed.map((l: { productId: number; qty: number }) => [l.productId, l.qty])).toEqual(
      PLACED.map((id) => [id, EXPECTED[ARS.indexOf(id)]]),
    );
    expect(body.poids.length).toBe(2);
    expect(new Set(body.placed.map((l: { poid: string }) => l.poid))).toEqual(new Set(body.poids));

    // The order history finds them by source, and only them.
    const b2f = (await get("/api/order?source=B2F")).json();
    expect(b2f.count).toBe(body.poids.length);
    expect(b2f.rows.map((r: { poid: string }) => r.poid).sort()).toEqual([...body.poids].sort());
    expect(
      b2f.rows.every((r: { source: string; status: string }) => r.source === "B2F" && r.status === "Pending"),
    ).toBe(true);
    expect((await get("/api/order?source=B2B")).json().count).toBe(0);

    // Each order's details carry the source and the placed lines and quantities.
    const lines: [number, number][] = [];
    for (const poid of body.poids) {
      const order = (await get(`/api/order/${poid}`)).json();
      expect(order.source).toBe("B2F");
      expect(order.warehouseId).toBe(2);
      for (const l of order.lines)
        lines.push([l.ProductID ?? l.productId, l.OrderedQuantity ?? l.orderedQuantity]);
    }
    expect(lines.sort((a, b) => a[0] - b[0])).toEqual(PLACED.map((id) => [id, EXPECTED[ARS.indexOf(id)]]));

    // The ARS report counts the placed lines as pending; the refused line is still expected.
    const after = (await get(`/api/order/arsReport?${lastMonth}`)).json();
    expect(after.rows.map((r: { pendingQty: number }) => r.pendingQty)).toEqual([1, 10, 9, 0, 20]);
    expect(after.rows.map((r: { expectedQty: number }) => r.expectedQty)).toEqual([0, 0, 0, 15, 0]);

    // The partner sees the run on the ARS report, and a notification (with its mail) tells them.
    const runs = (await get("/api/order/arsRuns")).json().rows;
    expect(runs.length).toBe(1);
    const { replayed: _replayed, ...run } = body;
    expect(runs[0]).toEqual(run);
    const notices = (await get("/api/notifications")).json() as { title: string; message: string }[];
    expect(notices.find((n) => n.title === arsRunMessages.runTitle)?.message).toBe(
      "ARS run of 16-11-2026: 4 lines (40 units) placed in 2 orders; 1 line could not be placed: see why on the ARS report.",
    );
    // Another partner sees none of it.
    expect((await get("/api/order/arsRuns", stockist)).json().rows).toEqual([]);
  });

  it("places once per partner and week: asked again, it answers the same orders", async () => {
    const first = (await get("/api/order?source=B2F")).json();
    const again = await replenish(franchiseeId);
    expect(again.statusCode).toBe(200);
    expect(again.json().replayed).toBe(true);
    expect([...again.json().poids].sort()).toEqual(first.rows.map((r: { poid: string }) => r.poid).sort());
    expect(again.json().refused.length).toBe(1);
    expect((await get("/api/order/arsRuns")).json().rows.length).toBe(1);
    expect((await get("/api/order?source=B2F")).json().count).toBe(first.count);
  });

  it("runs as a weekly job from the jobs table, queued again for the next Monday 06:00 India time", async () => {
    const before = (await get("/api/order?source=B2F")).json().count;
    await world.database.db.insert(jobs).values({ kind: ARS_JOB, payload: {}, runAt: new Date() });
    await world.app.backOffice.jobs.drain();
    const rows = await world.database.db.select().from(jobs).where(eq(jobs.kind, ARS_JOB));
    expect(rows.map((r) => r.status).sort()).toEqual(["done", "queued"]);
    // The job queues its next run from its own clock (a Wednesday): the next Monday, 06:00 India time.
    const queued = rows.find((r) => r.status === "queued");
    expect(runDay).toBe("2026-11-16");
    expect(queued?.runAt.toISOString()).toBe("2026-11-23T00:30:00.000Z");
    expect(nextArsRunAt(TEST_NOW).toISOString()).toBe("2026-11-23T00:30:00.000Z");
    expect(indiaDay(queued?.runAt ?? TEST_NOW)).toBe(addDays(runDay, 7));
    // This week's replenishment was placed already: the job placed nothing new.
    expect((await get("/api/order?source=B2F")).json().count).toBe(before);
    const done = await world.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ARS_JOB), eq(jobs.status, "done")));
    expect(done[0]?.lastError ?? null).toBeNull();
  });

  it("is for franchisees only, staff only, and 404 for an unknown partner", async () => {
    const notFranchisee = await replenish(stockistId);
    expect(notFranchisee.statusCode).toBe(400);
    expect(notFranchisee.json().message).toBe(storeReportMessages.arsNotFranchisee);
    expect((await get("/api/order?source=B2F", stockist)).json().count).toBe(0);
    const unknown = await replenish(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(storeReportMessages.partnerNotFound);
    const byPartner = await world.app.inject({
      method: "POST",
      url: `/api/admin/partners/${franchiseeId}/arsReplenishment`,
      headers: franchisee,
    });
    expect(byPartner.statusCode).toBe(403);
    expect((await replenish(0)).statusCode).toBe(400);
  });
});

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

describe("Order the expected quantities (the ARS report's button)", () => {
  it("puts each expected product into the cart through the cart's rules and tells what went in", async () => {
    const res = await world.app.inject({
      method: "POST",
      url: "/api/order/arsReport/addToCart",
      headers: franchisee,
      payload: { from: addMonths(today, -ARS_RANGE_MONTHS), to: today },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Only the refused line is still expected (15): it goes in at 15.
    expect(body.lines).toEqual([
      expect.objectContaining({ productId: SHORT, expected: 15, qty: 15, outcome: "added", message: null }),
    ]);
    expect(body.message).toBe(arsRunMessages.expectedAdded(1, 0));
    const cart = (await get("/api/users/cart")).json().products as { productId: number; qty: number }[];
    expect(cart.find((l) => l.productId === SHORT)?.qty).toBe(15);

    // Asked again: the product is in the cart already and keeps its quantity.
    const again = (
      await world.app.inject({
        method: "POST",
        url: "/api/order/arsReport/addToCart",
        headers: franchisee,
        payload: { from: addMonths(today, -ARS_RANGE_MONTHS), to: today },
      })
    ).json();
    expect(again.lines[0]).toEqual(
      expect.objectContaining({ outcome: "refused", qty: 0, message: arsRunMessages.alreadyInCart(15) }),
    );
    expect(again.message).toBe(arsRunMessages.expectedAdded(0, 1));
  });

  it("answers the report's date rules with a 400 a person understands", async () => {
    const bad = await world.app.inject({
      method: "POST",
      url: "/api/order/arsReport/addToCart",
      headers: franchisee,
      payload: { from: "2026-01-01", to: "2026-11-01" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(storeReportMessages.arsRangeTooLong);
    const stockistTry = await world.app.inject({
      method: "POST",
      url: "/api/order/arsReport/addToCart",
      headers: stockist,
      payload: { from: addMonths(today, -ARS_RANGE_MONTHS), to: today },
    });
    expect(stockistTry.statusCode).toBe(400);
    expect(stockistTry.json().message).toBe(storeReportMessages.arsNotFranchisee);
  });
});
