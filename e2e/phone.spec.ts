import { expect, test } from "@playwright/test";
import { signIn } from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Nothing on the page is wider than the phone's screen. */
async function fitsTheScreen(page: import("@playwright/test").Page) {
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(extra).toBeLessThanOrEqual(0);
}

test("on a phone: sign in, search, add to the cart and place an order", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, "stockist@demo.in");
  await expect(page).toHaveURL(/\/home/);
  await fitsTheScreen(page);

  // The collapsed navigation keeps cart, notifications and the account (with Logout) in reach.
  await expect(page.getByTestId("cart-button")).toBeInViewport();
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeInViewport();
  await page.getByTestId("nav-burger").click();
  const drawer = page.getByTestId("nav-drawer");
  await expect(drawer.getByRole("link", { name: "Order History" })).toBeVisible();
  await expect(drawer.getByText("Logout")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer.getByText("Logout")).toBeHidden();

  // Start from an empty cart.
  await page.evaluate(async () => {
    await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
  });

  // Search from the header's own row.
  const search = page
    .getByRole("searchbox", { name: "Search products" })
    .or(page.getByLabel("Search products"));
  await search.first().fill("shirt");
  await search.first().press("Enter");
  await expect(page).toHaveURL(/\/products\/search\//);
  const card = page.getByTestId("product-card").first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId("listing-total")).toBeInViewport();
  await fitsTheScreen(page);

  await card.getByTestId("quantity-select").selectOption("1");
  await card.getByTestId("cart-add").click();
  await expect(card.getByTestId("in-cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveAttribute("data-count", "1");

  // The cart: lines as cards, and the order placed through full-screen dialogs.
  await page.goto("/checkout");
  const line = page.getByTestId("cart-line").first();
  await expect(line).toBeVisible();
  await fitsTheScreen(page);
  await expect(line.getByTestId("cart-line-delete")).toBeInViewport();

  await page.getByTestId("place-order-button").click();
  const shipping = page.getByTestId("shipping-dialog");
  await expect(shipping).toBeVisible();
  await shipping.getByTestId("shipping-continue").click();
  const groups = page.getByTestId("place-order-dialog");
  await expect(groups).toBeVisible();
  const confirm = groups.getByTestId("confirm-order-button");
  await confirm.scrollIntoViewIfNeeded();
  await confirm.click();
  const summary = page.getByTestId("summary-dialog");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByTestId("summary-order").first()).toBeVisible();
  const close = summary.getByTestId("summary-close");
  await close.scrollIntoViewIfNeeded();
  await expect(close).toBeInViewport();
  await close.click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});
