import { ARS_RANGE_MONTHS, addMonths, arsRunDay, indiaDay, storeReportMessages } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, users } from "../../db/schema";
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
  it("orders each ARS product's expected quantity through the orders service, with source B2F", async () => {
    // Before: nothing of source B2F; the ARS report expects the list's quantities.
    expect((await get("/api/order?source=B2F")).json().count).toBe(0);
    const report = (await get(`/api/order/arsReport?${lastMonth}`)).json();
    expect(report.rows.map((r: { expectedQty: number }) => r.expectedQty)).toEqual(EXPECTED);

    const res = await replenish(franchiseeId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.runDay).toBe(runDay);
    expect(body.replayed).toBe(false);
    expect(body.refused).toEqual([]);
    expect(body.lines).toEqual(ARS.map((productId, i) => ({ productId, qty: EXPECTED[i], wh: 2 })));
    expect(body.poids.length).toBe(2);

    // The order history finds them by source, and only them.
    const b2f = (await get("/api/order?source=B2F")).json();
    expect(b2f.count).toBe(body.poids.length);
    expect(b2f.rows.map((r: { poid: string }) => r.poid).sort()).toEqual([...body.poids].sort());
    expect(
      b2f.rows.every((r: { source: string; status: string }) => r.source === "B2F" && r.status === "Pending"),
    ).toBe(true);
    expect((await get("/api/order?source=B2B")).json().count).toBe(0);

    // Each order's details carry the source and the ARS rule's lines and quantities.
    const lines: [number, number][] = [];
    for (const poid of body.poids) {
      const order = (await get(`/api/order/${poid}`)).json();
      expect(order.source).toBe("B2F");
      expect(order.warehouseId).toBe(2);
      for (const l of order.lines)
        lines.push([l.ProductID ?? l.productId, l.OrderedQuantity ?? l.orderedQuantity]);
    }
    expect(lines.sort((a, b) => a[0] - b[0])).toEqual(ARS.map((id, i) => [id, EXPECTED[i]]));

    // The ARS report now counts them as pending: nothing more is expected.
    const after = (await get(`/api/order/arsReport?${lastMonth}`)).json();
    expect(after.rows.map((r: { pendingQty: number }) => r.pendingQty)).toEqual(EXPECTED);
    expect(after.rows.map((r: { expectedQty: number }) => r.expectedQty)).toEqual([0, 0, 0, 0, 0]);
  });

  it("places once per partner and week: asked again, it answers the same orders", async () => {
    const first = (await get("/api/order?source=B2F")).json();
    const again = await replenish(franchiseeId);
    expect(again.statusCode).toBe(200);
    expect(again.json().replayed).toBe(true);
    expect([...again.json().poids].sort()).toEqual(first.rows.map((r: { poid: string }) => r.poid).sort());
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
