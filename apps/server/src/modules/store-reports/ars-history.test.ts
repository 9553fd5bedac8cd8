import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixClock, restoreClock } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  (await world.database.db.execute(query)) as unknown as { rows: T[] };

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ historyMonths: 3 });
}, 300_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

describe("the demo world's ARS history", () => {
  it("fills the franchisee's B2F (ARS) orders with products of its ARS list", async () => {
    const lines = await rowsOf<{ ars: boolean; n: number }>(sql`
      SELECT (a.product_id IS NOT NULL) AS ars, count(*)::int AS n
      FROM purchase_orders p
      JOIN purchase_order_lines l ON l.poid = p.poid
      LEFT JOIN ars_products a ON a.user_id = p.user_id AND a.product_id = l.product_id
      WHERE p.source = 'B2F' GROUP BY 1 ORDER BY 1`);
    // Of the drawn lines, those whose stock type the 5-product test list lacks keep the drawn product.
    expect(lines.rows).toEqual([
      { ars: false, n: 3 },
      { ars: true, n: 21 },
    ]);
    const withoutArs = await rowsOf<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM purchase_orders p WHERE p.source = 'B2F' AND NOT EXISTS (
        SELECT 1 FROM purchase_order_lines l JOIN ars_products a ON a.product_id = l.product_id AND a.user_id = p.user_id
        WHERE l.poid = p.poid)`);
    expect(withoutArs.rows[0]?.n).toBe(0);
  });

  it("gives the ARS report figures that agree with the B2F orders of its dates", async () => {
    const franchisee = await world.signIn("franchisee@demo.in");
    const totals = async (from: string, to: string) => {
      const report = (
        await world.app.inject({
          method: "GET",
          url: `/api/order/arsReport?from=${from}&to=${to}&pageSize=50`,
          headers: franchisee,
        })
      ).json();
      const sum = (key: string) =>
        report.rows.reduce((n: number, r: Record<string, number>) => n + (r[key] ?? 0), 0);
      return [sum("pendingQty"), sum("confirmedQty"), sum("inTransitStock"), sum("actualQty")];
    };
    const ordered = async (from: string, to: string) =>
      (
        await rowsOf<{ n: number }>(sql`
          SELECT coalesce(sum(l.ordered_quantity), 0)::int AS n FROM purchase_orders p
          JOIN purchase_order_lines l ON l.poid = p.poid
          JOIN users u ON u.id = p.user_id AND u.email = 'franchisee@demo.in'
          JOIN ars_products a ON a.user_id = p.user_id AND a.product_id = l.product_id
          WHERE p.status <> 'Cancelled'
            AND (p.created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN ${from}::date AND ${to}::date`)
      ).rows[0]?.n;
    // October's orders have all been delivered: nothing pending or on its way, and what was ordered is actual.
    expect(await totals("2026-10-01", "2026-10-31")).toEqual([0, 0, 0, 17]);
    expect(await ordered("2026-10-01", "2026-10-31")).toBe(17);
    // The month up to today still has orders waiting.
    const october = await rowsOf<{ status: string; n: number }>(sql`
      SELECT p.status, count(*)::int AS n FROM purchase_orders p
      WHERE p.source = 'B2F' AND (p.created_at AT TIME ZONE 'Asia/Kolkata')::date BETWEEN '2026-10-01' AND '2026-10-31'
      GROUP BY p.status`);
    expect(october.rows).toEqual([{ status: "Delivered", n: 1 }]);
  });
});
