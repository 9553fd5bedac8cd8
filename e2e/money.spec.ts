import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { pickDay, shownDay, signInFromLogin } from "./support";

/** Rupees on the screen ("₹46,269.51 Dr", "1117.62") as paise; Cr is negative. */
function paiseOf(text: string | null): bigint {
  const match = /(-?)([\d,]+)\.(\d{2})/.exec(text ?? "");
  if (!match) throw new Error(`no amount in "${text}"`);
  const paise = BigInt(`${match[2]?.replace(/,/g, "")}${match[3]}`);
  return match[1] === "-" || /\bCr\b/.test(text ?? "") ? -paise : paise;
}
/** Paise as the amount field takes them: "1117.62". */
const decimal = (paise: bigint) => `${paise / 100n}.${String(paise % 100n).padStart(2, "0")}`;
/** Paise as the portal shows rupees: "₹1,117.62". */
const rupees = (paise: bigint) =>
  `₹${(paise / 100n).toLocaleString("en-IN")}.${String(paise % 100n).padStart(2, "0")}`;
/** India's day (yyyy-MM-dd), `offset` days from today. */
const indiaDay = (offset = 0) =>
  new Date(Date.now() + 5.5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signInFromLogin(page, "admin@demo.in");
  return page;
}

/** Waits for a notice of this kind that was not showing before `action`, and returns its text. */
async function noticeAfter(page: Page, kind: "success" | "error", action: () => Promise<void>) {
  const notices = page.getByTestId(`notice-${kind}`);
  const before = new Set(await notices.allTextContents());
  await action();
  let fresh = "";
  await expect
    .poll(
      async () => {
        fresh = (await notices.allTextContents()).find((text) => !before.has(text)) ?? "";
        return fresh;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  // the notice's title ("Done", "Not done") comes before its message
  return fresh.replace(/^(Done|Not done)/, "");
}

async function openConfirmPayment(page: Page): Promise<Locator> {
  await page.goto("/account/confirmPayment");
  const first = page.getByTestId("pending-orders").locator("tbody tr").first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  return first;
}

async function sendPayment(page: Page, paid: string, reference: string) {
  await page.getByRole("textbox", { name: "Amount paid (₹)" }).fill(paid);
  await page.getByRole("textbox", { name: "Payment mode" }).click();
  await page.getByRole("option", { name: "RTGS" }).click();
  await page.getByRole("textbox", { name: "Reference no." }).fill(reference);
  await page.getByRole("button", { name: "Confirm payment" }).click();
}

test("staff approve a payment with a different amount received, and the partner's balance shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, "franchisee@demo.in");
  const first = await openConfirmPayment(page);
  const balance = paiseOf(await page.getByTestId("ledger-balance").textContent());
  // The partner pays the oldest open invoice, exactly what it still owes.
  await first.getByRole("checkbox").check();
  const payable = paiseOf(await first.getByTestId("amount-payable").textContent());
  await expect(page.getByTestId("total-payable")).toHaveText(`Amount payable ${rupees(payable)}`);
  const reference = `UTRMONEY${Date.now() % 1_000_000}`;
  await sendPayment(page, decimal(payable), reference);
  await expect(page.getByRole("status")).toHaveText(
    `Your payment is confirmed with reference no. ${reference}. It will be credited to your ledger once approved.`,
  );
  await expect(page.getByTestId(`payment-${reference}`)).toContainText("Waiting for approval");

  // Accounts staff received less than was claimed, and approve what the bank shows.
  const received = payable / 2n;
  const staff = await staffPage(browser);
  await staff.goto("/admin/payments");
  const row = staff.getByTestId("payments-table").locator("tr").filter({ hasText: reference });
  await row.getByRole("button", { name: "Approve" }).click();
  const dialog = staff.getByRole("dialog");
  await expect(dialog).toContainText(`${rupees(payable)} claimed`);
  await dialog.getByRole("textbox", { name: "Amount received (₹)" }).fill(decimal(received));
  expect(await noticeAfter(staff, "success", () => staff.getByTestId("ask-dialog-confirm").click())).toBe(
    `Payment ${reference} approved: ${rupees(received)} credited to Babyhug FC Camp Pune's ledger 1.`,
  );
  // approved, it leaves the queue of submitted payments
  await expect(row).toHaveCount(0);

  // The partner's ledger balance falls by what was received, not by what was claimed.
  await page.reload();
  const mine = page.getByTestId(`payment-${reference}`);
  await expect(mine).toContainText("Approved", { timeout: 30_000 });
  await expect(mine.getByTestId("amount-received")).toHaveText(rupees(received));
  const after = balance - received;
  await expect(page.getByTestId("ledger-balance")).toHaveText(
    `${rupees(after < 0n ? -after : after)} ${after < 0n ? "Cr" : "Dr"}`,
  );
});

test("a partner pays the balance; a used reference and an amount above what is owed are refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInFromLogin(page, "franchisee@demo.in");
  await openConfirmPayment(page);
  // a reference this partner used before: an approved confirmation of its history
  const approved = page.getByTestId("payment-history").locator("tbody tr").filter({ hasText: "Approved" });
  const used = ((await approved.first().getAttribute("data-testid")) ?? "").replace(/^payment-/, "");
  expect(used).not.toBe("");

  await page.getByRole("button", { name: "Pay the balance" }).click();
  const owed = paiseOf(await page.getByTestId("amount-owed").textContent());
  expect(owed).toBeGreaterThan(0n);
  await expect(page.getByTestId("total-payable")).toHaveText(`Amount payable ${rupees(owed)}`);
  await expect(page.getByRole("textbox", { name: "Amount paid (₹)" })).toHaveValue(decimal(owed));

  await sendPayment(page, decimal(owed), used);
  await expect(page.getByRole("alert")).toHaveText(
    `Reference no. ${used} has already been used for one of your payments. Please check the reference no.`,
  );
  const reference = `UTRBAL${Date.now() % 1_000_000}`;
  await page.getByRole("textbox", { name: "Reference no." }).fill(reference);
  await page.getByRole("textbox", { name: "Amount paid (₹)" }).fill(decimal(owed + 100n));
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    `The amount paid is more than the ${rupees(owed)} you owe on this ledger account.`,
  );
  await page.getByRole("textbox", { name: "Amount paid (₹)" }).fill(decimal(owed));
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("status")).toContainText(reference);
  // Everything owed now waits for approval: nothing is left to pay.
  await expect(page.getByTestId("amount-owed")).toHaveText("₹0.00");
  await expect(page.getByText("Nothing is owed on this account.").first()).toBeVisible();
  await expect(page.getByTestId(`payment-${reference}`)).toContainText(rupees(owed));
});

