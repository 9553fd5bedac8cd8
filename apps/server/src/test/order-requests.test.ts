/**
 * Store teams (issue 30): each person of a store has their own cart; a buyer's placement above their
 * approval limit becomes an order request the owner approves (placed then, stock checked then) or
 * declines; requests expire after 7 days. On the demo world: the franchisee's buyer, Bhavna Iyer
 * (buyer@demo.in, limit ₹50,000.00), and its owner, the franchisee.
 */
import {
  formatRupees,
  ORDER_REQUEST_TTL_MS,
  onlyLeftInWarehouse,
  orderRequestMessages,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client";
import {
  auditLog,
  jobs,
  notifications,
  orderRequests,
  purchaseOrders,
  storeMembers,
  users,
} from "../db/schema";
import { ORDER_REQUEST_EXPIRY_JOB } from "../modules/team/requests-service";
import { fixClock, restoreClock } from "./clock";
import { createTestWorld, type TestWorld } from "./harness";
import {
  cartOf,
  type Headers,
  newKey,
  orderBody,
  orderCount,
  placeOrder,
  productsOfType,
  putInCart,
  stockOf,
  stockUp,
  userIdOf,
} from "./order-test-kit";
import { type CatalogueProduct, loadCatalogue } from "./test-facts";

const BUYER = { name: "Bhavna Iyer", email: "buyer@demo.in" };
const LIMIT = "50000.00";
/** Pune and Mumbai: two of the franchisee's owned warehouses. */
const PUNE = 2;
const SECOND_WH = 5;

let world: TestWorld;
let db: Db;
let owner: Headers;
let buyer: Headers;
let stockist: Headers;
let storeId: number;
let buyerId: number;
let catalogue: CatalogueProduct[];
let nextProduct = 0;

/** What the store pays for one unit (MRP less its margin, GST included), in rupees. */
const unitCost = (p: CatalogueProduct) => Number(p.mrp) * (1 - Number(p.retailerMargin) / 100);

/**
 * A plain owned product no other test uses, costing at least ₹250 a unit (so ₹1,00,000 fits in a
 * line's 500 units), with plenty of stock in both warehouses.
 */
async function freshProduct(stock = 1000): Promise<CatalogueProduct> {
  const dear = productsOfType(catalogue, "OwnedStock", 40).filter((c) => unitCost(c) >= 250);
  const p = dear[nextProduct++];
  if (!p) throw new Error("ran out of plain owned products costing ₹250 or more");
  await stockUp(db, p.id, PUNE, stock);
  await stockUp(db, p.id, SECOND_WH, stock);
  return p;
}

/** The quantity of a product whose placement comes to more than `rupees` (goods alone, GST included). */
const qtyAbove = (p: CatalogueProduct, rupees: number) => Math.ceil(rupees / unitCost(p)) + 1;

const inject = (method: "GET" | "POST" | "PUT", url: string, headers: Headers, payload?: object) =>
  world.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const addToCart = (headers: Headers, products: { id: number; qty: number }[]) =>
  inject("PUT", "/api/users/cart/update", headers, { products, mode: "update" });

const cartIds = async (headers: Headers) =>
  ((await inject("GET", "/api/users/cart", headers)).json().products as { productId: number; qty: number }[])
    .map((p) => `${p.productId}×${p.qty}`)
    .sort();

/** What the placed orders of an answer bill: goods, GST and the shipping charges, in paise. */
const billedOf = (
  result: { status: number; order?: { netPayment: string; shippingChargeAmount: string } }[],
) =>
  result.reduce(
    (sum, r) => (r.order ? sum + toPaise(r.order.netPayment) + toPaise(r.order.shippingChargeAmount) : sum),
    0n,
  );

/** Empties the owner's and the buyer's carts (a test that looks at a whole cart starts from none). */
async function emptyCarts() {
  for (const who of [owner, buyer])
    await world.app.inject({ method: "DELETE", url: "/api/users/cart", headers: who });
}

async function requestRow(id: number) {
  const [row] = await db.select().from(orderRequests).where(eq(orderRequests.id, id));
  if (!row) throw new Error(`no order request ${id}`);
  return row;
}

/** The unread notification messages a person of the store sees in the app. */
async function bellOf(headers: Headers): Promise<string[]> {
  const res = await world.app.inject({ url: "/api/notifications", headers });
  expect(res.statusCode).toBe(200);
  return res.json().map((n: { message: string }) => n.message);
}

async function notificationsOfStore() {
  return db
    .select({ title: notifications.title, message: notifications.message, target: notifications.target })
    .from(notifications)
    .where(eq(notifications.userId, storeId))
    .orderBy(asc(notifications.id));
}

/** The mail jobs queued since `afterId`, as their payloads. */
async function mailsAfter(afterId: number) {
  const rows = await db.select().from(jobs).where(eq(jobs.kind, "mail")).orderBy(asc(jobs.id));
  return rows
    .filter((j) => j.id > afterId)
    .map((j) => j.payload as { userId?: number; to?: string; subject: string; text: string });
}
async function lastJobId() {
  const rows = await db.select({ id: jobs.id }).from(jobs).orderBy(asc(jobs.id));
  return rows.at(-1)?.id ?? 0;
}

/** A buyer's placement above the limit: the answer's request. */
async function askOverLimit(products: { p: CatalogueProduct; qty: number; wh?: number }[], key = newKey()) {
  const byWh = new Map<number, { id: number; qty: number }[]>();
  for (const { p, qty, wh = PUNE } of products) byWh.set(wh, [...(byWh.get(wh) ?? []), { id: p.id, qty }]);
  const body = orderBody([...byWh].map(([wh, lines]) => ({ wh, products: lines })));
  const res = await placeOrder(world.app, buyer, body, key);
  expect(res.statusCode).toBe(200);
  const json = res.json();
  expect(json.approvalRequest).toBeDefined();
  return {
    body,
    json,
    approvalRequest: json.approvalRequest as { id: number; total: string; message: string },
  };
}

beforeAll(async () => {
  fixClock();
  world = await createTestWorld();
  db = world.database.db;
  catalogue = await loadCatalogue(world);
  owner = await world.signIn("franchisee@demo.in");
  buyer = await world.signIn(BUYER.email);
  stockist = await world.signIn("stockist@demo.in");
  storeId = await userIdOf(db, "franchisee@demo.in");
  const [member] = await db
    .select({ id: storeMembers.id })
    .from(storeMembers)
    .where(eq(storeMembers.email, BUYER.email));
  if (!member) throw new Error("the demo buyer is missing");
  buyerId = member.id;
});
afterAll(async () => {
  await world?.close();
  restoreClock();
});

describe("each person of a store has their own cart", () => {
  it("keeps the owner's and the buyer's carts apart, and a placement takes only from the placer's", async () => {
    await emptyCarts();
    const [a, b] = [await freshProduct(), await freshProduct()];
    expect((await addToCart(owner, [{ id: a.id, qty: 2 }])).statusCode).toBe(200);
    expect((await addToCart(buyer, [{ id: b.id, qty: 3 }])).statusCode).toBe(200);
    expect(await cartIds(owner)).toEqual([`${a.id}×2`]);
    expect(await cartIds(buyer)).toEqual([`${b.id}×3`]);
    // The allocation (POST /api/cart) and the export read the caller's own cart too.
    const refreshed = await inject("POST", "/api/cart", buyer, {
      products: [],
      wh: [],
      userState: "",
      appType: 1,
    });
    expect(refreshed.json().data.products.map((p: { id: number }) => p.id)).toEqual([b.id]);
    expect((await inject("GET", "/api/users/cart/export", owner)).body).toBe(
      `productId,quantity\r\n${a.id},2\r\n`,
    );

    // The buyer places b (well under the limit): only the buyer's cart loses it.
    await addToCart(owner, [{ id: b.id, qty: 1 }]);
    const placed = await placeOrder(
      world.app,
      buyer,
      orderBody([{ wh: PUNE, products: [{ id: b.id, qty: 3 }] }]),
    );
    expect(placed.statusCode).toBe(200);
    expect(placed.json().approvalRequest).toBeUndefined();
    expect(await cartIds(buyer)).toEqual([]);
    expect(await cartIds(owner)).toEqual([`${a.id}×2`, `${b.id}×1`].sort());

    // Emptying the owner's cart leaves the buyer's alone.
    await addToCart(buyer, [{ id: a.id, qty: 4 }]);
    expect(
      (await world.app.inject({ method: "DELETE", url: "/api/users/cart", headers: owner })).statusCode,
    ).toBe(200);
    expect(await cartIds(owner)).toEqual([]);
    expect(await cartIds(buyer)).toEqual([`${a.id}×4`]);
    await world.app.inject({ method: "DELETE", url: "/api/users/cart", headers: buyer });
  });
});

describe("a buyer at or under the limit places as before", () => {
  it("places the order, recording the buyer as who placed it, shown on the order and in the history", async () => {
    const p = await freshProduct();
    await putInCart(db, storeId, p, 2, buyerId);
    const res = await placeOrder(
      world.app,
      buyer,
      orderBody([{ wh: PUNE, products: [{ id: p.id, qty: 2 }] }]),
    );
    expect(res.statusCode).toBe(200);
    const [result] = res.json().result;
    expect(result).toMatchObject({ status: 200, wh: PUNE });
    const poid = result.poid as string;
    const [row] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.poid, poid));
    expect(row?.placedByMemberId).toBe(buyerId);
    expect(row?.orderRequestId).toBeNull();
    expect((await cartOf(db, storeId, buyerId)).has(p.id)).toBe(false);

    const detail = await inject("GET", `/api/order/${poid}`, owner);
    expect(detail.json().placedBy).toEqual({ name: BUYER.name, role: "buyer" });
    const history = await inject("GET", `/api/order?q=${poid}`, owner);
    expect(history.statusCode).toBe(200);
    expect(history.json().rows).toHaveLength(1);
    expect(history.json().rows[0].placedBy).toEqual({ name: BUYER.name, role: "buyer" });

    // The owner's own orders name no member.
    const q = await freshProduct();
    const mine = await placeOrder(
      world.app,
      owner,
      orderBody([{ wh: PUNE, products: [{ id: q.id, qty: 1 }] }]),
    );
    const ownPoid = mine.json().result[0].poid as string;
    expect((await inject("GET", `/api/order/${ownPoid}`, owner)).json().placedBy).toBeNull();
    expect((await inject("GET", `/api/order?q=${ownPoid}`, owner)).json().rows[0].placedBy).toBeNull();
  });
});

