import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { dismissNotices, shoot, shownDay, signInFromLogin } from "./support";

/**
 * The partner dashboard (issue 30): the franchisee opens /dashboard from the account menu, reads the
 * figures the API answers (formatted the domain's way), switches a chart to its table, downloads the
 * table as CSV, and follows a month to the order history filtered to it; on a phone nothing scrolls
 * sideways.
 */
const STORE = "franchisee@demo.in";

interface Month {
  month: string;
  spend: number;
  ordered: number;
  confirmed: number;
  shipped: number;
  invoices: number;
}
interface Dashboard {
  from: string;
  to: string;
  months: Month[];
  spend: { total: number; invoices: number };
  fillRate: { ordered: number; shipped: number; shippedPercent: number | null };
  money: { outstanding: number };
}

/** Calls the API as the signed-in user (the token the app keeps). */
async function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
    return res.json();
  }, url);
}

/** ₹1,23,456.78 from integer paise, as the domain's formatRupees writes it. */
function rupees(paise: number): string {
  const whole = Math.trunc(Math.abs(paise) / 100).toString();
  const fraction = String(Math.abs(paise) % 100).padStart(2, "0");
  const grouped =
    whole.length <= 3
      ? whole
      : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${whole.slice(-3)}`;
  return `${paise < 0 ? "-" : ""}₹${grouped}.${fraction}`;
}
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthLabel = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

test("the dashboard's figures, a chart as a table, its CSV, and a month's orders in the order history", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, STORE);
  await dismissNotices(page);

  // From the account menu, near its top.
  await page
    .getByRole("button", { name: /my account/i })
    .first()
    .click();
  await page.getByTestId("menu-dashboard").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  const data = await api<Dashboard>(page, "/api/dashboard");
  expect(data.spend.invoices).toBeGreaterThan(0);
  await expect(page.getByTestId("figure-spend-value")).toHaveText(rupees(data.spend.total));
  await expect(page.getByTestId("figure-fill-value")).toHaveText(`${data.fillRate.shippedPercent}%`);
  await expect(page.getByTestId("figure-outstanding-value")).toHaveText(rupees(data.money.outstanding));
  await expect(page.getByTestId("figure-spend")).toContainText(`${data.spend.invoices} tax invoices`);

  // Spend by month: the chart, then the same figures as a table.
  const spendPanel = page.getByTestId("panel-spend-month");
  await expect(spendPanel.getByRole("img", { name: /^Spend by month:/ })).toBeVisible();
  await spendPanel.getByText("Table", { exact: true }).click();
  const table = page.getByTestId("panel-spend-month-table");
  const busiest = [...data.months].sort((a, b) => b.spend - a.spend)[0] as Month;
  const row = table.getByRole("row").filter({ hasText: monthLabel(busiest.month) });
  await expect(row).toContainText(rupees(busiest.spend));
  await shoot(page, "dashboard");

  // Its CSV: one row a month, amounts in rupees with two decimals.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    spendPanel.getByRole("button", { name: "Spend by month: download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`spend-by-month-${data.from}-${data.to}.csv`);
  const csv = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe("Month,Tax invoices,Spend,MRP value,Margin at MRP");
  expect(lines).toHaveLength(data.months.length + 1);
  const spendCell = (busiest.spend / 100).toFixed(2);
  expect(
    lines.filter((l) => l.startsWith(`${busiest.month},${busiest.invoices},${spendCell},`)),
  ).toHaveLength(1);

  // A month of the fill rate leads to the order history filtered to the orders placed in it.
  const fillPanel = page.getByTestId("panel-fill-rate");
  await fillPanel.getByText("Table", { exact: true }).click();
  const placed = [...data.months]
    .reverse()
    .find((m) => m.ordered > 0 && m.month < data.to.slice(0, 7)) as Month;
  const from = `${placed.month}-01`;
  const ordersAsked = page.waitForRequest((r) => {
    const url = new URL(r.url());
    return url.pathname === "/api/order" && url.searchParams.get("orderFrom") === from;
  });
  await fillPanel.getByRole("link", { name: monthLabel(placed.month) }).click();
  await expect(page).toHaveURL(
    new RegExp(`/account/orderHistory\\?orderFrom=${from}&orderTo=${placed.month}-\\d\\d$`),
  );
  const asked = new URL((await ordersAsked).url());
  const history = await api<{ count: number }>(page, `/api/order?${asked.searchParams.toString()}`);
  expect(history.count).toBeGreaterThan(0);
  await expect(page.getByLabel("Order from", { exact: true })).toHaveText(shownDay(from));

  // On a phone nothing scrolls sideways.
  await page.goto("/dashboard");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("figure-spend-value")).toHaveText(rupees(data.spend.total), {
    timeout: 30_000,
  });
  await page.getByTestId("panel-spend-month").getByText("Table", { exact: true }).click();
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