test("staff open the reconciliation report from the Admin Console", async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await staffPage(browser);
  await staff.goto("/admin");
  await staff.getByRole("navigation", { name: "Admin Console" }).getByText("Reconciliation").click();
  await expect(staff).toHaveURL(/\/admin\/reconciliation$/);
  const summary = staff.getByTestId("reconciliation-summary");
  await expect(summary).toContainText("Accounts checked");
  await expect(summary).not.toContainText("…", { timeout: 60_000 });
  const figures = await summary.locator(".mantine-Card-root").allTextContents();
  const count = (label: string) => Number(/\d+/.exec(figures.find((f) => f.includes(label)) ?? "")?.[0]);
  expect(count("Accounts checked")).toBeGreaterThan(0);
  const table = staff.getByTestId("reconciliation-table");
  if (count("Disagreements") === 0) {
    await expect(table).toContainText("Every document agrees with the one before it");
  } else {
    // every disagreement is listed, 25 a page, each naming its check, partner and account
    await expect(table.locator("tbody tr")).toHaveCount(Math.min(25, count("Disagreements")));
    await expect(table.locator("tbody tr").first()).toContainText(/ · account [12]/);
  }
});

test("staff set the lock date in Settings; a ship date before the day is refused", async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await staffPage(browser);
  const today = indiaDay();
  try {
    await staff.goto("/admin/settings");
    await expect(staff.getByTestId("lock-date-facts")).toHaveText("No period is closed · never changed");
    await pickDay(staff, "Lock date", today);
    const lockCard = staff.locator(".mantine-Card-root").filter({ hasText: "Closes the books" });
    expect(
      await noticeAfter(staff, "success", () => lockCard.getByRole("button", { name: "Save" }).click()),
    ).toBe(`Books closed before ${shownDay(today)}`);
    await expect(staff.getByTestId("lock-date-facts")).toContainText(
      `Closed before ${shownDay(today)} · changed`,
    );

    // A load built today, handed over, and shipped with yesterday's date: refused, nothing shipped.
    await staff.goto("/admin/loads");
    const candidate = staff.getByTestId("load-candidate").first();
    await expect(candidate).toBeVisible({ timeout: 20_000 });
    await candidate.getByTestId("build-load").click();
    const built = await noticeAfter(staff, "success", () => staff.getByTestId("ask-dialog-confirm").click());
    const loadId = /Load (\d+) built/.exec(built)?.[1];
    expect(loadId).toMatch(/^\d+$/);
    await staff.getByTestId(`hand-over-${loadId}`).click();
    await staff.getByTestId("transporter").fill("Blue Dart");
    await staff.getByTestId("docket").fill("BD7654321");
    await noticeAfter(staff, "success", () => staff.getByTestId("ask-dialog-confirm").click());
    await staff.getByTestId(`ship-${loadId}`).click();
    const yesterday = indiaDay(-1);
    await pickDay(staff, "Actual ship date", yesterday);
    const refused = await noticeAfter(staff, "error", () => staff.getByTestId("ask-dialog-confirm").click());
    // the load was built today, so the day before is refused before the lock date is looked at
    expect(refused).toBe(
      `The ship date ${shownDay(yesterday)} is before the load was built on ${shownDay(today)}.`,
    );
    await staff.keyboard.press("Escape");
    await expect(staff.getByTestId(`ship-${loadId}`)).toBeVisible();

    // The lock date itself cannot be in the future.
    const token = await staff.evaluate(() => localStorage.getItem("portal.token"));
    const future = await staff.request.put("/api/admin/settings/lock-date", {
      headers: { authorization: `Bearer ${token}` },
      data: { lockDate: indiaDay(1) },
    });
    expect(future.status()).toBe(400);
    expect((await future.json()).message).toBe(
      `The lock date cannot be after today (${shownDay(today)}): only a period that has begun can be closed.`,
    );
  } finally {
    // Other journeys ship and approve on their own days: open every period again (a page closed by
    // a timeout cannot, and the timeout's own error is the one to read).
    if (!staff.isClosed()) {
      const token = await staff.evaluate(() => localStorage.getItem("portal.token"));
      await staff.request.put("/api/admin/settings/lock-date", {
        headers: { authorization: `Bearer ${token}` },
        data: { lockDate: null },
      });
    }
  }
});