describe("a buyer's placement above the limit becomes an order request", () => {
  it("writes no order, keeps the cart, answers the request with what placing would bill, and tells the owner", async () => {
    await emptyCarts();
    const [p, q] = [await freshProduct(), await freshProduct()];
    const qty = qtyAbove(p, 30_000);
    const qtyQ = qtyAbove(q, 25_000);
    await putInCart(db, storeId, p, qty, buyerId);
    await putInCart(db, storeId, q, qtyQ, buyerId);
    const ordersBefore = await orderCount(db, storeId);
    const stockBefore = await stockOf(db, p.id, PUNE);
    const mailMark = await lastJobId();

    const { body, json, approvalRequest } = await askOverLimit([
      { p, qty },
      { p: q, qty: qtyQ, wh: SECOND_WH },
    ]);
    expect(json.result).toEqual([]);
    expect(await orderCount(db, storeId)).toBe(ordersBefore);
    expect(await stockOf(db, p.id, PUNE)).toEqual(stockBefore);
    expect(await cartOf(db, storeId, buyerId)).toEqual(
      new Map([
        [p.id, qty],
        [q.id, qtyQ],
      ]),
    );

    const stored = await requestRow(approvalRequest.id);
    expect(stored).toMatchObject({ storeId, memberId: buyerId, status: "pending" });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(ORDER_REQUEST_TTL_MS);
    expect(stored.lines.map((l) => [l.productId, l.qty, l.whId])).toEqual([
      [p.id, qty, PUNE],
      [q.id, qtyQ, SECOND_WH],
    ]);
    expect(approvalRequest.total).toBe(paiseToDecimal(toPaise(stored.total)));
    expect(toPaise(approvalRequest.total)).toBeGreaterThan(toPaise(LIMIT));
    expect(approvalRequest.message).toBe(
      `Your order of ${formatRupees(approvalRequest.total)} is above your approval limit of ₹50,000.00. It has been sent to ${await ownerName()} for approval.`,
    );

    // The owner is told in the app (linking to the requests page) and by mail.
    const notices = await notificationsOfStore();
    expect(notices.at(-1)).toEqual({
      title: "Order request to approve",
      message: `${BUYER.name} asks you to approve an order of ${formatRupees(approvalRequest.total)}`,
      target: "/account/requests",
    });
    // Only the owner sees it: the buyer, the accountant are not asked to approve anything.
    const asked = `${BUYER.name} asks you to approve an order of ${formatRupees(approvalRequest.total)}`;
    expect(await bellOf(owner)).toContain(asked);
    expect(await bellOf(buyer)).not.toContain(asked);
    expect(await bellOf(await world.signIn("accounts@demo.in"))).not.toContain(asked);
    const mails = await mailsAfter(mailMark);
    expect(mails).toEqual([
      {
        userId: storeId,
        subject: "Order request to approve",
        text: `${BUYER.name} asks you to approve an order of ${formatRupees(approvalRequest.total)}\n\nOpen: /account/requests`,
      },
    ]);

    // Exactly what placing would bill: the owner places the same body.
    const placed = await placeOrder(world.app, owner, body);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().result.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(paiseToDecimal(billedOf(placed.json().result))).toBe(approvalRequest.total);
  });

  it("answers a retry with the same Idempotency-Key with the same request, and makes no second one", async () => {
    const p = await freshProduct();
    const qty = qtyAbove(p, 60_000);
    const key = newKey();
    const first = await askOverLimit([{ p, qty }], key);
    const again = await placeOrder(
      world.app,
      buyer,
      orderBody([{ wh: PUNE, products: [{ id: p.id, qty }] }]),
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json);
    const mine = await db
      .select({ id: orderRequests.id })
      .from(orderRequests)
      .where(and(eq(orderRequests.storeId, storeId), eq(orderRequests.total, first.approvalRequest.total)));
    expect(mine).toHaveLength(1);
  });
});

