import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { clearDay, DEMO_PASSWORD, pickDay, shoot, shownDay, signInFromLogin } from "./support";

const address = {
  name: "Priya Deshmukh",
  address1: "Shop 4, Sterling Centre, 16 M.G. Road",
  address2: "Camp",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  phone: "9822014567",
};

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/**
 * The franchisee's history made through the API: a Pending order, and an order confirmed, loaded,
 * shipped and delivered with one unit missing (a gap).
 */
async function makeHistory(request: APIRequestContext) {
  const partner = await tokenOf(request, "franchisee@demo.in");
  const staff = await tokenOf(request, "admin@demo.in");
  const listing = await (
    await request.post("/api/listing/b2b", {
      headers: partner,
      data: { filters: [{ key: "stocktype", values: ["OwnedStock"] }], size: 50 },
    })
  ).json();
  const ids: number[] = listing.products
    .filter((p: { whId: number; totalStock: number }) => p.whId === 2 && p.totalStock >= 10)
    .map((p: { id: number }) => p.id);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  const place = async (products: { id: number; qty: number }[]) => {
    const res = await request.post("/api/order", {
      headers: { ...partner, "idempotency-key": `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      data: {
        orders: [{ wh: 2, products }],
        shippingAddress: address,
        billingAddress: { ...address, gstNo: "27AAACB1234F1Z5" },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).result[0].poid as string;
  };
  const pending = await place([{ id: ids[0] as number, qty: 1 }]);
  const delivered = await place([
    { id: ids[1] as number, qty: 3 },
    { id: ids[2] as number, qty: 2 },
  ]);
  const staffCall = async (url: string, data: object = {}) => {
    const res = await request.post(url, { headers: staff, data });
    expect(res.status(), `${url} ${await res.text()}`).toBe(200);
    return res.json();
  };
  await staffCall(`/api/admin/orders/${delivered}/confirm`);
  const load = await staffCall("/api/admin/loads", { poids: [delivered] });
  await staffCall(`/api/admin/loads/${load.id}/hand-over`, { transporter: "Blue Dart", docketNo: "BD4242" });
  await staffCall(`/api/admin/loads/${load.id}/ship`);
  await staffCall(`/api/admin/loads/${load.id}/deliver`, {
    lines: [{ poid: delivered, productId: ids[1], deliveredQuantity: 2 }],
  });
  return { pending, delivered, loadId: load.id as number, gapProduct: ids[1] as number };
}

test("order history: filter, open an order, download its invoice, gap-reorder into the cart; loads and a data file", async ({
  page,
  request,
}) => {
  // A long journey (and screenshots at three widths when SHOTS_DIR is set).
  test.setTimeout(process.env.SHOTS_DIR ? 240_000 : 120_000);
  const history = await makeHistory(request);
  await signInFromLogin(page, "franchisee@demo.in");
  await page.evaluate(async () => {
    await fetch("/api/users/cart", {
      method: "DELETE",
      headers: { authorization: `Bearer ${localStorage.getItem("portal.token")}` },
    });
  });

  await page.goto("/account/orderHistory");
  await expect(page).toHaveTitle(/Order History/);
  const table = page.getByTestId("order-table");
  await expect(table.getByText(history.pending)).toBeVisible();
  await expect(table.getByText(history.delivered)).toBeVisible();
  await shoot(page, "order-history");

  // A rule refused before the request is sent.
  // today in India (the portal's days), not the machine's UTC day: they differ after 18:30 UTC
  const indiaToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  // the range starts on the first of India's month, shown dd-MM-yyyy
  await expect(page.getByLabel("Order from", { exact: true })).toHaveText(
    shownDay(`${indiaToday.slice(0, 8)}01`),
  );
  await clearDay(page, "Order to");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("filter-problem")).toHaveText("Please select Order From and Order To date");

  // Filter on Delivered.
  await pickDay(page, "Order to", indiaToday);
  await page.getByRole("textbox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Delivered" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByText(history.pending)).toHaveCount(0);
  await expect(table.getByText(history.delivered)).toBeVisible();
  await expect(page.getByTestId("order-stats")).toContainText("1");

  // The invoice popup, and its PDF.
  await page.getByRole("button", { name: `Actions for ${history.delivered}` }).click();
  await page.getByRole("menuitem", { name: "Invoice" }).click();
  const invoice = page.getByTestId("invoice");
  await expect(invoice).toContainText("TAX INVOICE");
  await expect(page.getByTestId("invoice-total")).toContainText("₹");
  await shoot(page, "invoice-modal");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    invoice.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^I[MA]02_\d{4}_\d{6}\.pdf$/);
  const pdf = await readFile((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await page.keyboard.press("Escape");

  // Order details.
  await table.getByRole("button", { name: history.delivered, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orderDetails/${history.delivered}`));
  await expect(page.getByTestId("order-lines")).toContainText(String(history.gapProduct));
  await expect(page.getByText("B2B", { exact: true }).first()).toBeVisible();
  await shoot(page, "order-details");

  // Gap reorder: the one missing unit goes to the cart.
  await page.getByRole("button", { name: "Gap reorder" }).click();
  await expect(page.getByTestId("gap-report")).toBeVisible();
  await shoot(page, "gap-reorder");
  await page.getByRole("button", { name: "Add gap to cart" }).click();
  const result = page.getByTestId("reorder-result");
  await expect(result).toContainText(String(history.gapProduct));
  await expect(result).toContainText("added");
  await shoot(page, "gap-reorder-result");
  await page.getByRole("button", { name: "Close" }).first().click();
  await page.getByRole("button", { name: "Add gap to cart" }).click();
  await expect(page.getByTestId("reorder-result")).toContainText("Already added to cart..!!");
  await page.getByRole("button", { name: "Close" }).first().click();

  // Loads: the list with a filter, details, invoice and the data file.
  await page.goto("/account/loadHistory");
  const loads = page.getByTestId("load-table");
  await expect(loads.getByRole("button", { name: String(history.loadId), exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("load-totals")).toContainText("Loads");
  await shoot(page, "load-history");
  await page.getByRole("textbox", { name: "Load status" }).click();
  await page.getByRole("option", { name: "Hand Over" }).click();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(loads.getByRole("button", { name: String(history.loadId), exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByRole("button", { name: "Search" }).click();
  const [dataFile] = await Promise.all([
    page.waitForEvent("download"),
    loads.getByRole("button", { name: "Data file" }).first().click(),
  ]);
  const csv = await readFile((await dataFile.path()) as string, "utf8");
  expect(csv.split(/\r?\n/)[0]).toMatch(/^InvoiceRef,ProductID,ProductInfoID,/);
  await page.goto(`/account/loadDetails/${history.loadId}`);
  await expect(page.getByTestId("load-lines")).toContainText(history.delivered);
  await shoot(page, "load-details");
  await page.goto(`/account/invoice/${history.loadId}`);
  await expect(page.getByTestId("invoice")).toContainText("TAX INVOICE");
  await shoot(page, "load-invoice");
  // The invoice as the browser prints it: the invoice alone, on one page.
  const printed = await page.pdf({
    landscape: true,
    ...(process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/printed-invoice.pdf` } : {}),
  });
  expect(printed.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});
