import { chromium } from "@playwright/test";

const base = "http://127.0.0.1:3302";
const out = "/tmp/i9s-shots";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const [width, height] of [
  [390, 844],
  [768, 1024],
  [1366, 768],
]) {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill("franchisee@demo.in");
  await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL(/home/);
  const shot = async (name) => {
    await page.waitForTimeout(800);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) console.log(`${name} at ${width}: ${wide}px too wide`);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  };
  await page.goto(`${base}/account/srDetails`);
  await page.getByTestId("sr-table").locator("tbody tr").first().waitFor();
  await shot("sr");
  await page.getByTestId("sr-table").getByRole("button", { name: "SR invoice" }).first().click();
  await page.getByTestId("sr-invoice").waitFor();
  await shot("sr-invoice");
  await page.keyboard.press("Escape");
  await page.goto(`${base}/account/cform`);
  await page.getByRole("textbox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Submitted", exact: true }).click();
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByTestId("cform-table").locator("tbody tr").first().waitFor();
  await shot("cform");
  await page.goto(`${base}/account/confirmPayment`);
  await page.getByTestId("pending-orders").locator("tbody tr").first().waitFor();
  await page.getByTestId("pending-orders").getByRole("checkbox").nth(1).check();
  await shot("payment");
  await page.close();
}
await browser.close();
