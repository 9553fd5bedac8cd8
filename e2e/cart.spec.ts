import { expect, type Page, test } from "@playwright/test";
import { signInFromLogin } from "./support";

/** A visible drop-ship product the signed-in partner can have delivered (serviceable for its pincode). */
async function serviceableDropshipProduct(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const headers = {
      authorization: `Bearer ${localStorage.getItem("portal.token")}`,
      "content-type": "application/json",
    };
    const listing = await (
      await fetch("/api/listing/b2b", {
        method: "POST",
        headers,
        body: JSON.stringify({ filters: [{ key: "stocktype", values: ["DropShipment"] }], size: 50 }),
      })
    ).json();
    const ids: number[] = listing.products
      .filter((p: { totalStock: number }) => p.totalStock >= 5)
      .map((p: { id: number }) => p.id);
    const answer = await (
      await fetch("/api/products/serviceability", {
        method: "POST",
        headers,
        body: JSON.stringify({
          ProductList: ids.map((ProductID) => ({ ProductID, BillingPincode: "411001" })),
        }),
      })
    ).json();
    const results: { ProductID: number; serviceable: boolean }[] = JSON.parse(answer.products);
    const found = results.find((r) => r.serviceable);
    if (!found) throw new Error("no serviceable drop-ship product");
    return found.ProductID;
  });
}

test("add from the listing and a product page, upload a CSV, and order across two warehouse groups", async ({
  page,
}) => {
  await signInFromLogin(page, "franchisee@demo.in");
  // Start from an empty cart.
  await page.evaluate(async () => {
    await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
  });

  // From the listing: company-warehouse stock.
  await page.goto("/products/listing?stocktype=OwnedStock&sort=-bestSeller");
  const card = page.getByTestId("product-card").first();
  await card.getByTestId("quantity-select").selectOption("2");
  await card.getByTestId("cart-add").click();
  await expect(card.getByTestId("in-cart")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveAttribute("data-count", "1");

  // From a product page: a drop-ship product that delivers to the partner's pincode.
  const dropship = await serviceableDropshipProduct(page);
  await page.goto(`/products/productInfo/${dropship}`);
  await page.getByTestId("quantity-select").selectOption("1");
  await page.getByTestId("cart-add").click();
  await expect(page.getByText("Product added successfully to cart.")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveAttribute("data-count", "2");

  // Upload a CSV with good and bad rows, and read the report.
  await page.goto("/checkout");
  await expect(page).toHaveTitle("Cart | Partner Portal");
  const csv = [
    "productId,quantity",
    "100006,3",
    "100009,2",
    "abc,1",
    "100007",
    "100001,5",
    "100006,4",
    "",
  ].join("\r\n");
  await page
    .getByTestId("upload-input")
    .setInputFiles({ name: "reorder.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const report = page.getByTestId("upload-report");
  await expect(report).toBeVisible();
  await report.getByTestId("upload-dropped-tab").click();
  const dropped = report.getByTestId("upload-dropped-row");
  await expect(dropped).toHaveCount(4);
  await expect(dropped.filter({ hasText: "abc,1" })).toBeVisible();
  await expect(dropped.filter({ hasText: "100001" })).toBeVisible();
  await report.getByTestId("upload-report-close").click();
  await expect(page.getByTestId("cart-line")).toHaveCount(4);
  await expect(page.locator('[data-testid="cart-line"][data-product-id="100006"]')).toBeVisible();

  // Place the order: address, warehouse groups, summary.
  await page.getByTestId("place-order-button").click();
  const shipping = page.getByTestId("shipping-dialog");
  await expect(shipping).toBeVisible();
  await shipping.getByTestId("shipping-continue").click();
  const groups = page.getByTestId("place-order-dialog");
  await expect(groups).toBeVisible();
  await expect(groups.getByTestId("group-option-owned").getByRole("checkbox")).toBeChecked();
  await expect(groups.getByTestId("group-option-dropship").getByRole("checkbox")).toBeChecked();
  await groups.getByTestId("confirm-order-button").click();

  const summary = page.getByTestId("summary-dialog");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const orders = summary.getByTestId("summary-order");
  expect(await orders.count()).toBeGreaterThanOrEqual(2);
  const poids = await orders.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-poid") ?? ""));
  expect(poids.some((id) => id.endsWith("D"))).toBe(true);
  expect(poids.some((id) => /[TN]$/.test(id))).toBe(true);
  await summary.getByTestId("summary-close").click();

  // Everything ordered has left the cart.
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.locator('[data-testid="cart-badge"]:visible')).toHaveCount(0);
});

test("deleting a product asks first, and the cart follows", async ({ page }) => {
  await signInFromLogin(page, "coco@demo.in");
  await page.goto("/products/listing?stocktype=OwnedStock");
  const card = page.getByTestId("product-card").first();
  await card.getByTestId("quantity-select").selectOption("1");
  await card.getByTestId("cart-add").click();
  await expect(card.getByTestId("in-cart")).toBeVisible();
  await card.getByTestId("cart-delete").click();
  await expect(page.getByText("Are you sure you want to delete this product?")).toBeVisible();
  await page.getByTestId("confirm-delete-product-confirm").click();
  await expect(page.getByText("1 Item has been deleted from your Cart")).toBeVisible();
  await expect(card.getByTestId("in-cart")).toHaveCount(0);
});
