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
  // the charts draw once near the screen, after the page has shown (a phone's are below the fold)
  for (const period of ["MTD", "YTD"]) {
    const chart = page.getByTestId(`chart-${period}`);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator("svg.recharts-surface").first()).toBeVisible({ timeout: 15_000 });
  }

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
  // sent away (to the sign-in page or home, the page's own address at most in ?ref=)
  await expect(page).toHaveURL((url) => url.pathname !== "/storeperformance", { timeout: 30_000 });
  await expect(page.getByTestId("feedback-box")).toHaveCount(0);
});

test("an ARS run places what it can, and the partner sees what was placed and what was refused and why", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tokenOf = async (email: string) =>
    (await (await request.post("/api/auth/local", { data: { email, password: "Demo@1234" } })).json()).token;
  const partner = await tokenOf("franchisee@demo.in");
  const me = await (
    await request.get("/api/users/me", { headers: { authorization: `Bearer ${partner}` } })
  ).json();
  // Head office places this week's replenishment now, as the Monday job does.
  const run = await request.post(`/api/admin/partners/${me.id}/arsReplenishment`, {
    headers: { authorization: `Bearer ${await tokenOf("admin@demo.in")}` },
  });
  expect(run.status()).toBe(200);
  const body = await run.json();
  expect(body.placedLines).toBeGreaterThan(0);
  expect(body.refused.length).toBeGreaterThan(0);
  expect(body.placedLines + body.refused.length).toBe(body.plannedLines);

  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/arsReport");
  const runs = page.getByTestId("ars-runs");
  const card = runs.getByTestId("ars-run").first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId("ars-run-summary")).toContainText(
    `${body.placedLines} of ${body.plannedLines} lines placed`,
  );
  // each refused line with its reason in the partner's words
  const refused = card.getByTestId("ars-refused");
  await expect(refused).toContainText(body.refused[0].productName);
  await expect(refused).toContainText(body.refused[0].reason);
  // the placed lines, each with its order
  await card.getByRole("button", { name: /Show the \d+ placed lines/ }).click();
  await expect(card.getByTestId("ars-placed")).toContainText(body.placed[0].poid);

  // the partner was told in a notification
  await page.goto("/notifications");
  await expect(page.getByText("Your ARS replenishment was placed").first()).toBeVisible({ timeout: 30_000 });
});

test("the ARS report orders its expected quantities into the cart and says what went in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/arsReport");
  const rows = page.getByTestId("ars-table").getByTestId("ars-row");
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Order the expected quantities" }).click();
  const result = page.getByTestId("ars-order-result");
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText(/\d+ products? added to your cart|0 products added to your cart/);
});
