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
  await expect(table.getByRole("cell", { name: entries[0].voucherNumber, exact: true })).toBeVisible();
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
