import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, shoot, signInFromLogin } from "./support";

/** ₹ in the Indian grouping with 2 decimals, as the screens show amounts. */
function rupees(amount: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = "00"] = amount.replace("-", "").split(".");
  const grouped =
    whole.length <= 3
      ? whole
      : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${whole.slice(-3)}`;
  return `${negative ? "-" : ""}₹${grouped}.${fraction}`;
}

test("staff see a month's GSTR-1 totals and download its JSON and CSV", async ({ page, request }) => {
  test.setTimeout(120_000);
  const signIn = await request.post("/api/auth/local", {
    data: { email: "admin@demo.in", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
  const companies = await (await request.get("/api/admin/gstr1/companies", { headers })).json();
  const gstin = companies[0].gstin as string;
  // The month before the current one is the page's first choice.
  const now = new Date();
  const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${prev.getUTCFullYear()}-${String(prev.getUTCMonth() + 1).padStart(2, "0")}`;
  const summary = await (
    await request.get(`/api/admin/gstr1?gstin=${gstin}&month=${month}`, { headers })
  ).json();
  expect(summary.totals.invoices.documents).toBeGreaterThan(0);

  await signInFromLogin(page, "admin@demo.in");
  await page.goto("/admin/gstr1");
  await expect(page.getByRole("heading", { name: "GSTR-1" })).toBeVisible();
  await expect(page.getByText(`return period ${summary.fp}`)).toBeVisible();
  await expect(page.getByText(rupees(summary.totals.net.taxable)).first()).toBeVisible();
  await shoot(page, "gstr1");

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  expect(json.suggestedFilename()).toBe(`GSTR1_${gstin}_${month.replace("-", "")}.json`);
  const body = JSON.parse(await readFile((await json.path()) as string, "utf8"));
  expect(body.gstin).toBe(gstin);
  expect(body.fp).toBe(summary.fp);
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect((await readFile((await csv.path()) as string, "utf8")).startsWith("Section,Partner GSTIN,")).toBe(
    true,
  );
});

test("the franchisee downloads the ledger's period as Tally XML and CSV", async ({ page }) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/ledger");
  await expect(page.getByRole("button", { name: "Tally XML" })).toBeEnabled();
  await shoot(page, "ledger-tally");
  const [xml] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Tally XML" }).click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^tally-1-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xml$/);
  const text = await readFile((await xml.path()) as string, "utf8");
  expect(text).toContain("<TALLYREQUEST>Import Data</TALLYREQUEST>");
  expect(text).toContain('<VOUCHER VCHTYPE="Purchase"');
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Tally CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^tally-1-.*\.csv$/);
  expect((await readFile((await csv.path()) as string, "utf8")).split("\r\n")[1]).toContain(
    "Opening Balance",
  );
});
