import { fromReceiptClock, kioskMessages, toPaise } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kioskOrders, ledgerEntries, purchaseOrders, users } from "../../db/schema";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { createPartner, newKey, productsOfType, stockOf, stockUp, userIdOf } from "../../test/order-test-kit";
import { type CatalogueProduct, loadCatalogue } from "../../test/test-facts";

let world: TestWorld;
let kiosk: { authorization: string };
let otherKiosk: { authorization: string };
let franchisee: { authorization: string };
let kioskId: number;
let products: CatalogueProduct[];
const MOBILE = "9840012345";

beforeAll(async () => {
  world = await createTestWorld();
  const db = world.database.db;
  const catalogue = await loadCatalogue(world);
  products = productsOfType(catalogue, "OwnedStock", 6);
  for (const p of products) await stockUp(db, p.id, 2, 50);
  kioskId = await userIdOf(db, "kiosk@demo.in");
  const otherId = await createPartner(db, { email: "kiosk2@test.in", canOrder: true, warehouses: [2, 7] });
  await db
    .update(users)
    .set({
      accountType: "kiosk",
      storeName: "Second Kiosk",
      shippingAddress1: "Kiosk 2, Main Road",
      shippingCity: "Pune",
    })
    .where(eq(users.id, otherId));
  kiosk = await world.signIn("kiosk@demo.in");
  otherKiosk = await world.signIn("kiosk2@test.in");
  franchisee = await world.signIn("franchisee@demo.in");
}, 90_000);
afterAll(() => world.close());

const get = (url: string, headers = kiosk) => world.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = kiosk) =>
  world.app.inject({ method: "POST", url, headers, payload });
const place = (payload: object, headers: Record<string, string> = kiosk, key = newKey()) =>
  post("/api/kajukatli/placeOrder", payload, { ...headers, "idempotency-key": key });
const customer = { mobileNo: MOBILE, firstName: "Priya", lastName: "Sharma", dob: "1990-05-14" };

