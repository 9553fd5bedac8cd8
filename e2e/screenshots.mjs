// Screenshots of every built screen at phone, tablet and laptop widths, and a line per screen whose page
// is wider than the window (horizontal overflow). Against a running server:
//   node e2e/screenshots.mjs http://127.0.0.1:3000 /tmp/shots   (SHOTS_WIDTHS=390,768,1366)
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";

/** Loaded and quiet, but a page holding the live-stock stream open is never "networkidle": 5 s at most. */
const settled = (page) => page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const out = process.argv[3] ?? "/tmp/shots";
const widths = (process.env.SHOTS_WIDTHS ?? "390,768,1366").split(",").map(Number);
const heights = { 390: 844, 768: 1024, 1366: 768 };
const only = process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : null;
await mkdir(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const overflowing = [];

for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: heights[width] ?? 900 } });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log(`  console error at ${width}: ${m.text()}`));
  const shot = async (name, { fullPage = false } = {}) => {
    if (only && !only.test(name)) return;
    await page.waitForTimeout(400);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (wide > 0) overflowing.push(`${name} at ${width}: ${wide}px too wide`);
    await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage });
    console.log(`${name}-${width}.png`);
  };
  const step = async (name, fn) => {
    try {
      await fn();
    } catch (error) {
      console.log(`  ${name} at ${width} failed: ${String(error).split("\n")[0]}`);
      await page.keyboard.press("Escape").catch(() => {});
    }
  };

  await page.goto(`${base}/login`);
  await page.getByLabel("Email").waitFor();
  await shot("login");
  await step("signup", async () => {
    await page.goto(`${base}/signup`);
    await page.getByRole("heading").first().waitFor();
    await shot("signup", { fullPage: true });
  });
  await step("forgot", async () => {
    await page.goto(`${base}/forgotpassword`);
    await page.getByRole("heading").first().waitFor();
    await shot("forgotpassword");
  });
  await step("reset", async () => {
    await page.goto(`${base}/resetPassword/not-a-real-token`);
    await page.getByRole("heading").first().waitFor();
    await shot("reset");
  });

  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill("franchisee@demo.in");
  await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL(/\/home/);
  await settled(page);
  await shot("home");
  await step("drawer", async () => {
    const burger = page.getByTestId("nav-burger");
    if (await burger.isVisible()) {
      await burger.click();
      await page.getByTestId("nav-drawer").getByText("My Account").waitFor();
      await shot("nav-drawer");
      await page.keyboard.press("Escape");
    }
  });
  await step("account menu", async () => {
    await page.getByTestId("account-menu").click();
    await page.getByTestId("account-menu-dropdown").waitFor();
    await shot("account-menu");
    await page.keyboard.press("Escape");
  });

  await page.goto(`${base}/products/listing?stocktype=OwnedStock&sort=-bestSeller`);
  const card = page.getByTestId("product-card").first();
  await card.waitFor();
  await settled(page);
  await shot("listing");
  await shot("listing-full", { fullPage: true });
  let productId = "100006";
  await step("quick view", async () => {
    productId = (await card.getAttribute("data-product-id")) ?? productId;
    await card.getByTestId("quick-view-button").click();
    await page.getByTestId("quick-view").waitFor();
    await shot("quick-view");
    await page.keyboard.press("Escape");
  });
  await step("add", async () => {
    await card.getByTestId("quantity-select").selectOption("2");
    await card.getByTestId("cart-add").click();
    await page.waitForTimeout(800);
    await shot("listing-notice");
  });
  await step("product", async () => {
    await page.goto(`${base}/products/productInfo/${productId}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await settled(page);
    await shot("product");
    await shot("product-full", { fullPage: true });
  });
  await step("cart modal", async () => {
    await page.goto(`${base}/home`);
    await page.getByTestId("cart-button").click();
    await page.getByRole("dialog").waitFor();
    await settled(page);
    await shot("cart-modal");
    await page.keyboard.press("Escape");
  });
  await step("checkout", async () => {
    await page.goto(`${base}/checkout`);
    await page.getByTestId("cart-line").first().waitFor();
    await settled(page);
    await shot("checkout");
    await shot("checkout-full", { fullPage: true });
  });
  await step("place order", async () => {
    await page.getByTestId("place-order-button").click();
    await page.getByTestId("shipping-dialog").waitFor();
    await shot("dialog-shipping");
    await page.getByTestId("shipping-continue").click();
    await page.getByTestId("place-order-dialog").waitFor();
    await shot("dialog-place-order");
    if (process.env.SHOTS_PLACE === "1") {
      await page.getByTestId("confirm-order-button").click();
      await page.getByTestId("summary-dialog").waitFor({ timeout: 30_000 });
      await shot("dialog-summary");
      await page.getByTestId("summary-close").click();
    } else {
      await page.keyboard.press("Escape");
    }
  });
  await step("upload help", async () => {
    await page.goto(`${base}/checkout`);
    await settled(page);
  });
  for (const [name, url] of [
    ["settings", "/settings"],
    ["notifications", "/notifications"],
    ["not-built", "/account/orderHistory"],
  ]) {
    await step(name, async () => {
      await page.goto(`${base}${url}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await settled(page);
      await shot(name);
    });
  }
  await context.close();
}
await browser.close();
console.log(
  overflowing.length
    ? `\nWider than the window:\n${overflowing.join("\n")}`
    : "\nNo screen is wider than the window.",
);
