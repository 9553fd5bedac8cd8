import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, shownDay } from "./support";

const address = {
  name: "Ravi Kumar",
  address1: "12 Residency Road",
  address2: "Shanthala Nagar",
  city: "Bengaluru",
  state: "Karnataka",
  pincode: "560001",
  phone: "9845012345",
};

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The stockist places a Pending order of 2 units from warehouse 2 (the setup, through the API). */
async function placePendingOrder(request: APIRequestContext): Promise<string> {
  const partner = await tokenOf(request, "stockist@demo.in");
  const listing = await (
    await request.post("/api/listing/b2b", {
      headers: partner,
      data: { filters: [{ key: "stocktype", values: ["OwnedStock"] }], size: 50 },
    })
  ).json();
  const product = listing.products.find(
    (p: { whId: number; totalStock: number }) => p.whId === 2 && p.totalStock >= 10,
  );
  expect(product?.whId, "a product in stock at warehouse 2").toBe(2);
  const res = await request.post("/api/order", {
    headers: { ...partner, "idempotency-key": `e2e-keyboard-${Date.now()}` },
    data: {
      orders: [{ wh: 2, products: [{ id: product.id, qty: 2 }] }],
      shippingAddress: address,
      billingAddress: { ...address, gstNo: "29AAACB1234F1Z3" },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result[0].poid as string;
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (Shift+Tab backwards) until `target` has the focus; answers how many presses it took. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) {
      test.info().annotations.push({ type: "tab presses", description: `${presses} to ${target}` });
      return presses;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} not reached in ${max} ${back ? "Shift+Tab" : "Tab"} presses`);
}

/** Runs a step and answers the text of the success notice it brings (an earlier one may still show). */
async function noticeOf(page: Page, step: () => Promise<void>): Promise<string> {
  const notices = page.getByTestId("notice-success").locator(".mantine-Notification-description");
  const before = new Set(await notices.allTextContents());
  await step();
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
  return fresh;
}

/** Goes to a desk through the section bar: Tab (or Shift+Tab) to its link, Enter. */
async function openDesk(page: Page, label: string, path: RegExp) {
  const link = page
    .getByRole("navigation", { name: "Admin Console" })
    .getByRole("link", { name: label, exact: true });
  await tabTo(page, link, { back: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(path);
}

/** `/`, the search, Enter: the list is asked again with `q`. */
async function search(page: Page, table: Locator, text: string) {
  await expect(table.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("/");
  await expect(table.getByTestId("list-search")).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

/** The dialog's confirm button, reached by Tab inside the dialog (its focus trap), then Enter. */
async function confirmDialog(page: Page) {
  const confirm = page.getByTestId("ask-dialog-confirm");
  await tabTo(page, confirm, { max: 20 });
  await page.keyboard.press("Enter");
}

test("a clerk finds a Pending order by its PO, confirms it, ships its load and prints its invoice, all from the keyboard", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const poid = await placePendingOrder(request);
  const todayInIndia = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });

  // Sign in: Email, Tab, Password, Enter.
  await page.goto("/login");
  await page.getByLabel("Email").focus();
  await page.keyboard.type("admin@demo.in");
  await tabTo(page, page.getByLabel("Password", { exact: true }), { max: 5 });
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home/);

  // The orders desk, typed in the address bar; `/` searches the PO, ArrowDown reaches its row, Enter opens it.
  await page.goto("/admin/orders");
  const orders = page.getByTestId("orders-table");
  await search(page, orders, poid);
  await expect(page).toHaveURL(new RegExp(`q=${poid}`));
  await expect(orders.locator("tbody tr")).toHaveCount(1);
  await expect(orders.locator("tbody tr").first()).toContainText("Pending");
  await page.keyboard.press("ArrowDown");
  await expect(orders.locator("tbody tr").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/admin/orders/${poid}`);

  // Confirm it in full: Tab to "Confirm order", Enter, Tab to the dialog's confirm, Enter.
  const order = page.getByTestId("admin-order");
  await expect(order.getByTestId("order-confirm")).toHaveText("Confirm order");
  await tabTo(page, order.getByTestId("order-confirm"));
  await page.keyboard.press("Enter");
  await expect(
    page
      .getByTestId("ask-dialog")
      .getByText(`Confirm all 2 units of ${poid}? The partner is told.`, { exact: true }),
  ).toBeVisible();
  expect(await noticeOf(page, () => confirmDialog(page))).toBe(`Order ${poid} confirmed: all 2 units.`);
  await expect(order.locator(".mantine-Badge-root").first()).toHaveText("Confirmed");

  // The loads board through the section bar: only this order goes into a new load (Space unticks
  // any other Confirmed order of the stockist from warehouse 2), Build load, confirm.
  await openDesk(page, "Loads", /\/admin\/loads$/);
  const candidate = page.getByTestId("load-candidate").filter({ hasText: poid });
  for (const box of await candidate.getByRole("checkbox").all()) {
    await tabTo(page, box);
    const ours = (await box.getAttribute("value")) === poid;
    if ((await box.isChecked()) !== ours) await page.keyboard.press("Space");
    await expect(box).toBeChecked({ checked: ours });
  }
  await tabTo(page, candidate.getByTestId("build-load"));
  await page.keyboard.press("Enter");
  const built = await noticeOf(page, () => confirmDialog(page));
  const loadId = /^Load (\d+) built/.exec(built)?.[1] ?? "";
  expect(built).toBe(`Load ${loadId} built (Ready To Dispatch) with 1 order(s): ${poid}.`);

  // Hand it over: `/` finds the load by the PO, ArrowDown to its row, Tab to "Hand over", Enter.
  const loads = page.getByTestId("loads-table");
  await search(page, loads, poid);
  await expect(loads.locator("tbody tr")).toHaveCount(1);
  await expect(loads.locator("tbody tr").first()).toContainText("Ready To Dispatch");
  await page.keyboard.press("ArrowDown");
  await expect(loads.locator("tbody tr").first()).toBeFocused();
  await tabTo(page, loads.getByTestId(`hand-over-${loadId}`));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("docket")).toHaveValue("");
  await tabTo(page, page.getByTestId("transporter"), { max: 10 });
  await page.keyboard.type("Blue Dart");
  await page.keyboard.press("Escape"); // closes the transporter suggestions, not the dialog
  await expect(page.getByTestId("ask-dialog")).toBeVisible();
  await tabTo(page, page.getByTestId("docket"), { max: 10 });
  const docket = `KB${Date.now() % 100_000_000}`;
  await page.keyboard.type(docket);
  expect(await noticeOf(page, () => confirmDialog(page))).toBe(
    `Load ${loadId} handed over to Blue Dart, docket ${docket}.`,
  );
  await expect(loads.locator("tbody tr").first()).toContainText("Hand Over");

  // Ship it today: Tab to "Ship" on the row, Enter; the ship date starts at India's today.
  await tabTo(page, loads.getByTestId(`ship-${loadId}`));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Actual ship date" })).toHaveText(shownDay(todayInIndia));
  const shipped = await noticeOf(page, () => confirmDialog(page));
  const invoiceNumber = /tax invoice (\S+)\.$/.exec(shipped)?.[1] ?? "";
  expect(invoiceNumber).toMatch(/^IM02\/\d{4}\/\d{6}$/);
  expect(shipped).toBe(
    `Load ${loadId} shipped on ${shownDay(todayInIndia)}; orders ${poid} are Shipped; tax invoice ${invoiceNumber}.`,
  );
  await expect(loads.locator("tbody tr").first()).toContainText("Shipped");

  // The invoices desk: `/` finds the PO's invoices (its proforma and the load's tax invoice);
  // the arrow keys reach the tax invoice's row, Enter opens it.
  await openDesk(page, "Invoices", /\/admin\/invoices$/);
  const invoices = page.getByTestId("invoices-table");
  await search(page, invoices, poid);
  await expect(invoices.locator("tbody tr")).toHaveCount(2);
  await expect(invoices.locator("tbody tr").filter({ hasText: "Proforma" })).toHaveCount(1);
  const taxRow = invoices.locator("tbody tr").filter({ hasText: invoiceNumber });
  await expect(taxRow).toContainText("Tax invoice");
  await page.keyboard.press("ArrowDown");
  if (!(await isFocused(taxRow))) await page.keyboard.press("ArrowDown");
  await expect(taxRow).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  const invoiceId = /\/admin\/invoices\/(\d+)$/.exec(page.url())?.[1] ?? "";
  const invoice = page.getByTestId("admin-invoice");
  await expect(invoice.getByRole("heading", { level: 2 })).toHaveText(invoiceNumber);

  // D downloads the PDF (the partner's own document); P prints it from a hidden frame.
  const fileName = `${invoiceNumber.replaceAll("/", "_")}.pdf`;
  const [download, saved] = await Promise.all([
    page.waitForEvent("download"),
    noticeOf(page, () => page.keyboard.press("d")),
  ]);
  expect(saved).toBe(`Saved ${fileName}`);
  expect(download.suggestedFilename()).toBe(fileName);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const [printed] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/admin/invoices/${invoiceId}/pdf`)),
    page.keyboard.press("p"),
  ]);
  expect(printed.status()).toBe(200);
  expect(printed.headers()["content-type"]).toBe("application/pdf");
  await expect(page.getByTestId("invoice-print-frame")).toHaveCount(1);
});
