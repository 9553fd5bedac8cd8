import { financialYearOf, indiaDay } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { backOfficeKit } from "../order-desk/back-office-test-kit";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
});
afterAll(() => world.close());

describe("tax invoice numbers", () => {
  it("stay gapless and unique under 20 concurrent shipments (run on PostgreSQL with TEST_DATABASE_URL)", async () => {
    const { desk, loads } = world.app.backOffice;
    const loadIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { poid } = await kit.order([1]);
      await desk.confirm(null, poid);
      const load = await loads.create(null, { poids: [poid] });
      await loads.handOver(null, load.id, { transporter: "Delhivery", docketNo: `DL${i}` });
      loadIds.push(load.id);
    }
    // One shipment of an already-shipped load fails in the middle of the rush and must not take a number.
    const shipped = await Promise.allSettled([
      ...loadIds.map((id) => loads.ship(null, id)),
      loads.ship(null, loadIds[0] as number),
    ]);
    expect(shipped.filter((s) => s.status === "fulfilled")).toHaveLength(20);
    const fy = financialYearOf(indiaDay(new Date()));
    const result = await kit.db.execute(
      sql`SELECT seq, number FROM invoices WHERE kind = 'TAX INVOICE' AND warehouse_id = 2 AND financial_year = ${fy} ORDER BY seq`,
    );
    const rows = (result as unknown as { rows: { seq: number; number: string }[] }).rows;
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    const counter = await kit.db.execute(
      sql`SELECT last_number FROM invoice_counters WHERE warehouse_id = 2 AND financial_year = ${fy}`,
    );
    expect(Number((counter as unknown as { rows: { last_number: number }[] }).rows[0]?.last_number)).toBe(20);
  });
});
