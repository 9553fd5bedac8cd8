import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, outboxDir, shoot, signInFromLogin } from "./support";

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A product of the kiosk's own warehouses with stock to sell, and a word of its name to search by. */
async function productToSell(request: APIRequestContext, kiosk: { authorization: string }) {
  const listing = await (
    await request.post("/api/listing/b2b", {
      headers: kiosk,
      data: { filters: [{ key: "stocktype", values: ["OwnedStock"] }], size: 50 },
    })
  ).json();
  const product = listing.products.find(
    (p: { totalStock: number; name: string }) =>
      p.totalStock >= 5 && p.name.split(/\s+/).some((w) => /^[A-Za-z]{5,}$/.test(w)),
  ) as { id: number; name: string; mrp: string } | undefined;
  if (!product) throw new Error("no product the kiosk can sell");
  return product;
}

/** The list's row of a kiosk order (a labelled card on a phone). */
const rowOf = (page: Page, id: number) =>
  page.getByTestId("kiosk-row").filter({ hasText: new RegExp(`Order ${id}(?!\\d)`) });

/** Picks a date of birth in the calendar: the field opens on decades; back to the year's, then year, month, day. */
async function pickBirthday(page: Page, day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1, 1));
  const name = (style: "short" | "long") => first.toLocaleString("en-US", { month: style, timeZone: "UTC" });
  await page.getByLabel("Date of birth", { exact: true }).click();
  const yearButton = page.getByRole("button", { name: String(year), exact: true });
  for (let i = 0; i < 12 && !(await yearButton.isVisible()); i++)
    await page.getByRole("button", { name: "Previous decade" }).click();
  await yearButton.click();
  await page.getByRole("button", { name: name("short"), exact: true }).click();
  await page.getByRole("button", { name: `${date} ${name("long")} ${year}`, exact: true }).click();
  await expect(page.getByLabel("Date of birth", { exact: true })).toHaveText(
    day.split("-").reverse().join("-"),
  );
}

test("a kiosk order is placed, confirmed from the list after a reload, and its receipt downloaded", async ({
  page,
  request,
}) => {
  const kiosk = await tokenOf(request, "kiosk@demo.in");
  const product = await productToSell(request, kiosk);
  const word = product.name.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w)) ?? product.name;
  const mobile = `97${String(Date.now()).slice(-8)}`;

  await signInFromLogin(page, "kiosk@demo.in");
  await page.goto("/account/kioskConfirmation");
  await page.getByTestId("kiosk-new").click();
  const form = page.getByTestId("kiosk-new-order");
  await form.getByTestId("kiosk-mobile").fill(mobile);
  await form.getByTestId("kiosk-find").click();
  await expect(form.getByTestId("kiosk-customer-state")).toHaveText("New customer: register them.");
  await form.getByLabel("First name").fill("Anjali");
  await form.getByLabel("Last name").fill("Rao");
  await pickBirthday(page, "1993-04-21");
  await form.getByTestId("kiosk-save-customer").click();
  await expect(page.getByTestId("notice-success").last()).toContainText("Customer registered.");

  // type-ahead by name: the product is picked from the suggestions
  await form.getByTestId("kiosk-product-id").fill(word);
  const option = page.getByRole("option").filter({ hasText: `id ${product.id} ` });
  await option.first().click();
  await expect(form.getByTestId("kiosk-line")).toContainText(`(${product.id})`);
  await form.getByTestId("kiosk-place").click();
  const placed = page.getByTestId("kiosk-placed");
  await expect(placed).toContainText("paid by Cash at the store counter");
  const link = await placed.getByTestId("kiosk-ack-link").getAttribute("href");
  const orderId = Number(link?.split("/").at(-1));
  expect(orderId).toBeGreaterThan(0);
  await placed.getByRole("button", { name: "Done" }).click();

  // after a reload the Pending order still offers Confirm
  await page.reload();
  await expect(page).toHaveURL(/status=Pending/);
  const row = rowOf(page, orderId);
  await expect(row).toContainText("Anjali Rao");
  await expect(row.getByRole("button", { name: "Receipt" })).toHaveCount(0);
  await row.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("notice-success").last()).toContainText(
    `Kiosk order ${orderId} confirmed: its receipt is ready.`,
  );
  await expect(rowOf(page, orderId)).toHaveCount(0);

  await page.getByTestId("kiosk-tab-Confirmed").click();
  const confirmed = rowOf(page, orderId);
  await confirmed.getByRole("button", { name: "Receipt" }).click();
  const receiptNo = `KR${String(orderId).padStart(6, "0")}`;
  await expect(page.getByTestId("kiosk-receipt")).toContainText(receiptNo);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("kiosk-receipt-pdf").click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${receiptNo}.pdf`);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 5).toString()).toBe("%PDF-");
  await page.keyboard.press("Escape");

  // the GST invoice popup shows its totals, the total being what was paid
  await confirmed.getByRole("button", { name: `More actions for kiosk order ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "GST invoice" }).click();
  await expect(page.getByTestId("kiosk-invoice-total")).toContainText("Invoice total");
  await expect(page.getByTestId("kiosk-invoice")).toContainText("CGST");
});

