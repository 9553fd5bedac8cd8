/**
 * The kiosk order's flow at the counter (issue 28): confirm and resend the link from the list, the
 * actions the lifecycle allows and one message for the rest, the refund of a cancelled order, the
 * receipt and GST invoice as PDFs (read back with pdftotext), the receipt mailed through the outbox,
 * and the type-ahead product search by name, id and EAN-13.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { KioskOrder } from "@portal/contracts";
import {
  formatDateTime,
  formatRupees,
  kioskMessages,
  paiseToDecimal,
  productEan,
  toPaise,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { kioskRefunds } from "../../db/schema";
import { fixClock, restoreClock, TEST_NOW } from "../../test/clock";
import { createTestWorld, type TestWorld } from "../../test/harness";
import { newKey, productsOfType, stockOf, stockUp } from "../../test/order-test-kit";
import { type CatalogueProduct, loadCatalogue } from "../../test/test-facts";

let world: TestWorld;
let kiosk: { authorization: string };
let staff: { authorization: string };
let franchisee: { authorization: string };
let products: CatalogueProduct[];
let next = 0;
const PRIYA = "9840012345";
const ARJUN = "9840023456";
const STORE = "Babyhug Kiosk Phoenix Marketcity Chennai";

beforeAll(async () => {
  fixClock();
  world = await createTestWorld({ now: () => new Date() });
  const catalogue = await loadCatalogue(world);
  products = productsOfType(catalogue, "OwnedStock", 32);
  for (const p of products) await stockUp(world.database.db, p.id, 2, 40);
  kiosk = await world.signIn("kiosk@demo.in");
  staff = await world.signIn("admin@demo.in");
  franchisee = await world.signIn("franchisee@demo.in");
  for (const [mobileNo, firstName, email] of [
    [PRIYA, "Priya", "priya.sharma@example.in"],
    [ARJUN, "Arjun", undefined],
  ] as const) {
    const res = await post("/api/kajukatli/registerUser", {
      mobileNo,
      firstName,
      lastName: "Test",
      dob: "1990-05-14",
      ...(email ? { email } : {}),
    });
    expect(res.statusCode).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await world.close();
  restoreClock();
});

const get = (url: string, headers = kiosk) => world.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: object, headers = kiosk) =>
  world.app.inject({ method: "POST", url, headers, payload });
const fresh = () => {
  const p = products[next++];
  if (!p) throw new Error("ran out of products");
  return p;
};

/** A kiosk order placed at the counter for fresh products (2 of the first, 1 of the second). */
async function placeKiosk(
  mobileNo = PRIYA,
  paymentMode = "Card",
  vouchers: { amount: number; qty: number }[] = [],
) {
  const a = fresh();
  const b = fresh();
  const res = await world.app.inject({
    method: "POST",
    url: "/api/kajukatli/placeOrder",
    headers: { ...kiosk, "idempotency-key": newKey() },
    payload: {
      mobileNo,
      products: [
        { id: a.id, qty: 2 },
        { id: b.id, qty: 1 },
      ],
      vouchers,
      paymentMode,
      ...(paymentMode === "Cash" ? {} : { paymentReference: "REF-1" }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { order: res.json() as KioskOrder, a, b };
}

async function listed(status: string, id: number): Promise<KioskOrder | undefined> {
  const list = (await get(`/api/kajukatli/getOrderList?status=${status}`)).json() as KioskOrder[];
  return list.find((o) => o.id === id);
}

function pdfText(body: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kiosk-pdf-"));
  const file = path.join(dir, "doc.pdf");
  writeFileSync(file, body);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
}

const drainMails = () => world.app.backOffice.jobs.drain();

describe("confirming from the list", () => {
  it("offers Confirm on a Pending order in the list, after a reload too, and the receipt follows", async () => {
    const { order } = await placeKiosk();
    // a reload: the list asked again from the server
    const pending = await listed("Pending", order.id);
    expect(pending?.actions).toEqual(["confirm", "resendLink", "track", "cancel"]);
    expect(pending?.delivery).toBe("At the warehouse");
    expect((await get(`/api/kajukatli/getReceipt?id=${order.id}`)).json()).toEqual({
      message: kioskMessages.receiptNotReady,
      code: 740,
    });

    const confirmed = await get(`/api/kajukatli/confirmOrder?POID=${pending?.poid}&id=${pending?.id}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe("Confirmed");
    expect(await listed("Pending", order.id)).toBeUndefined();
    const after = await listed("Confirmed", order.id);
    expect(after?.actions).toEqual(["receipt", "invoice", "email", "track"]);
    const receipt = await get(`/api/kajukatli/getReceipt?id=${order.id}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().totalAmount).toBe(order.totalAmount);
  });
});

describe("resending the acknowledgement link", () => {
  it("mails the customer the link through the outbox and shows what was sent", async () => {
    const { order } = await placeKiosk();
    const sent = await post("/api/kajukatli/resendLink", { id: order.id });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      kind: "link",
      to: "priya.sharma@example.in",
      subject: `Please confirm your order ${order.id} at ${STORE}`,
      attachment: null,
      sentAt: null,
    });
    expect(await drainMails()).toBeGreaterThan(0);
    const mail = await world.lastMail();
    expect(mail).toContain("To: priya.sharma@example.in");
    const link = ackLinkOf(mail);
    expect(link.path).toBe(`/api/kajukatli/acknowledgement/${order.id}`);
    const mails = (await get(`/api/kajukatli/getOrderMails?id=${order.id}`)).json();
    expect(mails.email).toBe("priya.sharma@example.in");
    expect(mails.mails).toHaveLength(1);
    expect(mails.mails[0].sentAt).not.toBeNull();
  });

  it("asks for an address when the customer has none, and keeps the one typed", async () => {
    const { order } = await placeKiosk(ARJUN, "Cash");
    const none = await post("/api/kajukatli/resendLink", { id: order.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(kioskMessages.noEmail);
    const bad = await post("/api/kajukatli/resendLink", { id: order.id, email: "arjun@" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("email must be a valid email address");
    const typed = await post("/api/kajukatli/resendLink", { id: order.id, email: "Arjun.Mehta@Example.in" });
    expect(typed.json().to).toBe("arjun.mehta@example.in");
    expect((await post("/api/kajukatli/getEmailsByMobile", { MobileNo: ARJUN })).json().emails).toEqual([
      "arjun.mehta@example.in",
    ]);
  });

  it("refuses resending once the customer has confirmed", async () => {
    const { order } = await placeKiosk();
    await get(`/api/kajukatli/confirmOrder?POID=${order.poid}&id=${order.id}`);
    const again = await post("/api/kajukatli/resendLink", { id: order.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Kiosk order ${order.id} is already confirmed by the customer.`);
  });
});

/** The signed acknowledgement link in a mail (its text part, quoted-printable decoded). */
function ackLinkOf(mail: string) {
  const text = mail
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const found =
    /http:\/\/portal\.test(\/api\/kajukatli\/acknowledgement\/(\d+))\?expires=(\d+)&signature=([A-Za-z0-9_-]+)/.exec(
      text,
    );
  if (!found) throw new Error("no acknowledgement link in the mail");
  const [, path = "", id = "", expires = "", signature = ""] = found;
  return {
    text,
    path,
    id: Number(id),
    expires,
    signature,
    url: `${path}?expires=${expires}&signature=${signature}`,
  };
}

describe("the signed acknowledgement link (no sign-in)", () => {
  const open = (url: string, method: "GET" | "POST" = "GET") =>
    world.app.inject({
      method,
      url,
      ...(method === "POST"
        ? { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "" }
        : {}),
    });

  it("opens the order without a session, confirms it with the button, then gives the receipt PDF", async () => {
    const { order } = await placeKiosk();
    expect((await post("/api/kajukatli/resendLink", { id: order.id })).statusCode).toBe(200);
    await drainMails();
    const link = ackLinkOf(await world.lastMail());
    expect(link.id).toBe(order.id);
    // good for 7 days from the mail, and the mail says until when
    const until = new Date(Number(link.expires) * 1000);
    expect(formatDateTime(until).slice(0, 10)).toBe("25-11-2026");
    expect(Number(link.expires) * 1000 - Date.now()).toBeGreaterThan(7 * 86_400_000 - 120_000);
    expect(Number(link.expires) * 1000 - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(link.text).toContain(`The link works until ${formatDateTime(until)} (India time).`);

    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain(`Your order ${order.id} at ${STORE}`);
    expect(page.body).toContain(`Total</td><td class="n">${formatRupees(order.totalAmount)}`);
    expect(page.body).toContain("Confirm my order");
    // opening the page confirms nothing (a mail scanner may open it)
    expect((await listed("Pending", order.id))?.status).toBe("Pending");
    const before = await open(link.url.replace(`/${order.id}?`, `/${order.id}/receipt?`));
    expect(before.statusCode).toBe(422);
    expect(before.body).toContain(kioskMessages.receiptNotReady);

    const confirmed = await open(link.url, "POST");
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(link.url);
    expect((await listed("Confirmed", order.id))?.status).toBe("Confirmed");
    const after = await open(link.url);
    expect(after.body).toContain("Download your receipt (PDF)");
    expect(after.body).not.toContain("Confirm my order");
    // confirming again changes nothing
    expect((await open(link.url, "POST")).statusCode).toBe(303);
    const pdf = await open(link.url.replace(`/${order.id}?`, `/${order.id}/receipt?`));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("refuses a changed order, expiry or signature (403) and an expired link (410), with a message", async () => {
    const { order } = await placeKiosk();
    const { order: other } = await placeKiosk();
    await post("/api/kajukatli/resendLink", { id: order.id });
    await drainMails();
    const link = ackLinkOf(await world.lastMail());
    const flipped = `${link.signature.slice(0, -1)}${link.signature.endsWith("A") ? "B" : "A"}`;
    for (const url of [
      `/api/kajukatli/acknowledgement/${other.id}?expires=${link.expires}&signature=${link.signature}`,
      `/api/kajukatli/acknowledgement/${order.id}?expires=${Number(link.expires) + 86_400}&signature=${link.signature}`,
      `/api/kajukatli/acknowledgement/${order.id}?expires=${link.expires}&signature=${flipped}`,
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await open(url, method);
        expect(res.statusCode).toBe(403);
        expect(res.body).toContain(kioskMessages.ackLinkInvalid);
      }
      expect((await open(url.replace("?", "/receipt?"))).statusCode).toBe(403);
    }
    expect((await listed("Pending", other.id))?.status).toBe("Pending");
    expect((await listed("Pending", order.id))?.status).toBe("Pending");
    const missing = await open(`/api/kajukatli/acknowledgement/${order.id}?expires=${link.expires}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("signature");
    // eight days on, the link has expired
    const now = Date.now();
    vi.setSystemTime(now + 8 * 86_400_000);
    try {
      const late = await open(link.url, "POST");
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain(kioskMessages.ackLinkExpired);
    } finally {
      vi.setSystemTime(now);
    }
    expect((await listed("Pending", order.id))?.status).toBe("Pending");
  });
});

describe("cancel only where the lifecycle allows it", () => {
  it("refuses cancelling once the goods are on their way, and once delivered, with the message once", async () => {
    const { order } = await placeKiosk();
    const { desk, loads } = world.app.backOffice;
    // every purchase order of the kiosk order (one per warehouse) goes on one load
    const poids = (await get(`/api/kajukatli/getTrackOrder?id=${order.id}`))
      .json()
      .purchaseOrders.map((p: { poid: string }) => p.poid) as string[];
    for (const poid of poids) await desk.confirm(null, poid, {}, new Date());
    // a load per warehouse; the first on its way already stops the cancel
    const [first, ...rest] = poids;
    const firstLoad = await loads.create(null, { poids: [first ?? ""] }, new Date());
    const onItsWay = await listed("Pending", order.id);
    expect(onItsWay?.delivery).toBe("On its way");
    expect(onItsWay?.actions).toEqual(["confirm", "resendLink", "track"]);
    const moving = await get(`/api/kajukatli/cancelOrder?id=${order.id}`);
    expect(moving.statusCode).toBe(409);
    expect(moving.json().message).toBe(
      `${first} is already on its way: the order can no longer be cancelled.`,
    );

    const call = (url: string, payload: object) =>
      world.app.inject({ method: "POST", url, headers: staff, payload });
    const loadIds = [firstLoad.id];
    for (const poid of rest) loadIds.push((await loads.create(null, { poids: [poid] }, new Date())).id);
    for (const id of loadIds) {
      await loads.handOver(null, id, { transporter: "Gati", docketNo: `GT${id}` }, new Date());
      expect((await call(`/api/admin/loads/${id}/ship`, {})).statusCode).toBe(200);
      expect((await call(`/api/admin/loads/${id}/deliver`, {})).statusCode).toBe(200);
    }
    const delivered = await listed("Pending", order.id);
    expect(delivered?.delivery).toBe("Delivered");
    expect(delivered?.actions).not.toContain("cancel");
    const refused = await get(`/api/kajukatli/cancelOrder?id=${order.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${order.poid} has been delivered to the store: the order can no longer be cancelled.`,
    );
    expect(refused.json().message).not.toContain(kioskMessages.cancelFailed);
    // nothing changed: still Pending, no refund, and it can still be confirmed for its receipt
    expect((await listed("Pending", order.id))?.refund).toBeNull();
    expect((await get(`/api/kajukatli/confirmOrder?POID=${order.poid}&id=${order.id}`)).statusCode).toBe(200);
  });

  it("refuses cancelling a Confirmed order in the lifecycle's words", async () => {
    const { order } = await placeKiosk();
    await get(`/api/kajukatli/confirmOrder?POID=${order.poid}&id=${order.id}`);
    const res = await get(`/api/kajukatli/cancelOrder?id=${order.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A Confirmed kiosk order cannot become Cancelled.");
  });
});

describe("the refund of a cancelled paid order", () => {
  it("records the whole amount paid, the mode chosen, when and by whom, shown on the order", async () => {
    const { order, a, b } = await placeKiosk(PRIYA, "Card", [{ amount: 500, qty: 1 }]);
    const paid = toPaise(a.mrp) * 2n + toPaise(b.mrp) + 50_000n;
    expect(toPaise(order.totalAmount)).toBe(paid);
    const at = new Date();
    const res = await get(
      `/api/kajukatli/cancelOrder?id=${order.id}&refundMode=Cash&refundReference=Counter%201`,
    );
    expect(res.statusCode).toBe(200);
    const cancelled = res.json() as KioskOrder;
    expect(cancelled.status).toBe("Cancelled");
    expect(cancelled.refund).toMatchObject({
      amount: paiseToDecimal(paid),
      mode: "Cash",
      reference: "Counter 1",
      refundedBy: STORE,
    });
    const refundedAt = Date.parse(cancelled.refund?.refundedAt ?? "");
    expect(refundedAt).toBeGreaterThanOrEqual(at.getTime());
    expect(refundedAt - TEST_NOW.getTime()).toBeLessThan(10 * 60_000);
    expect((await listed("Cancelled", order.id))?.refund?.amount).toBe(paiseToDecimal(paid));
    expect((await listed("Cancelled", order.id))?.actions).toEqual(["track"]);
    const rows = await world.database.db
      .select()
      .from(kioskRefunds)
      .where(eq(kioskRefunds.kioskOrderId, order.id));
    expect(rows).toHaveLength(1);
    expect(toPaise(rows[0]?.amount ?? "0")).toBe(paid);
    // cancelling again changes nothing and records no second refund
    const again = await get(`/api/kajukatli/cancelOrder?id=${order.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("The kiosk order is already Cancelled.");
  });

  it("pays back by the mode paid unless told otherwise, and refuses an unknown mode", async () => {
    const { order } = await placeKiosk(PRIYA, "UPI");
    const bad = await get(`/api/kajukatli/cancelOrder?id=${order.id}&refundMode=Cheque`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("refundMode must be one of Cash, Card, UPI");
    const res = await get(`/api/kajukatli/cancelOrder?id=${order.id}`);
    expect(res.json().refund).toMatchObject({ amount: order.totalAmount, mode: "UPI", reference: null });
  });
});

describe("the receipt and the GST invoice as PDFs, and the receipt by mail", () => {
  let order: KioskOrder;
  let a: CatalogueProduct;

  beforeAll(async () => {
    const placed = await placeKiosk(PRIYA, "Card", [{ amount: 250, qty: 2 }]);
    order = placed.order;
    a = placed.a;
  });

  it("answers 422 (740) for a Pending order's receipt PDF and 409 for its invoice", async () => {
    const receipt = await get(`/api/kajukatli/getReceipt/pdf?id=${order.id}`);
    expect(receipt.statusCode).toBe(422);
    expect(receipt.json()).toEqual({ message: kioskMessages.receiptNotReady, code: 740 });
    const invoice = await get(`/api/kajukatli/getInvoice?id=${order.id}`);
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe(kioskMessages.receiptNotReady);
  });

  it("gives the confirmed order's receipt as a PDF with its lines, voucher codes and total", async () => {
    await get(`/api/kajukatli/confirmOrder?POID=${order.poid}&id=${order.id}`);
    const res = await get(`/api/kajukatli/getReceipt/pdf?id=${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const receiptNo = `KR${String(order.id).padStart(6, "0")}`;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${receiptNo}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain(STORE);
    expect(text).toContain(`Receipt No: ${receiptNo}`);
    expect(text).toContain(`GV250-${order.id}-01`);
    expect(text).toMatch(
      new RegExp(`Total paid\\s+${formatRupees(order.totalAmount).replace(/[.₹]/g, "\\$&")}`),
    );
  });

  it("gives the GST invoice: totals that add up to exactly what was paid, within Tamil Nadu", async () => {
    const res = await get(`/api/kajukatli/getInvoice?id=${order.id}`);
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(inv.invoiceNo).toBe(`KI${String(order.id).padStart(6, "0")}`);
    expect(inv.regime).toBe("CGST/SGST");
    expect(inv.seller).toMatchObject({ name: STORE, state: "Tamil Nadu" });
    expect(inv.totals.total).toBe(order.totalAmount);
    expect(inv.totals.vouchers).toBe("500.00");
    expect(inv.totals.igst).toBe("0.00");
    const t = inv.totals;
    expect(
      toPaise(t.taxable) + toPaise(t.cgst) + toPaise(t.sgst) + toPaise(t.vouchers) + toPaise(t.roundOff),
    ).toBe(toPaise(order.totalAmount));
    expect(toPaise(t.cgst) + toPaise(t.sgst)).toBe(toPaise(t.tax));
    expect(Math.abs(Number(t.roundOff))).toBeLessThan(0.05);
    const first = inv.lines[0];
    expect(first).toMatchObject({ kind: "product", qty: 2, hsnCode: a.hsnCode });
    // the engine's line: taxable × rate half up, split CGST/SGST with the odd paisa to CGST
    const rate = BigInt(Math.round(Number(first.gstRate) * 100));
    const tax = (toPaise(first.taxable) * rate * 2n + 10000n) / 20000n;
    expect(toPaise(first.cgst) + toPaise(first.sgst)).toBe(tax);

    const pdf = await get(`/api/kajukatli/getInvoice/pdf?id=${order.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Tax Invoice");
    expect(text).toContain(`Invoice No: ${inv.invoiceNo}`);
    expect(text).toContain("CGST");
    expect(text).toMatch(
      new RegExp(`Invoice total\\s+${formatRupees(order.totalAmount).replace(/[.₹]/g, "\\$&")}`),
    );
  });

  it("mails the receipt with its PDF attached through the outbox and shows what was sent", async () => {
    const res = await post("/api/kajukatli/emailReceipt", { id: order.id });
    expect(res.statusCode).toBe(200);
    const receiptNo = `KR${String(order.id).padStart(6, "0")}`;
    expect(res.json()).toMatchObject({
      kind: "receipt",
      to: "priya.sharma@example.in",
      subject: `Your receipt ${receiptNo} from ${STORE}`,
      attachment: `${receiptNo}.pdf`,
    });
    await drainMails();
    const mail = await world.lastMail();
    expect(mail).toContain("To: priya.sharma@example.in");
    expect(mail).toContain("Content-Type: application/pdf");
    expect(mail).toContain(`filename=${receiptNo}.pdf`);
    const sent = (await get(`/api/kajukatli/getOrderMails?id=${order.id}`)).json();
    expect(sent.mails[0]).toMatchObject({ kind: "receipt", attachment: `${receiptNo}.pdf` });
    expect(sent.mails[0].sentAt).not.toBeNull();
  });

  it("refuses mailing a Pending order's receipt", async () => {
    const { order: pending } = await placeKiosk();
    const res = await post("/api/kajukatli/emailReceipt", { id: pending.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(kioskMessages.receiptNotReady);
  });
});

describe("product search by name, id and barcode", () => {
  it("finds a product by a word of its name, by its id and by its EAN-13", async () => {
    const p = products[23];
    if (!p) throw new Error("no product");
    const word = p.name.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? p.name;
    const byName = (await get(`/api/kajukatli/searchProducts?q=${encodeURIComponent(word)}`)).json();
    expect(byName.hits.length).toBeGreaterThan(0);
    for (const hit of byName.hits) expect(hit.ean).toBe(productEan(hit.id));
    const ean = productEan(p.id);
    // its stock at MRP in the kiosk's warehouses (2 and 7)
    const db = world.database.db;
    const stock = (await stockOf(db, p.id, 2)).stock + (await stockOf(db, p.id, 7)).stock;
    const byEan = (await get(`/api/kajukatli/searchProducts?q=${ean}`)).json();
    expect(byEan.hits).toEqual([expect.objectContaining({ id: p.id, name: p.name, ean, mrp: p.mrp, stock })]);
    expect((await get(`/api/kajukatli/searchProducts?q=${p.id}`)).json().hits[0].id).toBe(p.id);
  });

  it("says so for an unknown barcode or too short a search, and is for kiosk stores only", async () => {
    const unknown = await get("/api/kajukatli/searchProducts?q=4006381333931");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No product of yours has the barcode 4006381333931.");
    const short = await get("/api/kajukatli/searchProducts?q=a");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(kioskMessages.productSearchShort);
    const other = await get("/api/kajukatli/searchProducts?q=romper", franchisee);
    expect(other.statusCode).toBe(403);
  });
});
