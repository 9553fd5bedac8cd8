import { mkdir } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { networkQuiet, signInFromLogin } from "./support";

async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signInFromLogin(page, "admin@demo.in");
  return page;
}

/** Confirms the open dialog and waits for the notice that says what changed. */
async function confirmAndRead(page: Page): Promise<string> {
  // an earlier step's notice may still be showing: wait for one that was not there before
  const notices = page.getByTestId("notice-success");
  const before = new Set(await notices.allTextContents());
  await page.getByTestId("ask-dialog-confirm").click();
  let fresh = "";
  await expect
    .poll(
      async () => {
        fresh = (await notices.allTextContents()).find((text) => !before.has(text)) ?? "";
        return fresh;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return fresh;
}

test("a partner orders, staff part-confirm it, build and ship a load, and the partner is told", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The partner orders 3 units of one company-warehouse product.
  await signInFromLogin(page, "franchisee@demo.in");
  await page.evaluate(async () => {
    await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
  });
  await page.goto("/products/listing?stocktype=OwnedStock&sort=-bestSeller");
  const card = page.getByTestId("product-card").first();
  await card.getByTestId("quantity-select").selectOption("3");
  await card.getByTestId("cart-add").click();
  await expect(card.getByTestId("in-cart")).toBeVisible();
  await page.goto("/checkout");
  await page.getByTestId("place-order-button").click();
  await page.getByTestId("shipping-dialog").getByTestId("shipping-continue").click();
  await page.getByTestId("place-order-dialog").getByTestId("confirm-order-button").click();
  const summary = page.getByTestId("summary-dialog");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const poid = (await summary.getByTestId("summary-order").first().getAttribute("data-poid")) ?? "";
  expect(poid).not.toBe("");
  await summary.getByTestId("summary-close").click();

  // Staff find it in the queue of Pending orders and confirm 2 of the 3 units.
  const staff = await staffPage(browser);
  await staff.getByTestId("account-menu").click();
  await staff.getByRole("menuitem", { name: "Admin Console" }).click();
  await expect(staff.getByTestId("admin-dashboard")).toBeVisible();
  await staff.getByTestId("tile-ordersToConfirm").click();
  await expect(staff).toHaveURL(/\/admin\/orders\?status=Pending/);
  await staff.getByTestId("orders-table").getByRole("link", { name: poid }).click();
  await expect(staff.getByTestId("admin-order")).toBeVisible();
  const qty = staff.locator('[data-testid^="confirm-qty-"]').first();
  await qty.fill("2");
  await staff.getByTestId("order-confirm").click();
  await expect(staff.getByTestId("ask-dialog")).toContainText("Confirm 2 of 3 units");
  expect(await confirmAndRead(staff)).toContain(`Order ${poid} part-confirmed: 2 of 3 units (gap 1)`);
  await expect(staff.getByTestId("admin-order")).toContainText("Confirmed");

  // The loads board: build a load from it, hand it over, ship it.
  await staff.goto("/admin/loads");
  const candidate = staff.getByTestId("load-candidate").filter({ hasText: poid });
  // only this order goes in (the demo history may have other Confirmed orders waiting)
  for (const box of await candidate.getByRole("checkbox").all()) {
    if ((await box.getAttribute("value")) !== poid) await box.uncheck();
  }
  await candidate.getByTestId("build-load").click();
  const built = await confirmAndRead(staff);
  const loadId = /Load (\d+) built/.exec(built)?.[1];
  expect(loadId).toMatch(/^\d+$/);
  await staff.getByTestId(`hand-over-${loadId}`).click();
  await staff.getByTestId("transporter").fill("Blue Dart");
  await staff.getByTestId("docket").fill("BD123456");
  expect(await confirmAndRead(staff)).toContain(`Load ${loadId} handed over to Blue Dart, docket BD123456`);
  await staff.getByTestId(`ship-${loadId}`).click();
  const shipped = await confirmAndRead(staff);
  expect(shipped).toContain(`Load ${loadId} shipped`);
  expect(shipped).toMatch(new RegExp(`orders .*${poid}.* are Shipped`));
  await expect(staff.getByTestId(`deliver-${loadId}`)).toBeVisible();

  // The partner sees both steps in its notifications.
  await page.goto("/notifications");
  await expect(
    // the load may carry other Confirmed orders of the same partner and warehouse from the demo history
    page.getByText(
      new RegExp(`Load ${loadId} \\(.*${poid}.*\\) has shipped with Blue Dart, docket BD123456\\.`),
    ),
  ).toBeVisible();
  await expect(page.getByText("Order part-confirmed").first()).toBeVisible();
});

const SCREENS = [
  "/admin",
  "/admin/orders",
  "/admin/loads",
  "/admin/payments",
  "/admin/sales-returns",
  "/admin/invoices",
  "/admin/waybills",
  "/admin/partners",
  "/admin/partners/new",
  "/admin/ledger",
  "/admin/feedback",
  "/admin/notifications",
  "/admin/audit",
  "/admin/auto-confirm",
  "/admin/reconciliation",
];

test("every admin screen fits 1366, 768 and 390 px without sideways scrolling of the page", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shots = process.env.SHOTS_DIR;
  if (shots) await mkdir(shots, { recursive: true });
  const staff = await staffPage(browser);
  const screens = [...SCREENS];
  // one order and one partner screen too
  await staff.goto("/admin/orders");
  const firstOrder = staff.getByTestId("orders-table").getByRole("link").first();
  await expect(firstOrder).toBeVisible({ timeout: 30_000 });
  screens.push(new URL((await firstOrder.getAttribute("href")) ?? "", "http://x").pathname);
  await staff.goto("/admin/partners");
  const firstPartner = staff.getByTestId("partners-table").locator("tbody a").first();
  await expect(firstPartner).toBeVisible({ timeout: 30_000 });
  screens.push((await firstPartner.getAttribute("href")) ?? "");
  for (const width of [1366, 768, 390]) {
    await staff.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of screens) {
      await staff.goto(path);
      await expect(staff.getByRole("navigation", { name: "Admin Console" })).toBeVisible();
      await networkQuiet(staff);
      const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      if (shots) {
        const name = path.replace(/^\//, "").replace(/[/%]/g, "_") || "admin";
        await staff.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
      }
    }
  }
});
