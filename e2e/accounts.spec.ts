import { expect, test } from "@playwright/test";
import { signInFromLogin } from "./support";

/** My Account entries each demo account should see, in order (the spec's order and insertions). */
const WAYBILL = /^Waybill\d*$/; // with the count of open WH requests, when there are some
const BASE: (string | RegExp)[] = [
  "Order History",
  "Load History",
  "SR Details",
  WAYBILL,
  "Discount File",
  "VM E-book",
  "Store Music & AV Commercial",
  "Artworks & Creatives",
  "Brand Contacts",
  "Policies",
  "POS Release Notes",
  "Kiosk Confirmation",
];
// Saved lists, then Training and Lookbooks under "Learn", before Logout
const END = ["Change Password", "Saved lists", "Training", "Lookbooks", "Logout"];
// a store's owner also manages the store's team and its order requests (issue 30); staff have no team
const OWNER_END = [
  "Change Password",
  "Saved lists",
  "Team",
  "Order requests",
  "Training",
  "Lookbooks",
  "Logout",
];
const withArsAndLedger = [...BASE.slice(0, 2), "ARS Report", ...BASE.slice(2, 4), "Ledger", ...BASE.slice(4)];

const cases: [string, (string | RegExp)[]][] = [
  [
    "franchisee@demo.in",
    ["Dashboard", ...withArsAndLedger, "Confirm Payment", "C-Form", "Store Performance", ...OWNER_END],
  ],
  ["stockist@demo.in", ["Dashboard", ...BASE, "Confirm Payment", ...OWNER_END]],
  ["kiosk@demo.in", ["Dashboard", ...BASE, "Confirm Payment", ...OWNER_END]],
  // COCO has the ledger on in the demo world (its DN120 and DN180 notes show there).
  ["coco@demo.in", ["Dashboard", ...withArsAndLedger, "Confirm Payment", ...OWNER_END]],
  ["admin@demo.in", [...withArsAndLedger, "Confirm Payment", "Store Performance", "Admin Console", ...END]],
];

for (const [email, expected] of cases) {
  test(`${email} signs in and sees its own My Account menu`, async ({ page }) => {
    await signInFromLogin(page, email);
    await expect(page).toHaveTitle("Home | Partner Portal");
    await page.getByTestId("account-menu").click();
    const items = page.getByTestId("account-menu-dropdown").getByRole("menuitem");
    await expect(items).toHaveText(expected);
  });
}

test("a food-licence user sees only the two food categories in the menu", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.getByTestId("category-menu").click();
  const menu = page.getByTestId("category-menu-dropdown");
  await expect(menu.getByRole("link", { name: "Baby Food & Infant Formula", exact: true })).toBeVisible();
  await expect(
    menu.getByRole("link", { name: "Kids Food & Nutritional Supplements", exact: true }),
  ).toBeVisible();
  await expect(menu.getByRole("link", { name: "Boys Clothing", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Diapering", exact: true })).toHaveCount(0);
});

test("an account entry opens its screen", async ({ page }) => {
  await signInFromLogin(page, "stockist@demo.in");
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Policies" }).click();
  await expect(page).toHaveURL(/\/account\/policies$/);
  await expect(page).toHaveTitle("Policies | Partner Portal");
  await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
});

test("opening a notification marks it read, removes it and goes to its target", async ({ page }) => {
  await signInFromLogin(page, "coco@demo.in");
  const bell = page.getByTestId("notifications-button");
  await bell.click();
  const items = page.getByTestId("notification-item");
  // the menu's code loads on first use: count once its first notice is shown
  await expect(items.first()).toBeVisible();
  const before = await items.count();
  expect(before).toBeGreaterThan(0);
  const title = (await items.first().locator("p, span").first().textContent())?.trim() ?? "";
  const marked = page.waitForResponse(
    (r) => r.request().method() === "PUT" && /\/api\/notifications\/\d+$/.test(r.url()),
  );
  await items.first().click();
  expect((await marked).status()).toBe(200);
  await expect(page).not.toHaveURL(/\/home$/);
  await page.getByTestId("notifications-button").click();
  await expect(page.getByTestId("notification-item")).toHaveCount(before - 1);
  if (title)
    await expect(page.getByTestId("notifications-dropdown").getByText(title, { exact: true })).toHaveCount(0);
});

test("Logout signs out and a protected page then asks for sign-in", async ({ page }) => {
  await signInFromLogin(page, "kiosk@demo.in");
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);
});
