import { expect, test } from "@playwright/test";
import { signInFromLogin } from "./support";

/** Shots of the guest screens at a phone, a tablet and a laptop width (under test-results). */
const WIDTHS = [390, 768, 1366];

test("a kiosk store signs a walk-in customer in as a guest, who browses the catalogue and ends the session", async ({
  page,
}, testInfo) => {
  await signInFromLogin(page, "kiosk@demo.in");
  await page.goto("/account/kioskConfirmation");
  await page.getByTestId("kiosk-guest-login").click();
  await expect(page).toHaveURL(/\/kiosk\/guest$/);
  await expect(page.getByRole("heading", { name: "Kiosk Guest Login" })).toBeVisible();

  // The spec's field rule: a 10-digit Indian mobile number.
  await page.getByTestId("guest-mobile").fill("12345");
  await page.getByTestId("guest-start").click();
  await expect(page.getByText("MobileNo must be a 10-digit Indian mobile number")).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`guest-login-${width}.png`), fullPage: true });
  }

  await page.getByTestId("guest-mobile").fill("9812345678");
  await page.getByTestId("guest-first-name").fill("Ravi");
  await page.getByTestId("guest-start").click();
  await expect(page).toHaveURL(/\/kiosk\/guest\/browse$/);
  await expect(page.getByText("Welcome, Ravi")).toBeVisible();
  await expect(page.getByTestId("guest-banner")).toHaveText("Guest session · 9812345678 · browsing only");
  // Only browsing: no cart, orders or account on the guest screen.
  await expect(page.getByRole("link", { name: /cart|my account|order history/i })).toHaveCount(0);
  const products = page.getByTestId("guest-products");
  await expect(products.locator(".mantine-Card-root").first()).toBeVisible();
  await expect(page.getByTestId("guest-count")).toHaveText(/^\d+ (styles|products)$/);

  // Pick a category: the listing follows.
  const before = await page.getByTestId("guest-count").textContent();
  await page.getByText("Boys Clothing", { exact: true }).click();
  await expect(page.getByTestId("guest-count")).not.toHaveText(before ?? "");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`guest-browse-${width}.png`), fullPage: true });
  }

  // The guest token may not reach the store's cart: the server refuses it.
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("portal.kioskGuest") ?? "{}").token,
  );
  const refused = await page.request.get("/api/users/cart", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);

  await page.getByTestId("guest-end").click();
  await expect(page).toHaveURL(/\/kiosk\/guest$/);
  // The store is still signed in; the guest's token no longer works.
  await expect(page.getByRole("heading", { name: "Kiosk Guest Login" })).toBeVisible();
  const ended = await page.request.get("/api/menu", { headers: { authorization: `Bearer ${token}` } });
  expect(ended.status()).toBe(401);
});