describe("customers by mobile", () => {
  it("finds nobody at first, registers, then finds the customer and their email", async () => {
    expect((await post("/api/kajukatli/getEmailsByMobile", { MobileNo: MOBILE })).json()).toEqual({
      emails: [],
      customer: null,
    });
    const reg = await post("/api/kajukatli/registerUser", { ...customer, email: "Priya@Example.in" });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toEqual({ ...customer, email: "priya@example.in" });
    const found = (await post("/api/kajukatli/getEmailsByMobile", { MobileNo: MOBILE })).json();
    expect(found.emails).toEqual(["priya@example.in"]);
    expect(found.customer.firstName).toBe("Priya");
    // another kiosk store does not see this store's customers
    expect(
      (await post("/api/kajukatli/getEmailsByMobile", { MobileNo: MOBILE }, otherKiosk)).json().customer,
    ).toBeNull();
  });

  it("refuses registering the same mobile twice, and bad fields with a reason", async () => {
    const again = await post("/api/kajukatli/registerUser", customer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(kioskMessages.customerExists);
    const badMobile = await post("/api/kajukatli/registerUser", { ...customer, mobileNo: "12345" });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().message).toContain("mobileNo must be a 10-digit Indian mobile number");
    const badDob = await post("/api/kajukatli/registerUser", {
      ...customer,
      mobileNo: "9840099999",
      dob: "2001-02-30",
    });
    expect(badDob.json().message).toContain("dob must be a real date");
    const noName = await post("/api/kajukatli/registerUser", {
      ...customer,
      mobileNo: "9840099999",
      firstName: " ",
    });
    expect(noName.json().message).toContain("firstName is required");
  });

  it("saves details of a registered customer; an unknown one is 404", async () => {
    const saved = await post("/api/kajukatli/saveDetails", { ...customer, lastName: "Sharma-Rao" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().lastName).toBe("Sharma-Rao");
    const unknown = await post("/api/kajukatli/saveDetails", { ...customer, mobileNo: "9840099998" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(kioskMessages.customerNotFound);
  });
});

describe("kiosk stores only", () => {
  it("refuses every kiosk call to a franchisee with 403", async () => {
    const calls = [
      post("/api/kajukatli/getEmailsByMobile", { MobileNo: MOBILE }, franchisee),
      post("/api/kajukatli/registerUser", customer, franchisee),
      post("/api/kajukatli/saveDetails", customer, franchisee),
      place({ mobileNo: MOBILE, products: [{ id: 1, qty: 1 }], paymentMode: "Cash" }, franchisee),
      get("/api/kajukatli/getOrderList?status=Pending", franchisee),
      get("/api/kajukatli/cancelOrder?id=1", franchisee),
      get("/api/kajukatli/confirmOrder?POID=X&id=1", franchisee),
      get("/api/kajukatli/getReceipt?id=1", franchisee),
      get("/api/kajukatli/getTrackOrder?id=1", franchisee),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(kioskMessages.kioskOnly);
    }
  });
});

describe("placing, confirming, receipt and cancelling", () => {
  let orderId = 0;
  let poid = "";

  it("places a kiosk order with products and gift vouchers, paid at the counter", async () => {
    const [a, b] = products;
    if (!a || !b) throw new Error("no products");
    const before = await stockOf(world.database.db, a.id, 2);
    const res = await place({
      mobileNo: MOBILE,
      products: [
        { id: a.id, qty: 2 },
        { id: b.id, qty: 1 },
      ],
      vouchers: [
        { amount: 500, qty: 2 },
        { amount: 100, qty: 1 },
      ],
      paymentMode: "Card",
      paymentReference: "CARD-7781",
    });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    orderId = order.id;
    poid = order.poid;
    expect(order.status).toBe("Pending");
    expect(order.phoneNo).toBe(MOBILE);
    expect(order.paymentMode).toBe("Card");
    expect(order.products).toEqual([
      { id: a.id, qty: 2 },
      { id: b.id, qty: 1 },
    ]);
    const expected = toPaise(a.mrp) * 2n + toPaise(b.mrp) + 110_000n;
    expect(toPaise(order.totalAmount)).toBe(expected);
    const vouchers = order.lines.filter((l: { kind: string }) => l.kind === "voucher");
    expect(
      vouchers.map((v: { name: string; qty: number; voucherCodes: string[] }) => [
        v.name,
        v.qty,
        v.voucherCodes,
      ]),
    ).toEqual([
      ["Gift voucher ₹100", 1, [`GV100-${orderId}-01`]],
      ["Gift voucher ₹500", 2, [`GV500-${orderId}-02`, `GV500-${orderId}-03`]],
    ]);
    // placed through the orders' rules: a purchase order of source Kiosk, stock taken
    const [po] = await world.database.db.select().from(purchaseOrders).where(eq(purchaseOrders.poid, poid));
    expect(po?.source).toBe("Kiosk");
    expect(po?.userId).toBe(kioskId);
    expect((await stockOf(world.database.db, a.id, 2)).stock).toBe(before.stock - 2);
    const pending = (await get("/api/kajukatli/getOrderList?status=Pending")).json();
    expect(pending.map((o: { id: number }) => o.id)).toEqual([orderId]);
  });

  it("answers the same Idempotency-Key with the same order", async () => {
    const [, , c] = products;
    if (!c) throw new Error("no product");
    const body = { mobileNo: MOBILE, products: [{ id: c.id, qty: 1 }], paymentMode: "Cash" };
    const key = newKey();
    const first = await place(body, kiosk, key);
    const second = await place(body, kiosk, key);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const rows = await world.database.db
      .select()
      .from(kioskOrders)
      .where(eq(kioskOrders.storeUserId, kioskId));
    expect(rows).toHaveLength(2);
    // tidy: cancel it
    expect((await get(`/api/kajukatli/cancelOrder?id=${first.json().id}`)).statusCode).toBe(200);
  });

  it("refuses an unknown customer, no products, a bad voucher amount and a missing key", async () => {
    const [a] = products;
    if (!a) throw new Error("no product");
    const unknown = await place({
      mobileNo: "9840077777",
      products: [{ id: a.id, qty: 1 }],
      paymentMode: "Cash",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(kioskMessages.customerNotFound);
    const empty = await place({ mobileNo: MOBILE, products: [], paymentMode: "Cash" });
    expect(empty.json().message).toBe(kioskMessages.needProducts);
    const voucher = await place({
      mobileNo: MOBILE,
      products: [{ id: a.id, qty: 1 }],
      vouchers: [{ amount: 300, qty: 1 }],
      paymentMode: "Cash",
    });
    expect(voucher.statusCode).toBe(400);
    expect(voucher.json().message).toContain("amount must be one of 100, 250, 500, 1000, 2000");
    const noKey = await post("/api/kajukatli/placeOrder", {
      mobileNo: MOBILE,
      products: [{ id: a.id, qty: 1 }],
      paymentMode: "Cash",
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toContain("Idempotency-Key");
  });

  it("refuses more than the warehouse holds and writes nothing", async () => {
    const [, , , d] = products;
    if (!d) throw new Error("no product");
    const count = (await world.database.db.select().from(kioskOrders)).length;
    const res = await place({ mobileNo: MOBILE, products: [{ id: d.id, qty: 51 }], paymentMode: "Cash" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("has only 50 left");
    expect((await world.database.db.select().from(kioskOrders)).length).toBe(count);
    expect((await stockOf(world.database.db, d.id, 2)).stock).toBe(50);
  });

  it("the receipt answers 422 with code 740 until the customer confirms", async () => {
    const notReady = await get(`/api/kajukatli/getReceipt?id=${orderId}`);
    expect(notReady.statusCode).toBe(422);
    expect(notReady.json()).toEqual({ message: kioskMessages.receiptNotReady, code: 740 });

    const wrongPoid = await get(`/api/kajukatli/confirmOrder?POID=X123&id=${orderId}`);
    expect(wrongPoid.statusCode).toBe(404);
    const confirmed = await get(`/api/kajukatli/confirmOrder?POID=${poid}&id=${orderId}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe("Confirmed");
    // the acknowledgement link may be opened twice
    expect((await get(`/api/kajukatli/confirmOrder?POID=${poid}&id=${orderId}`)).json().status).toBe(
      "Confirmed",
    );

    const receipt = await get(`/api/kajukatli/getReceipt?id=${orderId}`);
    expect(receipt.statusCode).toBe(200);
    const r = receipt.json();
    expect(r.receiptNo).toBe(`KR${String(orderId).padStart(6, "0")}`);
    expect(r.storeName).toBe("Babyhug Kiosk Phoenix Marketcity Chennai");
    expect(r.paymentMode).toBe("Card");
    expect(r.paymentReference).toBe("CARD-7781");
    expect(r.lines.flatMap((l: { voucherCodes: string[] }) => l.voucherCodes)).toHaveLength(3);
    // India's clock written as UTC: shifted back 5 h 30 min it is the moment the order was placed
    const [row] = await world.database.db.select().from(kioskOrders).where(eq(kioskOrders.id, orderId));
    expect(fromReceiptClock(r.createdAt).getTime()).toBe(row?.createdAt.getTime());
    expect(Date.parse(r.createdAt) - (row?.createdAt.getTime() ?? 0)).toBe(19_800_000);

    const lists = await Promise.all(
      ["Pending", "Confirmed"].map(async (s) =>
        (await get(`/api/kajukatli/getOrderList?status=${s}`)).json(),
      ),
    );
    expect(lists[0].map((o: { id: number }) => o.id)).not.toContain(orderId);
    expect(lists[1].map((o: { id: number }) => o.id)).toEqual([orderId]);
  });

  it("tracks the order's steps and purchase orders", async () => {
    const track = (await get(`/api/kajukatli/getTrackOrder?id=${orderId}`)).json();
    expect(track.status).toBe("Confirmed");
    expect(track.steps.map((s: { label: string; done: boolean }) => [s.label, s.done])).toEqual([
      ["Order placed", true],
      ["Paid at the store counter", true],
      ["Confirmed by the customer", true],
      ["Shipped", false],
      ["Delivered to the store", false],
    ]);
    expect(track.purchaseOrders[0]).toMatchObject({ poid, status: "Pending", warehouseId: 2 });
  });

  it("a confirmed order cannot be cancelled; a pending one is, with its stock back, and leaves the list", async () => {
    const refused = await get(`/api/kajukatli/cancelOrder?id=${orderId}`);
    expect(refused.statusCode).toBe(409);
    const [, , , , e] = products;
    if (!e) throw new Error("no product");
    const placed = (
      await place({ mobileNo: MOBILE, products: [{ id: e.id, qty: 3 }], paymentMode: "UPI" })
    ).json();
    expect((await stockOf(world.database.db, e.id, 2)).stock).toBe(47);
    const cancelled = await get(`/api/kajukatli/cancelOrder?id=${placed.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("Cancelled");
    expect((await stockOf(world.database.db, e.id, 2)).stock).toBe(50);
    const [po] = await world.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.poid, placed.poid));
    expect(po?.status).toBe("Cancelled");
    const pending = (await get("/api/kajukatli/getOrderList?status=Pending")).json();
    expect(pending.map((o: { id: number }) => o.id)).not.toContain(placed.id);
    const gone = (await get("/api/kajukatli/getOrderList?status=Cancelled")).json();
    expect(gone.map((o: { id: number }) => o.id)).toContain(placed.id);
    const receipt = await get(`/api/kajukatli/getReceipt?id=${placed.id}`);
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json().message).toBe(kioskMessages.cancelledNoReceipt);
    const confirm = await get(`/api/kajukatli/confirmOrder?POID=${placed.poid}&id=${placed.id}`);
    expect(confirm.statusCode).toBe(409);
  });

  it("another kiosk store gets 404 for every id of this store", async () => {
    for (const url of [
      `/api/kajukatli/cancelOrder?id=${orderId}`,
      `/api/kajukatli/confirmOrder?POID=${poid}&id=${orderId}`,
      `/api/kajukatli/getReceipt?id=${orderId}`,
      `/api/kajukatli/getTrackOrder?id=${orderId}`,
    ]) {
      const res = await get(url, otherKiosk);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(kioskMessages.orderNotFound);
    }
    expect((await get("/api/kajukatli/getOrderList?status=Confirmed", otherKiosk)).json()).toEqual([]);
  });

  it("refuses bad ids and statuses with 400", async () => {
    expect((await get("/api/kajukatli/getOrderList?status=Shipped")).json().message).toContain(
      "status must be one of Pending, Confirmed, Cancelled",
    );
    expect((await get("/api/kajukatli/getReceipt?id=abc")).statusCode).toBe(400);
    expect((await get("/api/kajukatli/getReceipt?id=99999999999")).statusCode).toBe(400);
    expect((await get("/api/kajukatli/getTrackOrder?id=999999")).statusCode).toBe(404);
  });
});

describe("the kiosk debit limit", () => {
  it("refuses placing when the store's ledger entries sum to a debit over 5000, and writes nothing", async () => {
    const [, , , , , f] = products;
    if (!f) throw new Error("no product");
    const db = world.database.db;
    await db.insert(ledgerEntries).values({
      userId: kioskId,
      ledgerAccount: 1,
      entryDate: "2026-11-01",
      voucherType: "Sales",
      voucherNumber: "TEST-DEBIT-1",
      debit: "5000.01",
      credit: "0",
      description: "test debit",
      sourceKind: "test",
      sourceId: "kiosk-debit-1",
    });
    const count = (await db.select().from(kioskOrders)).length;
    const res = await place({ mobileNo: MOBILE, products: [{ id: f.id, qty: 1 }], paymentMode: "Cash" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Your Debit Balance is Greater than 5000");
    expect((await db.select().from(kioskOrders)).length).toBe(count);
    expect((await stockOf(db, f.id, 2)).stock).toBe(50);
    // a credit brings it back within the limit
    await db.insert(ledgerEntries).values({
      userId: kioskId,
      ledgerAccount: 2,
      entryDate: "2026-11-02",
      voucherType: "Receipt",
      voucherNumber: "TEST-CREDIT-1",
      debit: "0",
      credit: "0.01",
      description: "test credit",
      sourceKind: "test",
      sourceId: "kiosk-credit-1",
    });
    const ok = await place({ mobileNo: MOBILE, products: [{ id: f.id, qty: 1 }], paymentMode: "Cash" });
    expect(ok.statusCode).toBe(200);
  });
});