test("cancel is not offered on a delivered kiosk order, and the server refuses it once", async ({
  page,
  request,
}) => {
  const kiosk = await tokenOf(request, "kiosk@demo.in");
  const staff = await tokenOf(request, "admin@demo.in");
  const product = await productToSell(request, kiosk);
  const placedRes = await request.post("/api/kajukatli/placeOrder", {
    headers: { ...kiosk, "Idempotency-Key": `e2e-${Date.now()}` },
    data: { mobileNo: "9840012345", products: [{ id: product.id, qty: 1 }], paymentMode: "UPI" },
  });
  expect(placedRes.status()).toBe(200);
  const order = await placedRes.json();
  // the warehouse ships and delivers every purchase order of it
  const track = await (
    await request.get(`/api/kajukatli/getTrackOrder?id=${order.id}`, { headers: kiosk })
  ).json();
  for (const { poid } of track.purchaseOrders as { poid: string }[]) {
    expect(
      (await request.post(`/api/admin/orders/${poid}/confirm`, { headers: staff, data: {} })).status(),
    ).toBe(200);
    const load = await (
      await request.post("/api/admin/loads", { headers: staff, data: { poids: [poid] } })
    ).json();
    const handOver = await request.post(`/api/admin/loads/${load.id}/hand-over`, {
      headers: staff,
      data: { transporter: "Gati", docketNo: `GT${load.id}` },
    });
    expect(handOver.status()).toBe(200);
    expect(
      (await request.post(`/api/admin/loads/${load.id}/ship`, { headers: staff, data: {} })).status(),
    ).toBe(200);
    expect(
      (await request.post(`/api/admin/loads/${load.id}/deliver`, { headers: staff, data: {} })).status(),
    ).toBe(200);
  }

  await signInFromLogin(page, "kiosk@demo.in");
  await page.goto("/account/kioskConfirmation?status=Pending");
  const row = rowOf(page, order.id);
  await expect(row).toContainText("Goods: delivered");
  await row.getByRole("button", { name: `More actions for kiosk order ${order.id}` }).click();
  await expect(page.getByRole("menuitem", { name: "Resend confirmation link" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Cancel order" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const refused = await request.get(`/api/kajukatli/cancelOrder?id=${order.id}`, { headers: kiosk });
  expect(refused.status()).toBe(409);
  const { message } = await refused.json();
  expect(message).toBe(
    `${track.purchaseOrders[0].poid} has been delivered to the store: the order can no longer be cancelled.`,
  );
  expect(message).not.toContain("Failed to Cancel Order.");
});

/** The signed acknowledgement link of the newest mail to this address (its text part, quoted-printable decoded). */
async function ackLinkFor(email: string): Promise<string | null> {
  // the outbox folder is made with the first mail
  const files = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml") && f.includes(email))
    .sort();
  const last = files.at(-1);
  if (!last) return null;
  const text = (await readFile(path.join(outboxDir, last), "utf8"))
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return (
    /http:\/\/[^\s"<>]+\/api\/kajukatli\/acknowledgement\/\d+\?expires=\d+&signature=[A-Za-z0-9_-]+/.exec(
      text,
    )?.[0] ?? null
  );
}

test("the customer confirms from the mailed link without signing in, and a changed link is refused", async ({
  browser,
  request,
}) => {
  const kiosk = await tokenOf(request, "kiosk@demo.in");
  const product = await productToSell(request, kiosk);
  const placed = await request.post("/api/kajukatli/placeOrder", {
    headers: { ...kiosk, "Idempotency-Key": `e2e-ack-${Date.now()}` },
    data: { mobileNo: "9840012345", products: [{ id: product.id, qty: 1 }], paymentMode: "UPI" },
  });
  expect(placed.status()).toBe(200);
  const order = await placed.json();
  const email = `ack-${Date.now()}@example.in`;
  const sent = await request.post("/api/kajukatli/resendLink", {
    headers: kiosk,
    data: { id: order.id, email },
  });
  expect(sent.status()).toBe(200);
  // the job runner sends it through the outbox
  await expect.poll(() => ackLinkFor(email), { timeout: 30_000 }).not.toBeNull();
  const link = (await ackLinkFor(email)) ?? "";
  expect(link).toContain(`/api/kajukatli/acknowledgement/${order.id}?`);

  // a browser with no session, on a phone
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`Your order ${order.id} at `));
  await expect(page.getByText("Total")).toBeVisible();
  // nothing sideways on the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "kiosk-ack-pending");
  await page.getByRole("button", { name: "Confirm my order" }).click();
  await expect(page.getByText(/^Confirmed on .*Thank you!$/)).toBeVisible();
  const receipt = page.getByRole("link", { name: "Download your receipt (PDF)" });
  await expect(receipt).toBeVisible();
  await shoot(page, "kiosk-ack-confirmed");
  const pdf = await request.get(new URL((await receipt.getAttribute("href")) ?? "", link).toString());
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // the store's list shows it confirmed
  const list = await (
    await request.get("/api/kajukatli/getOrderList?status=Confirmed", { headers: kiosk })
  ).json();
  expect(list.some((o: { id: number }) => o.id === order.id)).toBe(true);

  // another order's id under the same signature is refused with a message
  const changed = link.replace(`/acknowledgement/${order.id}?`, `/acknowledgement/${order.id + 1}?`);
  const refused = await page.goto(changed);
  expect(refused?.status()).toBe(403);
  await expect(
    page.getByText("This link is not valid: it may have been changed or cut short."),
  ).toBeVisible();
  await shoot(page, "kiosk-ack-refused");
  await context.close();
});
