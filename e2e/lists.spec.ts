import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { dismissNotices, shoot, signInFromLogin } from "./support";

/**
 * Saved lists (issue 29): the stockist saves its cart as "Fortnightly diapers", opens /lists, changes
 * a quantity, adds the list to the cart, exports it as CSV and imports the file as a new list.
 */
const STORE = "stockist@demo.in";

/** Calls the API as the signed-in user (the token the app keeps). */
async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem("portal.token")}`,
          "content-type": "application/json",
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return res.json();
    },
    { method, url, body },
  );
}

/** At 390 and 1366 px: axe finds nothing (WCAG 2.1 A/AA, best practices) and a phone never scrolls sideways. */
async function accessibleAtBothWidths(page: Page) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    const result = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .options({ resultTypes: ["violations"] })
      .analyze();
    expect(
      result.violations.map((v) => `${width}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    ).toEqual([]);
    if (width === 390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
}

test("save the cart as a list, change it, add it to the cart, export and import it", async ({ page }) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, STORE);

  // A known start: no lists, and a cart of three products the store may buy.
  const { lists } = await api<{ lists: { id: number }[] }>(page, "GET", "/api/lists");
  for (const l of lists) await api(page, "DELETE", `/api/lists/${l.id}`);
  await api(page, "DELETE", "/api/users/cart");
  const listing = await api<{ products: { id: number; totalStock: number }[] }>(
    page,
    "POST",
    "/api/listing/b2b",
    {
      size: 30,
    },
  );
  const ids = listing.products
    .filter((p) => p.totalStock >= 20)
    .slice(0, 3)
    .map((p) => p.id)
    // the cart's (and so the list's) order: added together, by product id
    .sort((a, b) => a - b);
  expect(ids).toHaveLength(3);
  await api(page, "PUT", "/api/users/cart/update", { products: ids.map((id) => ({ id, qty: 2 })) });

  // The cart page: Save as list.
  await page.goto("/checkout");
  await expect(page.getByTestId("save-as-list")).toBeEnabled();
  await shoot(page, "h2-cart");
  await page.getByTestId("save-as-list").click();
  await page.getByTestId("save-list-name").fill("Fortnightly diapers");
  await page.getByTestId("save-list-submit").click();
  await expect(page.getByTestId("save-list-done")).toContainText("Saved 3 products as “Fortnightly diapers”");
  await page.getByRole("link", { name: "Open the list" }).click();

  // The list: three lines with the cart's quantities.
  await expect(page.getByRole("heading", { name: "Fortnightly diapers" })).toBeVisible();
  const lines = page.getByTestId("list-line");
  await expect(lines).toHaveCount(3);
  const qty = page.getByTestId("list-line-qty");
  await expect(qty.nth(0)).toHaveValue("2");
  await qty.nth(0).selectOption("6");
  await expect(page.getByText("1 product saved to the list")).toBeVisible();
  await dismissNotices(page);
  await shoot(page, "h2-list");
  await accessibleAtBothWidths(page);

  // Empty the cart, then add the whole list: each line added with the list's quantity.
  await api(page, "DELETE", "/api/users/cart");
  await page.getByTestId("list-add-all").click();
  await expect(page.getByTestId("list-cart-result")).toHaveText("3 products added to the cart");
  const cart = await api<{ products: { productId: number; qty: number }[] }>(page, "GET", "/api/users/cart");
  expect(cart.products.map((p) => [p.productId, p.qty]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual(
    ids.map((id, i) => [id, i === 0 ? 6 : 2]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
  );

  // Export the list as CSV: the cart upload's format.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("list-export").click(),
  ]);
  expect(download.suggestedFilename()).toBe("fortnightly-diapers.csv");
  const file = (await download.path()) ?? "";
  const csv = await readFile(file, "utf8");
  expect(csv).toBe(`productId,quantity\r\n${ids[0]},6\r\n${ids[1]},2\r\n${ids[2]},2\r\n`);

  // The index, then import the file as a new list.
  await page.getByRole("link", { name: "All lists" }).click();
  await expect(page.getByTestId("list-row")).toHaveCount(1);
  await shoot(page, "h2-lists-index");
  await accessibleAtBothWidths(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("list-import").click();
  await (await chooser).setFiles({
    name: "fortnightly-diapers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByRole("heading", { name: "fortnightly-diapers" })).toBeVisible();
  await expect(page.getByTestId("list-line")).toHaveCount(3);
  await expect(page.getByTestId("list-line-qty").nth(0)).toHaveValue("6");

  // Two lists now; delete the imported one with confirmation.
  await page.getByTestId("list-delete").click();
  await page.getByTestId("confirm-dialog-confirm").click();
  await expect(page.getByTestId("list-row")).toHaveCount(1);
  await expect(page.getByTestId("list-link")).toHaveText("Fortnightly diapers");

  // A product's page: Add to list, into the list kept.
  await page.goto(`/products/productInfo/${ids[1]}`);
  await page.getByTestId("add-to-list").click();
  await expect(page.getByTestId("add-to-list-target")).toHaveValue(/\d+/);
  await page.getByTestId("add-to-list-qty").selectOption("12");
  await shoot(page, "h2-add-to-list");
  await page.getByTestId("add-to-list-submit").click();
  await expect(page.getByText("1 product saved to the list")).toBeVisible();
  const kept = await api<{ lists: { id: number }[] }>(page, "GET", "/api/lists");
  const one = await api<{ lines: { productId: number; quantity: number }[] }>(
    page,
    "GET",
    `/api/lists/${kept.lists[0]?.id}`,
  );
  expect(one.lines.map((l) => [l.productId, l.quantity])).toEqual([
    [ids[0], 6],
    [ids[1], 12],
    [ids[2], 2],
  ]);

  // A listing card's quick view: Add to list as well.
  await page.goto("/products/listing?stocktype=OwnedStock&sort=-bestSeller");
  const card = page.getByTestId("product-card").first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const cardId = Number(await card.getAttribute("data-product-id"));
  await card.getByTestId("quick-view-button").click();
  await page.getByTestId("quick-view").getByTestId("add-to-list").click();
  await expect(page.getByTestId("add-to-list-target")).toHaveValue(String(kept.lists[0]?.id));
  await page.getByTestId("add-to-list-submit").click();
  await expect(page.getByText("1 product saved to the list")).toBeVisible();
  const after = await api<{ lines: { productId: number }[] }>(page, "GET", `/api/lists/${kept.lists[0]?.id}`);
  expect(after.lines.map((l) => l.productId)).toContain(cardId);
});
