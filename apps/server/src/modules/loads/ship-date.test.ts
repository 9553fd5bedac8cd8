/**
 * Ship dates are guarded (not in the future, not before the load was built, not in a closed period,
 * never before the series' last invoice), and staff set the lock date of the books.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
const LOCK = "/api/admin/settings/lock-date";
/** Loads of these tests are built on 1 March 2026 (India), in the financial year 2025-26. */
const BUILT = new Date("2026-03-01T10:00:00+05:30");
/** The app's today: 15 June 2026 (India), after every day these tests ship on or close the books at. */
const TODAY = new Date("2026-06-15T12:00:00+05:30");

beforeAll(async () => {
  world = await createTestWorld({ now: () => TODAY });
  kit = await backOfficeKit(world);
});
afterAll(() => world.close());

/** A confirmed order of the franchisee at warehouse 2 in a load built on 1 March 2026 and handed over. */
async function handedOverLoad(quantities = [2]) {
  const { desk, loads } = world.app.backOffice;
  const { poid } = await kit.order(quantities);
  await desk.confirm(null, poid, {}, BUILT);
  const load = await loads.create(null, { poids: [poid] }, BUILT);
  await loads.handOver(null, load.id, { transporter: "Gati", docketNo: `GT${load.id}` }, BUILT);
  return { id: load.id, poid };
}

const ship = (id: number, actualShippingDate?: string) =>
  kit.call("POST", `/api/admin/loads/${id}/ship`, actualShippingDate ? { actualShippingDate } : {});

describe("the ship date", () => {
  it("is refused in the future, before the load was built, in a closed period and before the series' last invoice", async () => {
    const first = await handedOverLoad();

    const future = await ship(first.id, "2099-01-01");
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(
      "The ship date 01-01-2099 is in the future: today is 15-06-2026 in India.",
    );

    const early = await ship(first.id, "2026-02-28");
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe("The ship date 28-02-2026 is before the load was built on 01-03-2026.");

    expect((await kit.call("PUT", LOCK, { lockDate: "2026-03-10" })).statusCode).toBe(200);
    const locked = await ship(first.id, "2026-03-09");
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      "The books are closed before 10-03-2026: nothing can be posted on 09-03-2026. Ask accounts staff to move the lock date.",
    );

    // The lock date itself is open: the first invoice of the main company's warehouse 2 series of 2025-26.
    const shipped = await ship(first.id, "2026-03-12");
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: "Shipped", actualShippingDate: "2026-03-12" });
    expect(shipped.json().invoiceNumber).toBe("IM02/2526/000001");

    const second = await handedOverLoad();
    const backwards = await ship(second.id, "2026-03-11");
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().message).toBe(
      "The ship date 11-03-2026 is before 12-03-2026, the date of the last invoice in this series: invoice numbers must follow their dates.",
    );
    // The refusal took no number: the next shipment is 000002, and nothing of the refused one stayed.
    const again = await ship(second.id, "2026-03-12");
    expect(again.statusCode).toBe(200);
    expect(again.json().invoiceNumber).toBe("IM02/2526/000002");
    const order = (await kit.call("GET", `/api/admin/orders/${second.poid}`)).json();
    expect(order.order.status).toBe("Shipped");
  });

  it("refuses postings of other kinds before the lock date: a short delivery's credit note", async () => {
    const { loads } = world.app.backOffice;
    expect((await kit.call("PUT", LOCK, { lockDate: "2026-03-10" })).statusCode).toBe(200);
    const load = await handedOverLoad([3]);
    expect((await ship(load.id, "2026-03-12")).statusCode).toBe(200);
    const product = await kit.db.execute(
      sql`SELECT product_id FROM purchase_order_lines WHERE poid = ${load.poid} ORDER BY id LIMIT 1`,
    );
    const productId = Number((product as unknown as { rows: { product_id: number }[] }).rows[0]?.product_id);
    // Told of the delivery late, with the day it happened: the credit note would fall in the closed period.
    await expect(
      loads.deliver(
        null,
        load.id,
        { lines: [{ poid: load.poid, productId, deliveredQuantity: 2 }] },
        new Date("2026-03-09T15:00:00+05:30"),
      ),
    ).rejects.toThrow(
      "The books are closed before 10-03-2026: nothing can be posted on 09-03-2026. Ask accounts staff to move the lock date.",
    );
    const view = await loads.get(load.id);
    expect(view.deliveredAt).toBeNull();
  });
});

describe("the lock date setting", () => {
  it("is set and cleared by staff, shown by GET, and audited with both values", async () => {
    expect((await kit.call("PUT", LOCK, { lockDate: null })).json().lockDate).toBeNull();
    const set = await kit.call("PUT", LOCK, { lockDate: "2026-04-01" });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ lockDate: "2026-04-01", updatedBy: "admin@demo.in" });
    expect((await kit.call("GET", LOCK)).json()).toMatchObject({
      lockDate: "2026-04-01",
      updatedBy: "admin@demo.in",
    });
    const [audit] = await kit.auditOf("setting", "lockDate");
    expect(audit).toMatchObject({
      action: "settings.lockDate",
      before: { lockDate: null },
      after: { lockDate: "2026-04-01" },
    });
    const cleared = await kit.call("PUT", LOCK, { lockDate: null });
    expect(cleared.json().lockDate).toBeNull();
  });

  it("refuses partners (403), days that are not days, a future day and a missing one (400 with the reason)", async () => {
    expect((await kit.call("PUT", LOCK, { lockDate: "2026-04-01" }, kit.franchisee)).statusCode).toBe(403);
    expect((await kit.call("GET", LOCK, undefined, kit.franchisee)).statusCode).toBe(403);
    for (const [body, message] of [
      [
        { lockDate: "2026-02-30" },
        "lockDate must be a real date between 2000-01-01 and 2100-12-31 (yyyy-MM-dd)",
      ],
      [
        { lockDate: "01-04-2026" },
        "lockDate must be a real date between 2000-01-01 and 2100-12-31 (yyyy-MM-dd)",
      ],
      [{}, "lockDate is required"],
      [
        { lockDate: "2099-12-31" },
        "The lock date cannot be after today (15-06-2026): only a period that has begun can be closed.",
      ],
    ] as const) {
      const res = await kit.call("PUT", LOCK, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
  });
});
