import { expect, test } from "@playwright/test";
import { signIn, signInFromLogin } from "./support";

test("a wrong password shows the spec's message and keeps the user signed out", async ({ page }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("Login | Partner Portal");
  await signIn(page, "stockist@demo.in", "Wrong@12345");
  await expect(page.getByTestId("login-error")).toHaveText("The email or password you entered is incorrect.");
  await page.goto("/home");
  await expect(page).toHaveURL(/\/login/);
});

test("a protected address survives sign-in", async ({ page }) => {
  await page.goto("/account/orderHistory?status=Pending");
  await expect(page).toHaveURL(/\/login\?ref=/);
  await signIn(page, "stockist@demo.in");
  await expect(page).toHaveURL(/\/account\/orderHistory\?status=Pending$/);
  await expect(page).toHaveTitle("Order History | Partner Portal");
});

test("unknown paths go to login", async ({ page }) => {
  await page.goto("/no/such/screen");
  await expect(page).toHaveURL(/\/login/);
});

test("a 401 mid-session returns to login and then back to the page", async ({ page }) => {
  await signInFromLogin(page, "coco@demo.in");
  await page.goto("/settings");
  await expect(page).toHaveTitle("Change Password | Partner Portal");
  // The server ends every session of this user (as an expiry or a sign-out elsewhere would).
  const status = await page.evaluate(async () => {
    const token = localStorage.getItem("portal.token");
    const res = await fetch("/api/auth/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    return res.status;
  });
  expect(status).toBe(200);
  // The next call answers 401: the token is cleared and the user lands on login with the address kept.
  await page.getByTestId("notifications-button").click();
  await page.reload();
  await expect(page).toHaveURL(/\/login\?ref=%2Fsettings|\/login\?ref=\/settings/);
  expect(await page.evaluate(() => localStorage.getItem("portal.token"))).toBeNull();
  await signIn(page, "coco@demo.in");
  await expect(page).toHaveURL(/\/settings$/);
});

test("an admin-only screen sends a partner home; the admin gets in", async ({ page }) => {
  await signInFromLogin(page, "stockist@demo.in");
  await page.goto("/admin");
  await expect(page).not.toHaveURL(/\/admin/);
  await page.goto("/account/ledger");
  await expect(page).not.toHaveURL(/\/account\/ledger/);
});
