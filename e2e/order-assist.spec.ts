import { expect, test } from "@playwright/test";
import { signInFromLogin } from "./support";

/** The cart badge's count, from its accessible name ("Cart, 3 products"). */
async function cartCount(page: import("@playwright/test").Page): Promise<number> {
  const name =
    (await page.getByRole("button", { name: /^Cart, \d+ products?$/ }).getAttribute("aria-label")) ?? "";
  return Number(/(\d+)/.exec(name)?.[1] ?? Number.NaN);
}

test("order assist from category to cart", async ({ page }) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, "franchisee@demo.in");

  await page.getByTestId("nav-order-assist").click();
  await expect(page).toHaveURL(/\/orderAssist\/stats$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order Assist" })).toBeVisible({
    timeout: 30_000,
  });
  // the figures run to the store's last point-of-sale sync, not today
  await expect(page.getByTestId("sales-up-to")).toContainText("Sales up to 31-10-2026");

  // no category chosen: the spec's error and an empty query string
  await page.goto("/orderAssist/nonApparels?category=6");
  await expect(page.getByText("Please select catagory").first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/orderAssist\/nonApparels$/);

  await page.getByRole("textbox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Diapering" }).click();
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/category=1$/);

  // bulk add with nothing selected: the spec's message
  const addSelected = page.getByRole("button", { name: "Add selected to cart" });
  await expect(addSelected).toBeVisible({ timeout: 30_000 });
  await addSelected.click();
  await expect(page.getByText("Please Select At Least 1 Product To Proceed To Cart")).toBeVisible();

  const before = await cartCount(page);
  const selectable = page.getByRole("checkbox", { name: /^Select / }).and(page.locator(":not([disabled])"));
  const available = await selectable.count();
  expect(available).toBeGreaterThan(0);
  const picking = Math.min(2, available);
  for (let i = 0; i < picking; i++) await selectable.nth(i).check();
  await expect(page.getByText(`${picking} selected`)).toBeVisible();
  await addSelected.click();
  await expect(
    page.getByText(
      picking === 1 ? "Product added successfully to cart." : "Products added to cart successfully",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: `Cart, ${before + picking} products` })).toBeVisible();
});
