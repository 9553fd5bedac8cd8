import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeKit } from "../../test/back-office-test-kit";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { userIdOf } from "../../test/order-test-kit";

let world: TestWorld;
let kit: Awaited<ReturnType<typeof backOfficeKit>>;
let franchiseeId: number;

beforeAll(async () => {
  world = await createTestWorld();
  kit = await backOfficeKit(world);
  franchiseeId = await userIdOf(kit.db, "franchisee@demo.in");
});
afterAll(() => world.close());

describe("order desk", () => {
  it("confirms part of an order: the gap goes back to stock, gapReport is positive, the partner is told", async () => {
    const { poid, products } = await kit.order([5, 3]);
    const a = products[0]!;
    const b = products[1]!;
    const before = await kit.stock(a.id);
    const res = await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {
      lines: [{ productId: a.id, quantity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.order.status).toBe("Confirmed");
    expect(detail.order.gapReport).toBe(3);
    expect(detail.order.lines.find((l: { productId: number }) => l.productId === a.id).quantity).toBe(2);
    expect(detail.order.lines.find((l: { productId: number }) => l.productId === b.id).quantity).toBe(3);
    expect(detail.invoices.map((i: { kind: string }) => i.kind)).toEqual(["PERFORMA INVOICE"]);
    const after = await kit.stock(a.id);
    expect(after.stock - before.stock).toBe(3);
    expect(after.currentStock - before.currentStock).toBe(3);
    const [notice] = await kit.notificationsOf(franchiseeId);
    expect(notice?.title).toBe("Order part-confirmed");
    expect(notice?.target).toBe(`/account/orderDetails/${poid}`);
    const audit = await kit.auditOf("order", poid);
    expect(audit[0]?.action).toBe("order.confirm");
    expect(audit[0]?.actorId).not.toBeNull();
  });

  it("refuses to confirm more than ordered, and to confirm twice", async () => {
    const { poid, products } = await kit.order([2]);
    const over = await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {
      lines: [{ productId: products[0]!.id, quantity: 3 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("Product 100022: at most the ordered quantity (2) can be confirmed.");
    expect((await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {})).statusCode).toBe(200);
    const twice = await kit.call("POST", `/api/admin/orders/${poid}/confirm`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("The order is already Confirmed.");
  });

  it("cancels an order: every unit goes back to the warehouse in the same transaction", async () => {
    const { poid, products } = await kit.order([4]);
    const id = products[0]!.id;
    const before = await kit.stock(id);
    const res = await kit.call("POST", `/api/admin/orders/${poid}/cancel`, { reason: "Partner asked" });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe("Cancelled");
    expect((await kit.stock(id)).stock - before.stock).toBe(4);
    const again = await kit.call("POST", `/api/admin/orders/${poid}/cancel`, { reason: "again" });
    expect(again.statusCode).toBe(409);
  });

  it("bulk-confirms and reports what failed", async () => {
    const one = await kit.order([1]);
    const res = await kit.call("POST", "/api/admin/orders/confirm", { poids: [one.poid, "NOPE1"] });
    expect(res.json()).toEqual({ done: [one.poid], failed: [{ id: "NOPE1", message: "Order not found" }] });
  });

  it("auto-confirms Pending orders of auto-confirm account types after their delay, and lists them", async () => {
    const put = await kit.call("PUT", "/api/admin/settings/auto-confirm", [
      { accountType: "franchise", autoConfirm: true, delayMinutes: 0 },
    ]);
    expect(put.statusCode).toBe(200);
    const { poid } = await kit.order([1]);
    await world.app.backOffice.desk.runAutoConfirm(new Date(Date.now() + 60_000));
    const list = await kit.call("GET", "/api/order/autoComfirmedOrders/franchise");
    expect(list.statusCode).toBe(200);
    expect(list.json().map((o: { poid: string }) => o.poid)).toContain(poid);
    await kit.call("PUT", "/api/admin/settings/auto-confirm", [
      { accountType: "franchise", autoConfirm: false, delayMinutes: 60 },
    ]);
  });

  it("lists the queue with filters", async () => {
    const res = await kit.call("GET", "/api/admin/orders?status=Pending&pageSize=5");
    expect(res.statusCode).toBe(200);
    for (const row of res.json().rows) expect(row.status).toBe("Pending");
    expect((await kit.call("GET", "/api/admin/orders?status=Nope")).statusCode).toBe(400);
  });
});
