import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, shoot, signInFromLogin } from "./support";

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A Pending order of the franchisee, placed today through the API. */
async function placeOrder(request: APIRequestContext) {
  const partner = await tokenOf(request, "franchisee@demo.in");
  const listing = await (
    await request.post("/api/listing/b2b", {
      headers: partner,
      data: { filters: [{ key: "stocktype", values: ["OwnedStock"] }], size: 50 },
    })
  ).json();
  const product = listing.products.find(
    (p: { whId: number; totalStock: number }) => p.whId === 2 && p.totalStock >= 5,
  );
  expect(product).toBeTruthy();
  const address = {
    name: "Priya Deshmukh",
    address1: "Shop 4, Sterling Centre, 16 M.G. Road",
    address2: "Camp",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    phone: "9822014567",
  };
  const res = await request.post("/api/order", {
    headers: { ...partner, "idempotency-key": `e2e-search-${Date.now()}` },
    data: {
      orders: [{ wh: 2, products: [{ id: product.id, qty: 1 }] }],
      shippingAddress: address,
      billingAddress: { ...address, gstNo: "27AAACB1234F1Z5" },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result[0].poid as string;
}

test.describe("order history on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("search by PO finds one card with its number, date, status, amount and action; nothing scrolls sideways", async ({
    page,
    request,
  }) => {
    const poid = await placeOrder(request);
    await signInFromLogin(page, "franchisee@demo.in");
    await page.goto("/account/orderHistory");
    await expect(page).toHaveTitle(/Order History/);
    await expect(page.getByTestId("order-row").first()).toBeVisible({ timeout: 30_000 });

    // the last eight characters of the PO id, as a store owner reads them off the slip
    await page.getByRole("textbox", { name: "Search orders" }).fill(poid.slice(-8).toLowerCase());
    await page.getByRole("textbox", { name: "Search orders" }).press("Enter");
    const cards = page.getByTestId("order-row");
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole("button", { name: poid, exact: true })).toBeVisible();
    const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata" })
      .format(new Date())
      .replaceAll("/", "-");
    const cell = (label: string) => card.locator(`td[data-label="${label}"]`);
    await expect(cell("Date")).toHaveText(today);
    await expect(cell("Status")).toHaveText("Pending");
    await expect(cell("Net payment")).toContainText("₹");
    const action = card.getByRole("button", { name: `Actions for ${poid}` });
    await expect(action).toBeVisible();
    for (const shown of [cell("Date"), cell("Status"), cell("Net payment"), action]) {
      const box = await shown.boundingBox();
      expect(box, "on screen").not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    // the status badge reads in full, not "PE…"
    const badge = cell("Status").locator(".mantine-Badge-label");
    expect(await badge.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    // the date on one line
    const dateBox = await cell("Date").boundingBox();
    expect(dateBox?.height ?? 99).toBeLessThan(32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, "order-history-search-390");

    await action.click();
    await expect(page.getByRole("menuitem", { name: "Order details" })).toBeVisible();
  });
});
