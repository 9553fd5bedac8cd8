import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, pickDay, signInFromLogin } from "./support";

/** ₹ in the Indian grouping with 2 decimals, as the screens show amounts. */
function rupees(amount: string): string {
  const [whole = "0", fraction = "00"] = amount.split(".");
  const grouped =
    whole.length <= 3
      ? whole
      : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${whole.slice(-3)}`;
  return `₹${grouped}.${fraction}`;
}

/** axe-core's WCAG 2.1 A/AA rules and best practices on what is on screen now. */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`,
  );
}

test("the franchisee reads the ledger, changes dates, opens a transaction and downloads the CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // What the server says for the chosen dates, to compare with what the screen shows.
  const signIn = await request.post("/api/auth/local", {
    data: { email: "franchisee@demo.in", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
  const range = { ledgerAccount: 1, fromDate: "2026-08-01", toDate: "2026-10-31" };
  const statement = await (await request.post("/api/ledger/getLedger", { headers, data: range })).json();
  const [opening, ...entries] = statement.ledger;
  expect(entries.length).toBeGreaterThan(3);

  await signInFromLogin(page, "franchisee@demo.in");
  await page.getByTestId("account-menu").click();
  await page.getByRole("menuitem", { name: "Ledger" }).click();
  await expect(page).toHaveURL(/\/account\/ledger$/);
  await expect(page.getByRole("heading", { name: "Ledger" })).toBeVisible();
  await expect(page.getByTestId("opening-balance")).toBeVisible();

  await pickDay(page, "From date", "2026-08-01");
  await pickDay(page, "To date", "2026-10-31");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("opening-balance")).toHaveText(
    `${rupees(opening.openingBalance)} ${opening.crdrOpeningBalance}`,
  );
  await expect(page.getByTestId("closing-balance")).toHaveText(
    `${rupees(statement.closingBalance)} ${statement.crdrClosingBalance}`,
  );
  const table = page.getByTestId("ledger-table");
  await expect(table.getByText("Opening Balance")).toBeVisible();
  await expect(table.getByText(entries[0].voucherNumber, { exact: true }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The CSV holds the same statement.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("ledger-1-2026-08-01-2026-10-31.csv");
  const csv = (await readFile((await download.path()) as string, "utf8"))
    .replace(/^\uFEFF/, "")
    .split("\r\n");
  expect(csv[0]).toBe(
    "Date,Voucher Type,Voucher No,Particulars,Description,Reference,Debit,Credit,Balance,Dr/Cr",
  );
  expect(csv[1]).toBe(
    `01-08-2026,,,Opening Balance,,,,,${opening.openingBalance},${opening.crdrOpeningBalance}`,
  );
  expect(csv).toHaveLength(entries.length + 3);
  expect(csv.at(-1)).toContain(`Closing Balance,,,${statement.totalDebit},${statement.totalCredit}`);

  // A sales invoice's order status, then its transaction details.
  const sale = entries.find((e: { kind: string }) => e.kind === "sales");
  const saleRow = table.getByRole("row").filter({ hasText: sale.voucherNumber });
  await saleRow.getByRole("button", { name: `More for ${sale.voucherNumber}` }).click();
  await page.getByRole("menuitem", { name: "Order status" }).click();
  const orders = page.getByTestId("ledger-orders");
  await expect(orders).toBeVisible();
  await expect(orders.getByText(/Shipped|Delivered/).first()).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();

  await saleRow.getByRole("link", { name: "Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/account/transactionDetails/1/${sale.id}$`));
  await expect(page.getByRole("heading", { name: "Transaction Details" })).toBeVisible();
  const entry = page.getByTestId("transaction-entry");
  await expect(entry.getByText(sale.voucherNumber, { exact: true })).toBeVisible();
  await expect(entry.getByText(`${rupees(sale.debit)} Dr`)).toBeVisible();
  await expect(page.getByText(`Load ${sale.loadId}`, { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("on a 390 px phone: what is owed by age, the statement of one voucher type, nothing scrolls sideways", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const signIn = await request.post("/api/auth/local", {
    data: { email: "franchisee@demo.in", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
  const all = await (
    await request.post("/api/ledger/getLedger", { headers, data: { ledgerAccount: 1 } })
  ).json();
  const receipts = await (
    await request.post("/api/ledger/getLedger", {
      headers,
      data: { ledgerAccount: 1, voucherType: "Receipt" },
    })
  ).json();
  expect(receipts.ledger.length).toBeGreaterThan(1);

  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/ledger");
  await expect(page.getByTestId("opening-balance")).toBeVisible();
  // The ageing: each bucket as the server computed it, adding up to the outstanding.
  for (const bucket of all.ageing.buckets)
    await expect(page.getByTestId(`ageing-${bucket.key}`)).toHaveText(rupees(bucket.amount));
  await expect(page.getByTestId("ageing-outstanding")).toHaveText(rupees(all.ageing.outstanding));
  const cents = (a: string) => Math.round(Number(a) * 100);
  expect(all.ageing.buckets.reduce((s: number, b: { amount: string }) => s + cents(b.amount), 0)).toBe(
    cents(all.ageing.outstanding),
  );

  // Receipts only: their rows, the others summed, the closing balance unchanged.
  await page.getByRole("textbox", { name: "Voucher type" }).click();
  await page.getByRole("option", { name: "Receipt" }).click();
  const rows = page.getByTestId("ledger-row");
  await expect(rows).toHaveCount(receipts.ledger.length + (receipts.otherEntries.count > 0 ? 1 : 0));
  await expect(
    page.getByText(`Other vouchers, not shown (${receipts.otherEntries.count} entries)`),
  ).toBeVisible();
  await expect(page.getByTestId("closing-balance")).toHaveText(
    `${rupees(all.closingBalance)} ${all.crdrClosingBalance}`,
  );
  const firstReceipt = receipts.ledger[1];
  const card = rows.filter({ hasText: firstReceipt.voucherNumber }).first();
  await expect(card).toContainText(rupees(firstReceipt.credit));
  await expect(card.getByRole("link", { name: "Details" })).toBeVisible();
  // Every amount is whole on the card (not cut off), and the page does not scroll sideways.
  const clipped = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll("[data-testid=ledger-row] td")).filter(
        (td) => td.scrollWidth > td.clientWidth + 1,
      ).length,
  );
  expect(clipped).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(
    page.getByRole("link", { name: "Mail me my statement on the 1st of each month" }),
  ).toHaveAttribute("href", "/settings");
  expect(await violations(page)).toEqual([]);
});
