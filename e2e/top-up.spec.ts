import { expect, test } from "@playwright/test";
import { shoot, signInFromLogin } from "./support";

/** Stocked for the franchisee only at stockist 101 (Shree Baby Distributors): one unit is ₹306.89. */
const STOCKIST_PRODUCT = 100032;

test("a stockist group below ₹6,000 is topped up to its minimum and ordered", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  // Start from an empty cart.
  await page.evaluate(async () => {
    await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
  });

  // One stockist product from its page: the stockist group is far below its minimum.
  await page.goto(`/products/productInfo/${STOCKIST_PRODUCT}`);
  await page.getByTestId("quantity-select").first().selectOption("1");
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expect(page.getByText("Product added successfully to cart.")).toBeVisible();

  await page.goto("/checkout");
  const group = page.getByTestId("summary-group-stockist");
  await expect(group).toContainText("₹306.89");
  const panel = group.getByTestId("top-up-stockist");
  await expect(panel.getByTestId("top-up-headline-stockist")).toHaveText(
    "Add ₹5,693.11 to reach the minimum",
  );
  await expect(panel).toContainText("These 8 products (16 units) add ₹5,693.18, ₹0.07 more than needed.");
  await expect(page.getByTestId("place-order-blocked")).toContainText(
    "No warehouse group reaches its minimum order yet.",
  );
  await panel.getByRole("button", { name: "Show all 8 products" }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(8);
  await shoot(page, "top-up-cart");

  await panel.getByRole("button", { name: "Show fewer" }).click();
  // Ordering is blocked until a group qualifies: "Add these" adds the suggestion through the cart's add call.
  await panel.getByTestId("top-up-add-stockist").click();
  await expect(page.getByText("Products added to cart successfully")).toBeVisible();
  await expect(group).toContainText("₹6,000.07");
  await expect(group).toContainText("Meets the minimum");
  await expect(group.getByTestId("top-up-stockist")).toHaveCount(0);
  await expect(page.getByTestId("cart-line")).toHaveCount(9);
  await shoot(page, "top-up-cart-after");

  // …and the group can now be ordered.
  await page.getByTestId("place-order-button").click();
  await page.getByTestId("shipping-dialog").getByTestId("shipping-continue").click();
  const dialog = page.getByTestId("place-order-dialog");
  await expect(dialog.getByTestId("group-option-stockist").getByRole("checkbox")).toBeChecked();
  await expect(dialog.getByTestId("selected-total")).toHaveText("₹6,000.07");
  await dialog.getByTestId("confirm-order-button").click();
  const summary = page.getByTestId("summary-dialog");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByTestId("summary-order")).toHaveCount(1);
  await summary.getByTestId("summary-close").click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});

test("the place-order dialog tops up a company-warehouse group paying the shipping charge", async ({
  page,
}) => {
  await signInFromLogin(page, "coco@demo.in");
  await page.evaluate(async () => {
    await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
  });
  await page.goto("/products/listing?stocktype=OwnedStock&sort=-bestSeller");
  const card = page.getByTestId("product-card").first();
  await card.getByTestId("quantity-select").selectOption("2");
  await card.getByTestId("cart-add").click();
  await expect(card.getByTestId("in-cart")).toBeVisible();

  await page.goto("/checkout");
  await page.getByTestId("place-order-button").click();
  await page.getByTestId("shipping-dialog").getByTestId("shipping-continue").click();
  const dialog = page.getByTestId("place-order-dialog");
  const owned = dialog.getByTestId("group-option-owned");
  await expect(owned.getByTestId("group-shipping-owned")).toBeVisible();
  const panel = owned.getByTestId("top-up-owned");
  await expect(panel.getByTestId("top-up-headline-owned")).toHaveText(
    /^Add ₹[\d,]+\.\d\d to avoid the shipping charge$/,
  );
  await shoot(page, "top-up-dialog");
  await panel.getByTestId("top-up-add-owned").click();
  // the dialog's figures follow: the group ships free now
  await expect(owned).toContainText("Meets the minimum · ships free");
  await expect(owned.getByTestId("top-up-owned")).toHaveCount(0);
  await expect(owned.getByRole("checkbox")).toBeChecked();
  await expect(dialog.getByTestId("selected-total")).toHaveText(/^₹20,\d{3}\.\d\d$/);
});
