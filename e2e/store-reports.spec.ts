import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { clearDay, pickDay, signInFromLogin } from "./support";

test("a franchisee reads the ARS report for October and exports it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/arsReport");
  await expect(page.getByRole("heading", { level: 1, name: "ARS Report" })).toBeVisible({ timeout: 30_000 });

  // the rule is said before anything is sent
  await clearDay(page, "Order to");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("ars-problem")).toHaveText("Please select Order From and Order To date");

  await pickDay(page, "Order from", "2026-10-01");
  await pickDay(page, "Order to", "2026-10-31");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("ars-problem")).toHaveCount(0);
  const table = page.getByTestId("ars-table");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(10, { timeout: 30_000 });
  // every row is scheduled for the first Monday after 31-10-2026
  await expect(rows.first()).toContainText("02-11-2026");
  await expect(table).toContainText("₹");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("ars-report.csv");
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "ProductID,ParentID,ProductName,Category,SubCategory,Brand,MRP,ActualPrice,TargetStock,PendingQty,ConfirmedQty,InTransitStock,StockInHand,ExpectedQty,ActualQty,ARSScheduledDate",
  );
  expect(lines.length).toBeGreaterThan(10);
  expect(lines[1]).toMatch(/,02-11-2026$/);
});

test("a franchisee opens store performance and sends feedback", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/storeperformance");
  await expect(page.getByRole("heading", { level: 1, name: "Store Performance" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Babyhug FC Camp Pune · BABYHUG · as of 31-10-2026")).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("metric-cards").locator("[data-testid^='metric-']")).toHaveCount(16);
  await expect(page.getByTestId("metric-15")).toContainText("Store audit score");
  await expect(page.getByTestId("chart-MTD").locator("svg.recharts-surface").first()).toBeVisible();
  await expect(page.getByTestId("chart-YTD").locator("svg.recharts-surface").first()).toBeVisible();

  const box = page.getByTestId("feedback-box");
  const message = `Footfall fell while the road was dug up (${Date.now()})`;
  await box.getByLabel("Your feedback").fill(message);
  await box.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByTestId("notice-success")).toContainText("Your feedback has been sent.");
  const thread = box.getByTestId("feedback-thread").filter({ hasText: message });
  await expect(thread).toBeVisible();
  await thread.getByPlaceholder("Add a comment").fill("Road reopened, footfall is back.");
  await thread.getByRole("button", { name: "Add" }).click();
  await expect(thread).toContainText("Road reopened, footfall is back.");

  // it stays after a reload: the server keeps it
  await page.reload();
  await expect(
    page
      .getByTestId("feedback-thread")
      .filter({ hasText: message })
      .getByText("Road reopened, footfall is back."),
  ).toBeVisible({ timeout: 30_000 });
});

test("a stockist without store performance is sent away from it", async ({ page }) => {
  await page.goto("/login");
  await signInFromLogin(page, "stockist@demo.in");
  await page.goto("/storeperformance");
  await expect(page).not.toHaveURL(/storeperformance/, { timeout: 30_000 });
  await expect(page.getByTestId("feedback-box")).toHaveCount(0);
});
