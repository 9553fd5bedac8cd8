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

test("order assist: change a suggested quantity, see its value, and choose what happens to a product already in the cart", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/orderAssist/nonApparels?category=1");
  await expect(page.locator("[data-testid^='suggestion-']").first()).toBeVisible({ timeout: 30_000 });
  // a product not in the cart yet (the journey above put some there)
  const free = page
    .locator("[data-testid^='suggestion-']")
    .filter({ hasNotText: "In cart:" })
    .filter({ has: page.getByRole("checkbox", { name: /^Select / }) })
    .first();
  await expect(free).toBeVisible();
  // pinned by its id: its text changes once it is in the cart
  const row = page.getByTestId((await free.getAttribute("data-testid")) ?? "");
  const label = ((await row.getByRole("checkbox").getAttribute("aria-label")) ?? "").replace(/^Select /, "");

  // change the quantity to 3: the line's value follows, at the partner's cost
  await row.getByRole("textbox", { name: `Quantity of ${label}` }).click();
  await page.getByRole("option", { name: "3", exact: true }).click();
  const cost = /your cost ₹([\d,]+\.\d{2})/.exec((await row.textContent()) ?? "")?.[1];
  expect(cost).toBeTruthy();
  const value = Number((cost ?? "0").replace(/,/g, "")) * 3;
  await expect(row.getByTestId("line-value")).toHaveText(
    `₹${value.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await expect(page.getByTestId("selection-total").first()).toContainText("1 selected · 3 units");

  // first add: 3 go into the cart
  await row.getByRole("button", { name: `Add ${label} to cart` }).click();
  await expect(page.getByText("Product added successfully to cart.")).toBeVisible();
  await expect(row).toContainText("In cart: 3");

  // again with 5: it is in the cart already, so the partner is asked; adding both makes 8
  await row.getByRole("textbox", { name: `Quantity of ${label}` }).click();
  await page.getByRole("option", { name: "5", exact: true }).click();
  await row.getByRole("button", { name: `Add ${label} to cart` }).click();
  const dialog = page.getByTestId("cart-conflict");
  await expect(dialog).toContainText("3 in the cart, 5 chosen here");
  await expect(dialog.getByRole("button", { name: "Keep 3 in the cart" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Replace with 5" })).toBeVisible();
  await dialog.getByRole("button", { name: "Add both (8)" }).click();
  await expect(row).toContainText("In cart: 8", { timeout: 15_000 });
});
