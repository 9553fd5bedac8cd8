import { expect, type Page, test } from "@playwright/test";
import { signInFromLogin } from "./support";

const rupees = (text: string | null) => Number((text ?? "").replace(/[₹,\s]/g, ""));

/** The page numbers of the listing requests the page sends. */
function watchListingPages(page: Page): number[] {
  const pages: number[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/listing/b2b") && request.method() === "POST") {
      pages.push(Number(request.postDataJSON()?.page ?? 1));
    }
  });
  return pages;
}

test("filter and sort live in the address, and Back restores the view", async ({ page }) => {
  await signInFromLogin(page, "stockist@demo.in");
  await page.goto("/products/listing");
  await expect(page).toHaveTitle("Product Listing | Partner Portal");
  const total = page.getByTestId("listing-total");
  await expect(total).toBeVisible();
  const allCount = Number(await total.getAttribute("data-total"));

  // Footwear may sit below the first categories: find it by name.
  await page.getByTestId("filter-categories").getByPlaceholder("Find a category").fill("Foot");
  await page.getByTestId("filter-categories").getByLabel("Footwear").click();
  await expect(page).toHaveURL(/categories=22/);
  await expect(total).not.toHaveAttribute("data-total", String(allCount));
  const footwearCount = Number(await total.getAttribute("data-total"));
  expect(footwearCount).toBeGreaterThan(0);
  expect(footwearCount).toBeLessThan(allCount);

  await page.getByTestId("sort-select").selectOption({ label: "Price: low to high" });
  await expect(page).toHaveURL(/sort=price/);
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  // the cards of the new order are drawn a moment after its answer comes: wait for them
  const firstMrps = async () => (await cards.locator("s").allTextContents()).map(rupees).slice(0, 8);
  await expect.poll(async () => (await firstMrps()).length).toBeGreaterThan(3);
  await expect.poll(firstMrps).toEqual([...(await firstMrps())].sort((a, b) => a - b));

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=price/);
  await expect(page).toHaveURL(/categories=22/);
  await expect(total).toHaveAttribute("data-total", String(footwearCount));
});

test("scrolling loads page after page past the third", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  const pages = watchListingPages(page);
  await page.goto("/products/listing");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  const grid = page.getByTestId("product-grid");
  const gridHeight = () => grid.evaluate((el) => el.getBoundingClientRect().height);
  for (let i = 0; i < 10 && !pages.includes(4); i++) {
    const before = await gridHeight();
    // Down past the last row shown: the next page's rows are drawn below it.
    await page.mouse.wheel(0, before);
    await expect.poll(gridHeight).toBeGreaterThan(before);
  }
  expect(pages).toEqual(expect.arrayContaining([1, 2, 3, 4]));
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("a page jump beyond the last page is refused", async ({ page }) => {
  await signInFromLogin(page, "stockist@demo.in");
  await page.goto("/products/listing?categories=22");
  await expect(page.getByTestId("listing-total")).toBeVisible();
  await page.getByTestId("page-jump-input").fill("999");
  await page.getByTestId("page-jump-button").click();
  await expect(page.getByTestId("page-jump-error")).toContainText("beyond the last page");
  await expect(page).not.toHaveURL(/page=999/);
});

test("open a product and like it with a reason that is kept", async ({ page }) => {
  await signInFromLogin(page, "coco@demo.in");
  await page.goto("/products/listing?sort=-bestSeller");
  const first = page.getByTestId("product-card").first();
  const name = (await first.getByRole("link").last().textContent())?.trim() ?? "";
  await first.getByRole("link").last().click();
  await expect(page).toHaveURL(/\/products\/productInfo\/\d+/);
  await expect(page).toHaveTitle("Product Details | Partner Portal");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("detail-net-cost")).toContainText("₹");

  await page.getByTestId("like-button").click();
  await expect(page.getByTestId("like-button")).toBeDisabled();
  await page.getByTestId("like-reason").fill("Sells out every weekend at our store");
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/products/likesDislikes") && r.request().method() === "POST",
  );
  await page.getByTestId("like-save").click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("like-saved")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("like-button")).toBeDisabled();
  await expect(page.getByTestId("like-saved")).toContainText("You liked this product");
  await expect(page.getByTestId("like-saved")).toContainText("Sells out every weekend at our store");
});

test("a search with a typo still finds the product", async ({ page }) => {
  await signInFromLogin(page, "stockist@demo.in");
  const box = page.getByTestId("search-input");
  await box.fill("daiper");
  const suggestions = page.getByTestId("search-suggestions");
  await expect(suggestions).toBeVisible();
  await expect(suggestions.getByTestId("suggestion-item").first()).toContainText(/diaper/i);

  await box.press("Enter");
  await expect(page).toHaveURL(/\/products\/search\/daiper/);
  await expect(page).toHaveTitle("Search Results | Partner Portal");
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  const names = await page.getByTestId("product-card").getByRole("link").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.join(" ")).toMatch(/diaper/i);

  await box.fill("");
  await box.fill("daiper");
  await expect(suggestions).toBeVisible();
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/products\/productInfo\/\d+/);
});

test("a product the partner may not see says Product not found", async ({ page }) => {
  await signInFromLogin(page, "stockist@demo.in");
  await page.goto("/products/productInfo/100001");
  await expect(page.getByTestId("product-not-found")).toContainText("Product not found");
});
