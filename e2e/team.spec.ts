import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, dismissNotices, outboxDir, shoot, signInFromLogin } from "./support";

/** The set-password link of the newest invitation mailed to this address (quoted-printable decoded). */
async function inviteLinkFor(email: string): Promise<string | null> {
  const files = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml") && f.includes(email))
    .sort();
  const last = files.at(-1);
  if (!last) return null;
  const text = (await readFile(path.join(outboxDir, last), "utf8"))
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return /http:\/\/[^\s"<>]+\/team\/invite\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? null;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

/** The My Account menu's entries, as the signed-in person sees them. */
async function menuEntries(page: Page): Promise<string[]> {
  await page.getByTestId("account-menu").click();
  const items = page.getByTestId("account-menu-dropdown").getByRole("menuitem");
  await expect(items.first()).toBeVisible();
  const names = (await items.allTextContents()).map((t) => t.trim());
  await page.keyboard.press("Escape");
  return names;
}

const PASSWORD = "Welcome123";

/**
 * Staff confirm the order, build its load, hand it over, generate its e-way bill when its value needs
 * one, and ship it: the order then has a tax invoice the store can pay.
 */
async function shipAsStaff(request: APIRequestContext, poid: string) {
  const signIn = await request.post("/api/auth/local", {
    data: { email: "admin@demo.in", password: DEMO_PASSWORD },
  });
  const staff = { authorization: `Bearer ${(await signIn.json()).token}` };
  const confirmed = await request.post(`/api/admin/orders/${poid}/confirm`, { headers: staff, data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const built = await request.post("/api/admin/loads", { headers: staff, data: { poids: [poid] } });
  expect(built.status(), await built.text()).toBe(200);
  const load = await built.json();
  const handedOver = await request.post(`/api/admin/loads/${load.id}/hand-over`, {
    headers: staff,
    data: { transporter: "Blue Dart", docketNo: `TEAM${Date.now() % 1_000_000}` },
  });
  expect(handedOver.status(), await handedOver.text()).toBe(200);
  const ewayBill = await (
    await request.get(`/api/admin/loads/${load.id}/ewaybill`, { headers: staff })
  ).json();
  if (ewayBill.state === "needed") {
    const generated = await request.post(`/api/admin/loads/${load.id}/ewaybill`, { headers: staff });
    expect(generated.status(), await generated.text()).toBe(200);
  }
  const shipped = await request.post(`/api/admin/loads/${load.id}/ship`, { headers: staff, data: {} });
  expect(shipped.status(), await shipped.text()).toBe(200);
}

test("an owner invites a buyer, the buyer's order above the limit is approved from a notification, the accountant pays", async ({
  page,
  browser,
  request: api,
}) => {
  test.setTimeout(300_000);
  const email = `meera.${Date.now() % 1_000_000}@example.com`;

  // The owner invites a buyer with a limit of ₹1,000.
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(page.getByTestId("team-row").filter({ hasText: "buyer@demo.in" })).toContainText("Active");
  await page.getByRole("button", { name: "Invite a person" }).click();
  const form = page.getByTestId("invite-form");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("textbox", { name: "First name" }).fill("Meera");
  await form.getByRole("textbox", { name: "Last name" }).fill("Joshi");
  await form.getByRole("textbox", { name: "Approval limit (₹)" }).fill("1000");
  await shoot(page, "team-invite-dialog");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId("notice-success")).toContainText(
    `Invitation sent to ${email}. The link works for 72 hours.`,
  );
  const invited = page.getByTestId("team-row").filter({ hasText: email });
  await expect(invited).toContainText("Invited");
  await expect(invited).toContainText("₹1,000.00");
  await dismissNotices(page);
  await shoot(page, "team-page");

  // The invitation's link, from the mail in the outbox.
  let link: string | null = null;
  await expect
    .poll(async () => {
      link = await inviteLinkFor(email);
      return link;
    })
    .not.toBeNull();

  // The buyer opens it, starts typing, reloads: the page still knows the store and the role.
  const buyer = await newPage(browser);
  await buyer.goto(link ?? "");
  const info = buyer.getByTestId("invite-info");
  await expect(info).toContainText("Hello Meera, you are invited to Babyhug FC Camp Pune as Buyer.");
  await buyer.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await buyer.reload();
  await expect(info).toContainText("as Buyer");
  await expect(buyer.getByLabel("Password", { exact: true })).toHaveValue("");
  await shoot(buyer, "team-invite-page");
  await buyer.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await buyer.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await buyer.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(buyer).toHaveURL(/\/home$/);

  // A buyer sees no Ledger and no Team; their order requests are listed.
  const entries = await menuEntries(buyer);
  expect(entries).not.toContain("Ledger");
  expect(entries).not.toContain("Team");
  expect(entries).not.toContain("Confirm Payment");
  expect(entries).toContain("Order requests");
  expect(entries).toContain("Order History");
  // the ledger opened directly says why it is not there
  await buyer.goto("/account/ledger");
  await expect(buyer.getByTestId("role-denied")).toContainText(
    "Your role (Buyer) cannot see the store's accounts.",
  );
  await shoot(buyer, "team-role-denied");

  // The buyer adds products worth more than ₹1,000 and places the order: it goes for approval.
  await buyer.goto("/products/listing?stocktype=OwnedStock&sort=-bestSeller");
  const card = buyer.getByTestId("product-card").first();
  const select = card.getByTestId("quantity-select");
  const largest = await select.evaluate((el) =>
    Array.from((el as HTMLSelectElement).options)
      .map((o) => o.value)
      .filter((v) => /^\d+$/.test(v))
      .at(-1),
  );
  await select.selectOption(largest ?? "1");
  await card.getByTestId("cart-add").click();
  await expect(card.getByTestId("in-cart")).toBeVisible();
  await buyer.goto("/checkout");
  await buyer.getByTestId("place-order-button").click();
  await buyer.getByTestId("shipping-dialog").getByTestId("shipping-continue").click();
  await buyer.getByTestId("place-order-dialog").getByTestId("confirm-order-button").click();
  const requested = buyer.getByTestId("approval-requested");
  await expect(requested).toBeVisible({ timeout: 30_000 });
  await expect(buyer.getByTestId("approval-message")).toContainText(
    "is above your approval limit of ₹1,000.00. It has been sent to",
  );
  await shoot(buyer, "team-approval-requested");
  await requested.getByRole("button", { name: "Back to the cart" }).click();
  // the cart is kept
  await expect(buyer.getByTestId("cart-line")).toHaveCount(1);
  await buyer.goto("/account/requests");
  const mine = buyer.getByTestId("order-request").first();
  await expect(mine).toContainText("Waiting for approval");
  await expect(mine.getByRole("button", { name: "Approve and place" })).toHaveCount(0);
  const total = (await mine.getByTestId("request-total").textContent())?.trim() ?? "";
  expect(total).toMatch(/^₹[\d,]+\.\d{2}$/);

  // The owner sees the notification, opens Order requests from it, and approves.
  await page.goto("/home");
  await page.reload();
  await page.getByTestId("notifications-button").click();
  const notice = page.getByTestId("notification-item").filter({ hasText: `Meera Joshi asks you to approve` });
  await expect(notice.first()).toContainText(total);
  await notice.first().click();
  await expect(page).toHaveURL(/\/account\/requests$/);
  const request = page.getByTestId("order-request").filter({ hasText: "Meera Joshi" }).first();
  await expect(request.getByTestId("request-total")).toHaveText(total);
  await shoot(page, "team-requests-owner");
  await request.getByRole("button", { name: "Approve and place" }).click();
  await expect(page.getByTestId("notice-success")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("requests-filter").click();
  await page.getByRole("option", { name: "Approved" }).click();
  const approved = page.getByTestId("order-request").filter({ hasText: "Meera Joshi" }).first();
  await expect(approved).toContainText("Approved");
  const poid = (
    (await approved.getByTestId("request-orders").getByRole("link").first().textContent()) ?? ""
  ).trim();
  expect(poid).not.toBe("");

  // The buyer finds the order in order history, placed by them.
  await buyer.goto("/account/requests");
  await expect(buyer.getByTestId("order-request").first()).toContainText("Approved");
  await shoot(buyer, "team-requests-buyer");
  await buyer.goto("/account/orderHistory");
  const row = buyer.locator("tr", { hasText: poid });
  await expect(row).toContainText("Placed by Meera Joshi (Buyer)", { timeout: 30_000 });
  await buyer.goto(`/account/orderDetails/${poid}`);
  await expect(buyer.getByTestId("placed-by")).toHaveText("Meera Joshi (Buyer)", { timeout: 30_000 });

  // Staff ship it; the accountant cannot see the cart, and pays it on Confirm Payment.
  await shipAsStaff(api, poid);
  const accounts = await newPage(browser);
  await signInFromLogin(accounts, "accounts@demo.in");
  await expect(accounts.getByTestId("cart-button")).toHaveCount(0);
  await accounts.goto("/checkout");
  await expect(accounts.getByTestId("role-denied")).toContainText(
    "Your role (Accounts) cannot use the cart or place orders.",
  );
  await accounts.goto("/account/confirmPayment");
  const first = accounts.getByTestId("pending-orders").locator("tbody tr", { hasText: poid });
  await expect(first).toBeVisible({ timeout: 20_000 });
  await first.getByRole("checkbox").check();
  const payable = ((await first.getByTestId("amount-payable").textContent()) ?? "").replace(/[^\d.]/g, "");
  const reference = `UTRTEAM${Date.now() % 1_000_000}`;
  await accounts.getByRole("textbox", { name: "Amount paid (₹)" }).fill(payable);
  await accounts.getByRole("textbox", { name: "Payment mode" }).click();
  await accounts.getByRole("option", { name: "RTGS" }).click();
  await accounts.getByRole("textbox", { name: "Reference no." }).fill(reference);
  await accounts.getByRole("button", { name: "Confirm payment" }).click();
  await expect(accounts.getByRole("status")).toHaveText(
    `Your payment is confirmed with reference no. ${reference}. It will be credited to your ledger once approved.`,
  );
  await expect(accounts.getByTestId(`payment-${reference}`)).toContainText("Waiting for approval");
});

test("an invitation link that does not work says so", async ({ page }) => {
  await page.goto("/team/invite/no-such-invitation");
  await expect(page.getByTestId("invite-invalid")).toHaveText(
    "This invitation link is not valid: it may have expired or been used already. Ask the store's owner to send a new one.",
  );
  await shoot(page, "team-invite-invalid");
});
