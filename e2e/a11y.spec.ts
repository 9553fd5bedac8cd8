import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { networkQuiet, signInFromLogin, watchRequests } from "./support";

/** axe-core's WCAG 2.1 A/AA rules and best practices on what is on screen now; the violations, summed up. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`,
  );
}

test("sign-in, home, listing, product page and cart have no axe violations, dialogs open included", async ({
  page,
}) => {
  // eight axe scans; on the shared 2-core machine under load each takes a minute or more
  test.setTimeout(900_000);
  const found: Record<string, string[]> = {};
  const check = async (screen: string) => {
    const list = await violations(page);
    if (list.length > 0) found[screen] = list;
    console.log(`axe ${screen}: ${list.length === 0 ? "no violations" : list.join("; ")}`);
  };
  watchRequests(page);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("401")) errors.push(m.text());
  });
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeVisible({ timeout: 30_000 });
  await check("/login");

  await signInFromLogin(page, "franchisee@demo.in");
  await networkQuiet(page);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeAttached();
  await check("/home");

  await page.goto("/products/listing?stocktype=OwnedStock&sort=-bestSeller");
  const card = page.getByTestId("product-card").first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await networkQuiet(page);
  await check("listing");

  await card.getByTestId("quick-view-button").click();
  await expect(page.getByTestId("quick-view")).toBeVisible({ timeout: 30_000 });
  await check("quick view");
  await page.keyboard.press("Escape");

  await card.getByTestId("quantity-select").selectOption("1");
  await card.getByTestId("cart-add").click();
  await expect(page.getByTestId("cart-badge")).not.toHaveAttribute("data-count", "0");
  const id = await card.getAttribute("data-product-id");

  await page.goto(`/products/productInfo/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("cart-buttons").first()).toBeVisible({ timeout: 30_000 });
  await check("product page");

  await page.getByTestId("cart-button").click();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("dialog").getByTestId("cart-line").first()).toBeVisible({ timeout: 30_000 });
  await check("cart dialog");
  await page.keyboard.press("Escape");

  await page.goto("/checkout");
  await expect(page.getByTestId("cart-line").first()).toBeVisible({ timeout: 30_000 });
  await networkQuiet(page);
  await check("/checkout");

  await page.getByTestId("place-order-button").click();
  await expect(page.getByTestId("shipping-dialog")).toBeVisible({ timeout: 30_000 });
  await check("shipping dialog");
  await page.getByTestId("shipping-continue").click();
  await expect(page.getByTestId("place-order-dialog")).toBeVisible({ timeout: 30_000 });
  await check("place-order dialog");
  await page.keyboard.press("Escape");

  expect(found, "axe violations per screen").toEqual({});
  expect(errors, "console errors").toEqual([]);
});
