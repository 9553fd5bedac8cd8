import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3303";
const out = "/tmp/i10w-shots";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [width, height] of [[390, 844], [768, 1024], [1366, 768]]) {
  for (const who of ["franchisee", "kiosk"]) {
    const ctx = await browser.newContext({ viewport: { width, height } });
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(`${who}@demo.in`);
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL(/\/home/);
    const wide = async (n) => {
      const w = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (w > 0) console.log(`${n}-${width} overflow ${w}px`);
    };
    const shot = async (n) => { await page.waitForTimeout(600); await wide(n); await page.screenshot({ path: `${out}/${n}-${width}.png` }); };
    try {
      if (who === "franchisee") {
        await page.goto(`${base}/account/waybill`);
        await page.getByTestId("waybill-table").waitFor();
        await shot("waybill");
        await page.getByRole("button", { name: /Documents/ }).first().click();
        await page.getByTestId("waybill-documents").waitFor();
        await page.getByTestId("waybill-upload").click();
        await page.locator('input[type="file"]').setInputFiles({ name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
        await page.getByTestId("waybill-upload").click();
        await shot("waybill-documents");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Log" }).first().click();
        await shot("waybill-log");
        await page.keyboard.press("Escape");
        await page.getByTestId("account-menu").click();
        await shot("account-menu");
      } else {
        await page.goto(`${base}/account/kioskConfirmation?status=Confirmed`);
        await page.getByTestId("kiosk-table").waitFor();
        await shot("kiosk");
        await page.getByRole("button", { name: "Receipt" }).first().click();
        await page.getByTestId("kiosk-receipt").waitFor();
        await shot("kiosk-receipt");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Track" }).first().click();
        await page.getByTestId("kiosk-track").waitFor();
        await shot("kiosk-track");
        await page.keyboard.press("Escape");
        await page.getByTestId("kiosk-new").click();
        await page.getByTestId("kiosk-mobile").fill("9876500011");
        await page.getByTestId("kiosk-find").click();
        await page.getByTestId("kiosk-customer-state").waitFor();
        await shot("kiosk-new");
      }
    } catch (e) { console.log(who, width, String(e).split("\n")[0]); await page.screenshot({ path: `${out}/error-${who}-${width}.png` }); }
    await ctx.close();
  }
}
await browser.close();
