import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signInFromLogin } from "./support";

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A small real PDF of one blank page (the server opens it with PDF.js: a PDF without pages is refused). */
function pdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  );
}

test("a partner uploads a waybill PDF and sees it in the documents and the log", async ({
  page,
  request,
}) => {
  const partner = await tokenOf(request, "franchisee@demo.in");
  const staff = await tokenOf(request, "admin@demo.in");
  // The warehouse asks for the waybill of one of the franchisee's shipped loads that has none yet.
  const me = await (await request.get("/api/users/me", { headers: partner })).json();
  const loads = await (
    await request.get(`/api/admin/loads?status=Shipped&userId=${me.id}&pageSize=100`, { headers: staff })
  ).json();
  let raised = false;
  for (const load of loads.rows) {
    const res = await request.post("/api/admin/waybills", {
      headers: staff,
      data: {
        loadId: load.id,
        checkpostName: "Kagal (Maharashtra - Karnataka)",
        comment: "Please upload the waybill",
      },
    });
    if (res.status() === 200) {
      raised = true;
      break;
    }
  }
  expect(raised, "a shipped load without a waybill request").toBe(true);
  const list = await (
    await request.post("/api/waybill/getWaybillList", { headers: partner, data: { pageno: 1, pagesize: 10 } })
  ).json();
  expect(list.count, "a WH Request waybill of the franchisee").toBeGreaterThan(0);
  const waybill = list.rows[0];

  await signInFromLogin(page, "franchisee@demo.in");
  await page.getByTestId("account-menu").click();
  await expect(page.getByTestId("waybill-badge")).toHaveText(String(list.count));
  await page.getByRole("menuitem", { name: /Waybill/ }).click();
  await expect(page).toHaveURL(/\/account\/waybill$/);
  const row = page
    .getByTestId("waybill-row")
    .filter({ has: page.getByText(waybill.requestid, { exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /Documents/ }).click();
  const dialog = page.getByTestId("waybill-documents");
  await expect(dialog.getByTestId("waybill-no-files")).toBeVisible();

  // No file chosen: the spec's message; preview without a file: the other one.
  await dialog.getByTestId("waybill-upload").click();
  await expect(dialog.getByTestId("waybill-problem")).toHaveText("Please select file to upload.");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByTestId("waybill-problem")).toHaveText("Please select pdf file.");

  // A text file: the size-and-type rule, its <br> shown as a line break.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a pdf"),
  });
  await dialog.getByTestId("waybill-upload").click();
  const problem = dialog.getByTestId("waybill-problem");
  await expect(problem).toContainText("Please try again");
  await expect(problem).toContainText("Only .pdf file with maximum size of 5 MB is allowed");
  await expect(problem).not.toContainText("<br>");
  await expect(problem.locator("br")).toHaveCount(1);

  await dialog.locator('input[type="file"]').setInputFiles({
    name: "waybill-e2e.pdf",
    mimeType: "application/pdf",
    buffer: pdf(),
  });
  await dialog.getByLabel("Comment").fill("Waybill from the e2e journey");
  await dialog.getByTestId("waybill-upload").click();
  await expect(page.getByTestId("waybill-confirm-message")).toContainText("waybill-e2e.pdf");
  await page.getByTestId("waybill-confirm-confirm").click();
  await expect(page.getByTestId("notice-success")).toContainText("Waybill uploaded successfully.");
  await expect(dialog.getByTestId("waybill-file")).toContainText("waybill-e2e.pdf");
  await page.keyboard.press("Escape");

  // The request moved to Doc Uploaded; its log lists the request and the upload.
  await expect(
    page.getByTestId("waybill-row").filter({ has: page.getByText(waybill.requestid, { exact: true }) }),
  ).toHaveCount(0);
  await page.getByTestId("waybill-status").getByText("Doc Uploaded").click();
  const uploaded = page
    .getByTestId("waybill-row")
    .filter({ has: page.getByText(waybill.requestid, { exact: true }) });
  await expect(uploaded).toContainText("Doc Uploaded");
  await uploaded.getByRole("button", { name: /^Log/ }).click();
  const log = page.getByTestId("waybill-log");
  await expect(log.getByTestId("waybill-log-entry").first()).toContainText("WH Request");
  await expect(log.getByTestId("waybill-log-entry").last()).toContainText("Update");
  await expect(log.getByTestId("waybill-log-entry").last()).toContainText("waybill-e2e.pdf");
  await expect(log.getByTestId("waybill-log-entry").last()).toContainText("Waybill from the e2e journey");
});

