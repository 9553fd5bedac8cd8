import { expect, test } from "@playwright/test";
import { signInFromLogin } from "./support";

const WIDTHS = [390, 768, 1366];

test("staff see and change the shipping charge in the Admin Console", async ({ page }, testInfo) => {
  await signInFromLogin(page, "admin@demo.in");
  await page.goto("/admin/settings");
  await expect(page.getByTestId("shipping-charge-facts")).toHaveText(
    "Now ₹250.00 · default ₹250.00 · never changed",
  );
  await page.getByTestId("shipping-charge-amount").fill("12.345");
  await expect(page.getByText("Rupees with at most 2 decimals, e.g. 250 or 249.50")).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`settings-${width}.png`), fullPage: true });
  }
  await page.getByTestId("shipping-charge-amount").fill("250");
  await page
    .locator("form")
    .filter({ has: page.getByTestId("shipping-charge-amount") })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByTestId("shipping-charge-facts")).toContainText("by admin@demo.in");
});
