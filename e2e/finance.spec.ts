import { expect, test } from "@playwright/test";
import { signInFromLogin } from "./support";

/** A small JPEG (start and end markers around padding): a C-form scan as the partner sends it. */
function jpeg(size = 4096): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  return Buffer.concat([head, Buffer.alloc(size - head.length - 2, 0x20), Buffer.from([0xff, 0xd9])]);
}

test("the partner opens an SR and marks it in transit, saves a C-form with its file", async ({ page }) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, "franchisee@demo.in");

  // SR details: the newest Pending sales return of the demo history.
  await page.goto("/account/srDetails");
  await page.getByRole("textbox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Pending", exact: true }).click();
  await page.getByRole("button", { name: "Search" }).click();
  const table = page.getByTestId("sr-table");
  const row = table.locator("tbody tr").first();
  await expect(row.getByRole("button", { name: "In transit" })).toBeVisible({ timeout: 20_000 });
  const reference = (await row.locator("td").first().textContent())?.trim() ?? "";
  expect(reference).toMatch(/^SR/);
  // Open it: its lines in the popup.
  await row.getByRole("button", { name: "Details" }).click();
  const invoice = page.getByTestId("sr-invoice");
  await expect(invoice).toContainText(reference);
  await expect(invoice).toContainText("Pending");
  await page.keyboard.press("Escape");

  await row.getByRole("button", { name: "In transit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please select the shipping company.");
  await dialog.getByRole("textbox", { name: "Shipping company" }).click();
  await page.getByRole("option", { name: "Blue Dart" }).click();
  await dialog.getByRole("textbox", { name: "AWB number" }).fill("BD-E2E-7788");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Sales return ${reference} is marked In Transit.`)).toBeVisible();
  // The list is searched again for Pending: the SR left it; with every status it shows InTransit.
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByRole("button", { name: "Search" }).click();
  const moved = table.getByTestId("sr-row").filter({ hasText: reference });
  await expect(moved).toContainText("InTransit");
  await expect(moved).toContainText("Blue Dart · BD-E2E-7788");

  // C-form: the menu lists it; the screen opens on 2017, the invoice waits To Be Submitted.
  await page.getByTestId("account-menu").click();
  await page.getByTestId("account-menu-dropdown").getByRole("menuitem", { name: "C-Form" }).click();
  await expect(page).toHaveURL(/\/account\/cform$/);
  const cforms = page.getByTestId("cform-table");
  const open = cforms.locator("tbody tr").filter({ hasText: "To Be Submitted" }).first();
  await expect(open).toBeVisible({ timeout: 20_000 });
  const invoiceNumber = (await open.locator("td").first().textContent())?.trim() ?? "";
  await open.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Save C-form" }).click();
  const save = page.getByRole("dialog");
  await expect(save).toContainText(invoiceNumber);
  await save.getByRole("textbox", { name: "C-form number" }).fill("CF-E2E-2017");
  await save.getByRole("textbox", { name: "Docket number" }).fill("IP-E2E-1");
  await save.getByRole("textbox", { name: "Courier name" }).fill("India Post");
  // A PDF is refused by the server's rule even when named .jpg.
  await save.locator('input[type="file"]').setInputFiles({
    name: "renamed.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
  });
  await save.getByRole("button", { name: "Save" }).click();
  await expect(save.getByRole("alert")).toHaveText(
    "Only .xls, .xlsx, .jpg files with maximum size of 1 MB are allowed!",
  );
  await save
    .locator('input[type="file"]')
    .setInputFiles({ name: "cform-scan.jpg", mimeType: "image/jpeg", buffer: jpeg() });
  await save.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your CForm details successfully saved.")).toBeVisible();
  await page.getByRole("textbox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Submitted", exact: true }).click();
  await page.getByRole("button", { name: "Search" }).click();
  const submitted = cforms.locator("tbody tr").filter({ hasText: invoiceNumber });
  await expect(submitted).toContainText("CF-E2E-2017");
  await expect(submitted).toContainText("Submitted");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    submitted.getByRole("button", { name: "cform-scan.jpg" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("cform-scan.jpg");
});

test("the partner confirms a payment and sees it approved after accounts staff approve it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInFromLogin(page, "franchisee@demo.in");
  await page.getByTestId("account-menu").click();
  await page.getByTestId("account-menu-dropdown").getByRole("menuitem", { name: "Confirm Payment" }).click();
  await expect(page).toHaveURL(/\/account\/confirmPayment$/);
  const orders = page.getByTestId("pending-orders");
  const first = orders.locator("tbody tr").first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please select appropriate orders for payment.");
  await first.getByRole("checkbox").check();
  const payable = ((await first.getByTestId("amount-payable").textContent()) ?? "").replace(/[^\d.]/g, "");
  await expect(page.getByTestId("total-payable")).toContainText(
    Number(payable).toLocaleString("en-IN", { minimumFractionDigits: 2 }),
  );
  await page.getByRole("textbox", { name: "Amount paid (₹)" }).fill(payable);
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please select the payment mode.");
  await page.getByRole("textbox", { name: "Payment mode" }).click();
  await page.getByRole("option", { name: "RTGS" }).click();
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please provide reference no.");
  const reference = `UTRE2E${Date.now() % 1_000_000}`;
  await page.getByRole("textbox", { name: "Reference no." }).fill(reference);
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("status")).toContainText(reference);
  const mine = page.getByTestId(`payment-${reference}`);
  await expect(mine).toContainText("Waiting for approval");

  // Accounts staff approve it in the Admin Console.
  const staff = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signInFromLogin(staff, "admin@demo.in");
  await staff.goto("/admin/payments");
  const staffRow = staff.getByTestId("payments-table").locator("tr").filter({ hasText: reference });
  await staffRow.getByRole("button", { name: "Approve" }).click();
  await staff.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText(`Payment ${reference} approved`)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId(`payment-${reference}`)).toContainText("Approved", { timeout: 30_000 });
});
