import { expect, type Page, test } from "@playwright/test";
import config from "./playwright.config";
import { signIn, signInFromLogin } from "./support";

// Back as a user's Chrome does it: a page left by a full load comes back from the back-forward cache,
// with the memory it was left with (Playwright turns that cache off by default).
test.use({
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ["--disable-back-forward-cache"] },
});

/** Shots of the guest screens at a phone, a tablet and a laptop width (under test-results). */
const WIDTHS = [390, 768, 1366];

async function shots(page: Page, name: string, path: (file: string) => string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** The keys of a store's wholesale price in a JSON answer. */
const WHOLESALE_KEY = /"(pricing|retailerMargin|netCost|margin|ctc|baseCost|vat|tax|gstRates)":/;

const KIOSK_CONFIRMED = "/account/kioskConfirmation?status=Confirmed";

test("a kiosk store hands the device to a walk-in customer: the guest session replaces the store's, shows MRP only, and the store signs back in with its password", async ({
  page,
}, testInfo) => {
  const shotPath = (file: string) => testInfo.outputPath(file);
  // which pages came back from the back-forward cache
  await page.addInitScript(() => {
    window.addEventListener("pageshow", (event) => {
      if (!event.persisted) return;
      const restored = JSON.parse(sessionStorage.getItem("e2e.restored") ?? "[]");
      sessionStorage.setItem("e2e.restored", JSON.stringify([...restored, location.pathname]));
    });
  });
  await signInFromLogin(page, "kiosk@demo.in");
  await page.goto(KIOSK_CONFIRMED);
  // The store's own screen: its customers, their mobiles and amounts (the demo kiosk's confirmed order of Arjun Mehta).
  const storeRow = page.getByTestId("kiosk-table").getByRole("row").filter({ hasText: "Arjun Mehta" });
  await expect(storeRow).toContainText("9840023456");
  // the Amount cell: the amount paid, then how it was paid
  const amount = (await storeRow.getByRole("cell").nth(4).textContent()) ?? "";
  expect(amount).toMatch(/^₹[\d,]+\.\d{2}(Cash|Card|UPI) at counter$/);
  await expect(page.getByTestId("kiosk-new")).toHaveText("New kiosk order");
  const storeToken = await page.evaluate(() => localStorage.getItem("portal.token"));
  // a session token: 32 random bytes, base64url
  expect(storeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByTestId("kiosk-guest-login").click();
  await expect(page).toHaveURL(/\/kiosk\/guest$/);
  await expect(page.getByRole("heading", { name: "Kiosk Guest Login" })).toBeVisible();
  // The spec's field rule: a 10-digit Indian mobile number.
  await page.getByTestId("guest-mobile").fill("12345");
  await page.getByTestId("guest-start").click();
  await expect(page.getByText("MobileNo must be a 10-digit Indian mobile number")).toBeVisible();
  await shots(page, "guest-login", shotPath);

  await page.getByTestId("guest-mobile").fill("9812345678");
  await page.getByTestId("guest-first-name").fill("Ravi");
  const listingAnswer = page.waitForResponse(
    (r) => r.url().endsWith("/api/listing/b2b") && r.request().method() === "POST",
  );
  await page.getByTestId("guest-start").click();
  await expect(page).toHaveURL(/\/kiosk\/guest\/browse$/);
  await expect(page.getByText("Welcome, Ravi")).toBeVisible();
  await expect(page.getByTestId("guest-banner")).toHaveText("Guest session · 9812345678 · browsing only");

  // The guest's catalogue: MRP only, in what the browser received and on the cards.
  const listing = await (await listingAnswer).json();
  expect(JSON.stringify(listing)).not.toMatch(WHOLESALE_KEY);
  const prices = page.getByTestId("guest-mrp");
  await expect(prices.first()).toBeVisible();
  const shown = await prices.allTextContents();
  expect(shown.map((text) => Number(text.replace(/^MRP ₹/, "").replaceAll(",", "")))).toEqual(
    listing.products.map((p: { mrp: string }) => Number(p.mrp)),
  );
  await expect(page.getByText(/margin|net cost/i)).toHaveCount(0);
  await expect(page.getByTestId("guest-count")).toHaveText(/^\d+ (styles|products)$/);
  // Only browsing: no cart, orders or account on the guest screen.
  await expect(page.getByRole("link", { name: /cart|my account|order history/i })).toHaveCount(0);
  const before = await page.getByTestId("guest-count").textContent();
  await page.getByText("Boys Clothing", { exact: true }).click();
  await expect(page.getByTestId("guest-count")).not.toHaveText(before ?? "");
  await shots(page, "guest-browse", shotPath);

  // The store's session is gone from the tab and ended on the server.
  expect(await page.evaluate(() => localStorage.getItem("portal.token"))).toBeNull();
  const oldStore = await page.request.get("/api/users/me", {
    headers: { authorization: `Bearer ${storeToken}` },
  });
  expect(oldStore.status()).toBe(401);
  const guestToken = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("portal.kioskGuest") ?? "{}").token,
  );
  const refused = await page.request.get("/api/users/cart", {
    headers: { authorization: `Bearer ${guestToken}` },
  });
  expect(refused.status()).toBe(403);

  // Back, and the store's address typed in: the guest's catalogue, nothing of the store.
  const nothingOfTheStore = async () => {
    await expect(page).toHaveURL(/\/kiosk\/guest\/browse$/);
    await expect(page.getByText("Welcome, Ravi")).toBeVisible();
    await expect(page.getByTestId("guest-mrp").first()).toBeVisible();
    for (const text of ["Arjun Mehta", "9840023456", "New kiosk order", "Kiosk Confirmation"]) {
      await expect(page.getByText(text)).toHaveCount(0);
    }
    // the order's amount (a card's "MRP ₹…" may be the same figure)
    await expect(page.getByText(amount, { exact: true })).toHaveCount(0);
  };
  await page.goBack({ waitUntil: "commit" });
  await nothingOfTheStore();
  // Back again: the store's home page of the sign-in's own page load, kept with the store's token and data.
  await page.goBack({ waitUntil: "commit" });
  await nothingOfTheStore();
  expect(await page.evaluate(() => sessionStorage.getItem("e2e.restored"))).toBe('["/home"]');
  await page.goto(KIOSK_CONFIRMED);
  await nothingOfTheStore();
  await page.goto("/login");
  await nothingOfTheStore();
  // A reload keeps the guest.
  await page.reload();
  await nothingOfTheStore();
  await expect(page.getByTestId("guest-banner")).toHaveText("Guest session · 9812345678 · browsing only");

  // The guest signs out: the sign-in screen, and the guest's token no longer works.
  await page.getByTestId("guest-end").click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: /sign in/i })).toBeVisible();
  await shots(page, "guest-ended", shotPath);
  const ended = await page.request.get("/api/menu", { headers: { authorization: `Bearer ${guestToken}` } });
  expect(ended.status()).toBe(401);
  // The store's screens want the store's password.
  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(KIOSK_CONFIRMED);
  await expect(page).toHaveURL(/\/login\?ref=/);
  await expect(page.getByText("Arjun Mehta")).toHaveCount(0);

  await signIn(page, "kiosk@demo.in");
  await expect(page).toHaveURL(/\/account\/kioskConfirmation\?status=Confirmed$/);
  await expect(storeRow).toContainText("9840023456");
  await expect(storeRow.getByRole("cell").nth(4)).toHaveText(amount);
  await expect(page.getByTestId("kiosk-new")).toHaveText("New kiosk order");
});
