import { DOCUMENT_NUMBER_MAX_LENGTH, MAIN_COMPANY } from "@portal/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
/** The app's today: 15 June 2026 (India), in the financial year 2026-27. */
const TODAY = new Date("2026-06-15T12:00:00+05:30");

beforeAll(async () => {
  world = await createTestWorld({ now: () => TODAY });
  kit = await backOfficeKit(world);
});
afterAll(() => world.close());

async function lastNumber(type: string, fy: string) {
  const counter = await kit.db.execute(
    sql`SELECT last_number FROM document_counters WHERE company_gstin = ${MAIN_COMPANY.gstNo} AND warehouse_id = 2 AND financial_year = ${fy} AND document_type = ${type}`,
  );
  return Number((counter as unknown as { rows: { last_number: number }[] }).rows[0]?.last_number);
}

/** Delivers a load with its first line one unit short (a credit note for the unit). */
async function shortOne(loadId: number) {
  const { loads } = world.app.backOffice;
  const view = await loads.get(loadId);
  const lines = await kit.db.execute(
    sql`SELECT poid, product_id, quantity FROM purchase_order_lines WHERE poid = ${view.poids[0]} ORDER BY id LIMIT 1`,
  );
  const line = (lines as unknown as { rows: { poid: string; product_id: number; quantity: number }[] })
    .rows[0];
  if (!line) throw new Error("no line");
  return loads.deliver(null, loadId, {
    lines: [
      { poid: line.poid, productId: Number(line.product_id), deliveredQuantity: Number(line.quantity) - 1 },
    ],
  });
}

describe("tax invoice and note numbers", () => {
  it("stay gapless, unique and at most 16 characters under 20 concurrent shipments and deliveries (run on PostgreSQL with TEST_DATABASE_URL)", async () => {
    const { desk, loads } = world.app.backOffice;
    const loadIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { poid } = await kit.order([2]);
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
    const fy = "2026-27";
    const result = await kit.db.execute(
      sql`SELECT seq, number FROM invoices WHERE kind = 'TAX INVOICE' AND warehouse_id = 2 AND financial_year = ${fy} ORDER BY seq`,
    );
    const rows = (result as unknown as { rows: { seq: number; number: string }[] }).rows;
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // The main company's series of warehouse 2 for the year: IM02/2627/000001 … 000020, 16 characters each.
    const yy = `${fy.slice(2, 4)}${fy.slice(5, 7)}`;
    expect(rows.map((r) => r.number)).toEqual(
      rows.map((r) => `IM02/${yy}/${String(r.seq).padStart(6, "0")}`),
    );
    for (const r of rows) expect(r.number.length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
    expect(await lastNumber("I", fy)).toBe(20);

    // Each load is delivered one unit short at once: 20 credit notes from the warehouse's own credit
    // note series, gapless, while a second delivery of one load fails and takes no number.
    const delivered = await Promise.allSettled([
      ...loadIds.map((id) => shortOne(id)),
      shortOne(loadIds[0] as number),
    ]);
    expect(delivered.filter((s) => s.status === "fulfilled")).toHaveLength(20);
    const notes = await kit.db.execute(
      sql`SELECT voucher_number FROM ledger_entries WHERE source_kind = 'order-cancel' ORDER BY voucher_number`,
    );
    const numbers = (notes as unknown as { rows: { voucher_number: string }[] }).rows.map(
      (r) => r.voucher_number,
    );
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `CM02/${yy}/${String(i + 1).padStart(6, "0")}`),
    );
    expect(await lastNumber("C", fy)).toBe(20);
  });
});
