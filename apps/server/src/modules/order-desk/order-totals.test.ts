import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { listOrders } from "./repo";

/**
 * The orders list's total is exact though it is summed from the counts per partner and status kept by
 * triggers (migration 0046): equal to a plain count over the join for random searches, statuses and
 * partners, and the kept counts equal to a recount after orders are inserted, changed, moved to another
 * partner, deleted, and changed in a transaction that rolls back.
 */
let world: TestWorld;

let seed = 32_2026;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

beforeAll(async () => {
  world = await createTestWorld({ historyMonths: 3 });
});
afterAll(() => world.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) => {
  const result = await world.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
};

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The plain count the total stands for: every order whose PO id, partner or invoice number holds q. */
async function plainCount(q: string | undefined, status: string | undefined, userId: number | undefined) {
  const pattern = q?.trim() ? likeOf(q.trim()) : null;
  const [row] = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n
    FROM purchase_orders po JOIN users u ON u.id = po.user_id
    WHERE (${status ?? null}::text IS NULL OR po.status = ${status ?? null})
      AND (${userId ?? null}::int IS NULL OR po.user_id = ${userId ?? null})
      AND (${pattern}::text IS NULL OR po.poid ILIKE ${pattern} OR u.email ILIKE ${pattern}
        OR coalesce(u.store_name, u.firstname || ' ' || u.lastname) ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM invoices i WHERE i.poid = po.poid AND i.number ILIKE ${pattern}))`);
  return Number(row?.n);
}

async function keptEqualsRecount() {
  const kept = await rowsOf<{ user_id: number; status: string; n: number }>(
    sql`SELECT user_id, status, n::int AS n FROM purchase_order_counts WHERE n <> 0 ORDER BY user_id, status`,
  );
  const recount = await rowsOf<{ user_id: number; status: string; n: number }>(
    sql`SELECT user_id, status, count(*)::int AS n FROM purchase_orders GROUP BY user_id, status ORDER BY user_id, status`,
  );
  expect(kept).toEqual(recount);
}

async function randomTotalsMatch(times: number) {
  const partners = await rowsOf<{ id: number; email: string; name: string }>(
    sql`SELECT id, email, coalesce(store_name, firstname || ' ' || lastname) AS name FROM users`,
  );
  const poids = (await rowsOf<{ poid: string }>(sql`SELECT poid FROM purchase_orders`)).map((r) => r.poid);
  const invoiceNumbers = (await rowsOf<{ number: string }>(sql`SELECT number FROM invoices`)).map(
    (r) => r.number,
  );
  const statuses = (await rowsOf<{ status: string }>(sql`SELECT DISTINCT status FROM purchase_orders`)).map(
    (r) => r.status,
  );
  const part = (s: string) => {
    const from = Math.floor(rand() * s.length);
    return s.slice(from, from + 2 + Math.floor(rand() * 8));
  };
  let nonZero = 0;
  for (let i = 0; i < times; i++) {
    const r = rand();
    const q =
      r < 0.15
        ? undefined
        : r < 0.35
          ? part(pick(partners).email)
          : r < 0.55
            ? part(pick(partners).name)
            : r < 0.75
              ? part(pick(poids))
              : r < 0.9 && invoiceNumbers.length
                ? part(pick(invoiceNumbers))
                : pick(["a", "%", "_", "zz", "1", "Babyhug", "@demo", "nobody"]);
    const status = rand() < 0.6 ? pick(statuses) : undefined;
    const userId = rand() < 0.15 ? pick(partners).id : undefined;
    const { total } = await listOrders(
      world.database.db,
      { q, status, userId },
      { page: 1 + Math.floor(rand() * 3), pageSize: 10 },
    );
    expect(total, JSON.stringify({ q, status, userId })).toBe(await plainCount(q, status, userId));
    if (total > 0) nonZero++;
  }
  expect(nonZero).toBeGreaterThan(times / 3);
}

describe("the orders list's exact total", () => {
  it("equals a plain count for random searches, statuses and partners", async () => {
    await keptEqualsRecount();
    await randomTotalsMatch(150);
  }, 120_000);

  it("stays exact as orders are inserted, changed, moved, deleted and rolled back", async () => {
    const db = world.database.db;
    const users = (await rowsOf<{ id: number }>(sql`SELECT DISTINCT user_id AS id FROM purchase_orders`)).map(
      (r) => r.id,
    );
    // copies of a few orders under new PO ids (one statement inserting several)
    await db.execute(sql`INSERT INTO purchase_orders
      SELECT (jsonb_populate_record(null::purchase_orders, to_jsonb(p) || jsonb_build_object('poid', p.poid || 'C'))).*
      FROM purchase_orders p ORDER BY p.poid LIMIT 7`);
    await keptEqualsRecount();
    await db.execute(sql`UPDATE purchase_orders SET status = 'Cancelled' WHERE poid LIKE '%C' AND poid IN (
      SELECT poid FROM purchase_orders WHERE poid LIKE '%C' ORDER BY poid LIMIT 3)`);
    await db.execute(sql`UPDATE purchase_orders SET user_id = ${users[users.length - 1]!} WHERE poid IN (
      SELECT poid FROM purchase_orders ORDER BY poid DESC LIMIT 4)`);
    // an update touching nothing counted changes no count
    await db.execute(sql`UPDATE purchase_orders SET gap_report = gap_report WHERE poid IN (
      SELECT poid FROM purchase_orders ORDER BY poid LIMIT 20)`);
    await keptEqualsRecount();
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE purchase_orders SET status = 'Delivered' WHERE poid LIKE '%C'`);
        await tx.execute(sql`DELETE FROM purchase_orders WHERE poid LIKE '%C'`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await keptEqualsRecount();
    await db.execute(sql`DELETE FROM purchase_orders WHERE poid LIKE '%C'`);
    await keptEqualsRecount();
    await randomTotalsMatch(60);
  }, 120_000);

  it("stays exact through the app's own status changes (confirming and cancelling orders)", async () => {
    const staff = await world.signIn("admin@demo.in");
    const pending = await rowsOf<{ poid: string }>(
      sql`SELECT poid FROM purchase_orders WHERE status = 'Pending' ORDER BY poid LIMIT 3`,
    );
    const confirmed = await world.app.inject({
      method: "POST",
      url: "/api/admin/orders/confirm",
      headers: staff,
      payload: { poids: pending.slice(0, 2).map((p) => p.poid) },
    });
    expect(confirmed.statusCode).toBe(200);
    const cancelled = await world.app.inject({
      method: "POST",
      url: `/api/admin/orders/${pending[2]!.poid}/cancel`,
      headers: staff,
      payload: { reason: "Partner asked" },
    });
    expect(cancelled.statusCode).toBe(200);
    await keptEqualsRecount();
    const list = (
      await world.app.inject({
        method: "GET",
        url: "/api/admin/orders?status=Pending&pageSize=1",
        headers: staff,
      })
    ).json();
    expect(list.total).toBe(await plainCount(undefined, "Pending", undefined));
  });
});