test("a kiosk store takes an order from a new customer through to its receipt", async ({ page, request }) => {
  const kiosk = await tokenOf(request, "kiosk@demo.in");
  const listing = await (
    await request.post("/api/listing/b2b", {
      headers: kiosk,
      data: { filters: [{ key: "stocktype", values: ["OwnedStock"] }], size: 50 },
    })
  ).json();
  const product = listing.products.find((p: { totalStock: number }) => p.totalStock >= 5);
  expect(product?.totalStock, "an owned product the kiosk can order").toBeGreaterThanOrEqual(5);
  const mobile = `98${String(Date.now()).slice(-8)}`;

  await signInFromLogin(page, "kiosk@demo.in");
  await page.goto("/account/kioskConfirmation");
  await expect(page.getByRole("heading", { name: "Kiosk Confirmation" })).toBeVisible();
  await page.getByTestId("kiosk-new").click();
  const form = page.getByTestId("kiosk-new-order");
  await form.getByTestId("kiosk-mobile").fill(mobile);
  await form.getByTestId("kiosk-find").click();
  await expect(form.getByTestId("kiosk-customer-state")).toHaveText("New customer: register them.");
  await form.getByLabel("First name").fill("Meera");
  await form.getByLabel("Last name").fill("Krishnan");
  // the date of birth is picked in the calendar (dd-mm-yyyy), which opens on decades
  await page.getByLabel("Date of birth", { exact: true }).click();
  for (let i = 0; i < 12 && !(await page.getByRole("button", { name: "1992", exact: true }).isVisible()); i++)
    await page.getByRole("button", { name: "Previous decade" }).click();
  await page.getByRole("button", { name: "1992", exact: true }).click();
  await page.getByRole("button", { name: "Aug", exact: true }).click();
  await page.getByRole("button", { name: "19 August 1992", exact: true }).click();
  await expect(page.getByLabel("Date of birth", { exact: true })).toHaveText("19-08-1992");
  await form.getByTestId("kiosk-save-customer").click();
  await expect(page.getByTestId("notice-success").last()).toContainText("Customer registered.");

  await form.getByTestId("kiosk-product-id").fill(String(product.id));
  await form.getByTestId("kiosk-add-product").click();
  await expect(form.getByTestId("kiosk-line")).toContainText(String(product.id));
  await form.getByLabel("Voucher ₹500").fill("1");
  await form.getByTestId("kiosk-place").click();

  const placed = page.getByTestId("kiosk-placed");
  await expect(placed).toContainText("paid by Cash at the store counter");
  const link = await placed.getByTestId("kiosk-ack-link").getAttribute("href");
  expect(link).toMatch(/^\/confirm\/kiosk\/[^/]+\/\d+$/);
  const orderId = Number(link?.split("/").at(-1));
  await placed.getByRole("button", { name: "Done" }).click();

  // Pending: no receipt yet (it would answer 422, code 740), so none is offered; Confirm is.
  const rowOf = (id: number) =>
    page.getByTestId("kiosk-row").filter({ hasText: new RegExp(`Order ${id}(?!\\d)`) });
  const row = rowOf(orderId);
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: "Receipt" })).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Confirm" })).toBeVisible();

  // The customer's acknowledgement link confirms and lands on the Confirmed tab.
  await page.goto(link ?? "/");
  await expect(page).toHaveURL(/\/account\/kioskConfirmation\?status=Confirmed$/);
  const confirmed = rowOf(orderId);
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole("button", { name: "Receipt" }).click();
  const receipt = page.getByTestId("kiosk-receipt");
  await expect(receipt).toContainText(`KR${String(orderId).padStart(6, "0")}`);
  await expect(receipt).toContainText("Meera Krishnan");
  await expect(receipt).toContainText(`GV500-${orderId}-01`);
  await expect(receipt).toContainText("Cash at the store counter");
  await page.keyboard.press("Escape");

  await confirmed.getByRole("button", { name: `More actions for kiosk order ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "Track" }).click();
  await expect(page.getByTestId("kiosk-track")).toContainText("Confirmed by the customer");
});