/** The store owner's name: the partner account's. */
async function ownerName() {
  const [o] = await db
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, storeId));
  return `${o?.firstname} ${o?.lastname}`.trim();
}

describe("the owner decides", () => {
  it("lists requests: the owner the store's, the buyer their own, with product and warehouse names", async () => {
    const p = await freshProduct();
    const qty = qtyAbove(p, 55_000);
    const { approvalRequest } = await askOverLimit([{ p, qty }]);
    for (const who of [owner, buyer]) {
      const res = await inject("GET", "/api/team/requests?status=pending", who);
      expect(res.statusCode).toBe(200);
      const found = (res.json().requests as { id: number }[]).find((r) => r.id === approvalRequest.id);
      expect(found).toMatchObject({
        status: "pending",
        requestedBy: { id: buyerId, name: BUYER.name, email: BUYER.email },
        total: approvalRequest.total,
        lines: [{ productId: p.id, name: p.name, qty, warehouse: "Pune" }],
        decidedAt: null,
        poids: [],
      });
    }
    // The accountant may not read them (the role's permissions), nor another store its owner.
    const accounts = await world.signIn("accounts@demo.in");
    expect((await inject("GET", "/api/team/requests", accounts)).statusCode).toBe(403);
    const other = await inject("GET", "/api/team/requests", stockist);
    expect(other.json().requests).toEqual([]);
  });

  it("approves: places the orders now as the buyer's, takes them out of the buyer's cart, tells the buyer and audits", async () => {
    await emptyCarts();
    const p = await freshProduct();
    const qty = qtyAbove(p, 52_000);
    const mine = await freshProduct();
    await putInCart(db, storeId, p, qty + 1, buyerId);
    await putInCart(db, storeId, p, 5);
    await putInCart(db, storeId, mine, 1, buyerId);
    const { approvalRequest } = await askOverLimit([{ p, qty }]);
    const mailMark = await lastJobId();

    expect((await inject("POST", `/api/team/requests/${approvalRequest.id}/approve`, buyer)).statusCode).toBe(
      403,
    );
    const res = await inject("POST", `/api/team/requests/${approvalRequest.id}/approve`, owner);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.message).toBe(`Order request ${approvalRequest.id} is approved.`);
    expect(json.result).toHaveLength(1);
    expect(json.result[0]).toMatchObject({ status: 200, wh: PUNE });
    const poid = json.result[0].poid as string;
    expect(json.request).toMatchObject({
      id: approvalRequest.id,
      status: "approved",
      poids: [poid],
      failure: null,
    });
    expect(billedOf(json.result)).toBe(toPaise(approvalRequest.total));

    const [order] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.poid, poid));
    expect(order).toMatchObject({ placedByMemberId: buyerId, orderRequestId: approvalRequest.id });
    // What was ordered leaves the buyer's cart; the owner's cart keeps its own line.
    expect(await cartOf(db, storeId, buyerId)).toEqual(
      new Map([
        [p.id, 1],
        [mine.id, 1],
      ]),
    );
    expect((await cartOf(db, storeId)).get(p.id)).toBe(5);
    expect((await inject("GET", `/api/order/${poid}`, owner)).json().placedBy).toEqual({
      name: BUYER.name,
      role: "buyer",
    });

    const told = `${BUYER.name}'s order request ${approvalRequest.id} was approved and placed: ${poid}.`;
    expect((await notificationsOfStore()).at(-1)).toEqual({
      title: "Order request approved",
      message: told,
      target: "/account/requests",
    });
    expect(await mailsAfter(mailMark)).toEqual([
      { to: BUYER.email, subject: "Order request approved", text: `${told}\n\nOpen: /account/requests` },
    ]);
    // The buyer's notice is the buyer's: the owner who approved it and the accountant do not get it.
    expect(await bellOf(buyer)).toContain(told);
    expect(await bellOf(owner)).not.toContain(told);
    expect(await bellOf(await world.signIn("accounts@demo.in"))).not.toContain(told);
    // Nor may they mark it read (404, as someone else's notification); the buyer may.
    const [row] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.message, told));
    expect((await inject("PUT", `/api/notifications/${row?.id}`, owner)).statusCode).toBe(404);
    expect((await inject("PUT", `/api/notifications/${row?.id}`, buyer)).statusCode).toBe(200);
    expect(await bellOf(buyer)).not.toContain(told);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order_request"), eq(auditLog.entityId, String(approvalRequest.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: storeId, actorMemberId: null, action: "orderRequest.approve" });

    // Decided once: approving or declining again is 409.
    const again = await inject("POST", `/api/team/requests/${approvalRequest.id}/approve`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(orderRequestMessages.notPending("approved"));
    const decline = await inject("POST", `/api/team/requests/${approvalRequest.id}/decline`, owner, {
      reason: "late",
    });
    expect(decline.statusCode).toBe(409);
  });

  it("checks stock when approving: a warehouse order short of stock is refused and reported, the rest placed", async () => {
    const [p, q] = [await freshProduct(), await freshProduct()];
    const qty = qtyAbove(p, 30_000);
    const qtyQ = qtyAbove(q, 30_000);
    const { approvalRequest } = await askOverLimit([
      { p, qty },
      { p: q, qty: qtyQ, wh: SECOND_WH },
    ]);
    // Stock moves before the owner decides.
    await stockUp(db, q.id, SECOND_WH, 3);
    const res = await inject("POST", `/api/team/requests/${approvalRequest.id}/approve`, owner);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    const refusal = onlyLeftInWarehouse(q.name, 3, "Mumbai");
    expect(json.result).toEqual([
      expect.objectContaining({ status: 200, wh: PUNE }),
      { status: 400, wh: SECOND_WH, message: refusal },
    ]);
    expect(json.request).toMatchObject({ status: "approved", failure: refusal });
    expect((await stockOf(db, q.id, SECOND_WH)).stock).toBe(3);

    // Nothing placeable at all: the request fails with the reason.
    const r = await freshProduct();
    const qtyR = qtyAbove(r, 60_000);
    const second = await askOverLimit([{ p: r, qty: qtyR }]);
    await stockUp(db, r.id, PUNE, 0);
    const failed = await inject("POST", `/api/team/requests/${second.approvalRequest.id}/approve`, owner);
    expect(failed.statusCode).toBe(200);
    const reason = onlyLeftInWarehouse(r.name, 0, "Pune");
    expect(failed.json().result).toEqual([{ status: 400, wh: PUNE, message: reason }]);
    expect(failed.json().request).toMatchObject({ status: "failed", failure: reason, poids: [] });
    expect((await notificationsOfStore()).at(-1)?.message).toBe(
      orderRequestMessages.failed(BUYER.name, second.approvalRequest.id, reason),
    );
  });

  it("declines with a reason: the buyer is told, the decision audited, nothing placed", async () => {
    const p = await freshProduct();
    const { approvalRequest } = await askOverLimit([{ p, qty: qtyAbove(p, 70_000) }]);
    const ordersBefore = await orderCount(db, storeId);
    const mailMark = await lastJobId();
    const blank = await inject("POST", `/api/team/requests/${approvalRequest.id}/decline`, owner, {
      reason: "  ",
    });
    expect(blank.statusCode).toBe(400);

    const res = await inject("POST", `/api/team/requests/${approvalRequest.id}/decline`, owner, {
      reason: "Too much stock of this already",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Order request ${approvalRequest.id} is declined.`,
      request: { status: "declined", declineReason: "Too much stock of this already", poids: [] },
    });
    expect(await orderCount(db, storeId)).toBe(ordersBefore);
    const told = `${BUYER.name}'s order request ${approvalRequest.id} was declined: Too much stock of this already`;
    expect((await notificationsOfStore()).at(-1)).toEqual({
      title: "Order request declined",
      message: told,
      target: "/account/requests",
    });
    expect(await mailsAfter(mailMark)).toEqual([
      { to: BUYER.email, subject: "Order request declined", text: `${told}\n\nOpen: /account/requests` },
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order_request"), eq(auditLog.entityId, String(approvalRequest.id))));
    expect(audit).toMatchObject({
      actorId: storeId,
      action: "orderRequest.decline",
      after: { status: "declined", reason: "Too much stock of this already" },
    });
  });

  it("answers 404 to another store's owner and to a request that does not exist", async () => {
    const p = await freshProduct();
    const { approvalRequest } = await askOverLimit([{ p, qty: qtyAbove(p, 60_000) }]);
    for (const action of ["approve", "decline"]) {
      const res = await inject("POST", `/api/team/requests/${approvalRequest.id}/${action}`, stockist, {
        reason: "not mine",
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Order request not found");
    }
    expect((await requestRow(approvalRequest.id)).status).toBe("pending");
    expect((await inject("POST", "/api/team/requests/999999/approve", owner)).statusCode).toBe(404);
    expect((await inject("POST", "/api/team/requests/0/approve", owner)).statusCode).toBe(400);
  });
});

describe("requests expire after 7 days", () => {
  it("expires pending requests by the job and on read, tells the buyer, and refuses to approve them", async () => {
    const p = await freshProduct();
    const first = await askOverLimit([{ p, qty: qtyAbove(p, 60_000) }]);
    const second = await askOverLimit([{ p, qty: qtyAbove(p, 80_000) }]);
    const asked = (await requestRow(first.approvalRequest.id)).createdAt;

    // A minute before the 7 days are over nothing expires.
    vi.setSystemTime(new Date(asked.getTime() + ORDER_REQUEST_TTL_MS - 60_000));
    await world.app.backOffice.jobs.enqueue(ORDER_REQUEST_EXPIRY_JOB, {});
    await world.app.backOffice.jobs.runDue();
    expect((await requestRow(first.approvalRequest.id)).status).toBe("pending");

    // Past them the job expires every pending request, the buyer told of each.
    vi.setSystemTime(new Date(asked.getTime() + ORDER_REQUEST_TTL_MS + 60_000));
    const mailMark = await lastJobId();
    await world.app.backOffice.jobs.enqueue(ORDER_REQUEST_EXPIRY_JOB, {});
    await world.app.backOffice.jobs.runDue();
    for (const r of [first, second])
      expect(await requestRow(r.approvalRequest.id)).toMatchObject({ status: "expired" });
    const told = orderRequestMessages.expired(BUYER.name, first.approvalRequest.id);
    expect((await notificationsOfStore()).map((n) => n.message)).toContain(told);
    expect(await mailsAfter(mailMark)).toContainEqual({
      to: BUYER.email,
      subject: "Order request expired",
      text: `${told}\n\nOpen: /account/requests`,
    });
    // The job runs again in an hour.
    const next = await db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, ORDER_REQUEST_EXPIRY_JOB), eq(jobs.status, "queued")));
    expect(next).toHaveLength(1);

    // Sessions last 7 days too: sign in again in the new week.
    const ownerNow = await world.signIn("franchisee@demo.in");
    const buyerNow = await world.signIn(BUYER.email);
    const late = await inject("POST", `/api/team/requests/${first.approvalRequest.id}/approve`, ownerNow);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(orderRequestMessages.notPending("expired"));

    // Read after the 7 days, a request expires without the job.
    buyer = buyerNow;
    const third = await askOverLimit([{ p, qty: qtyAbove(p, 90_000) }]);
    const thirdAt = (await requestRow(third.approvalRequest.id)).createdAt;
    vi.setSystemTime(new Date(thirdAt.getTime() + ORDER_REQUEST_TTL_MS + 1000));
    const listed = await inject("GET", "/api/team/requests?status=expired", await world.signIn(BUYER.email));
    expect(listed.statusCode).toBe(200);
    expect((listed.json().requests as { id: number }[]).map((r) => r.id)).toContain(third.approvalRequest.id);
    expect((await requestRow(third.approvalRequest.id)).status).toBe("expired");
  });
});
