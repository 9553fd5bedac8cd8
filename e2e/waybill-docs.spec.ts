import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, shoot, signInFromLogin } from "./support";

// Issue 28: the demo world's waybill documents download and open, a wrong upload is replaced, and the
// menu counts the open WH requests.

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** A small real PDF of one blank page. */
function pdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
  );
}

const openRequests = async (request: APIRequestContext, headers: { authorization: string }) =>
  (await (await request.post("/api/waybill/getWHReqCount", { headers, data: {} })).json()).count as number;

/** The first row of a status tab of the waybill page. */
async function firstRowOf(page: Page, status: string) {
  await page.getByTestId("waybill-status").getByText(status, { exact: true }).click();
  const row = page.getByTestId("waybill-row").first();
  await expect(row).toContainText(status);
  return row;
}

test("the demo world's waybills: open requests by default, warehouse names, a demo document that downloads as a PDF", async ({
  page,
  request,
}) => {
  const partner = await tokenOf(request, "franchisee@demo.in");
  const open = await openRequests(request, partner);
  expect(open, "the demo world holds open WH requests").toBeGreaterThan(0);
  const posts: string[] = await (
    await request.get("/api/waybill/getCheckPostList", { headers: partner })
  ).json();

  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/waybill");
  // the default tab (WH Request) has rows, named warehouses and listed check posts
  const rows = page.getByTestId("waybill-row");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("waybill-count")).toHaveText(`${open} request${open === 1 ? "" : "s"}`);
  await expect(rows.first().locator('td[data-label="Warehouse"]')).toHaveText(
    /^(Pune|Delhi|Mumbai|Bangalore)$/,
  );
  expect(posts).toContain(await rows.first().locator('td[data-label="Check post"]').textContent());
  await shoot(page, "waybill-open");

  // a demo document: Doc Uploaded → Documents → Download opens a real PDF
  const uploaded = await firstRowOf(page, "Doc Uploaded");
  await uploaded.getByRole("button", { name: /^Documents/ }).click();
  const dialog = page.getByTestId("waybill-documents");
  const file = dialog.getByTestId("waybill-file").first();
  await expect(file).toContainText(/eway-bill-\d+\.pdf/);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    file.getByRole("button", { name: /^Download/ }).click(),
  ]);
  const url = popup.url();
  expect(url).toMatch(/\/api\/files\/waybills\/\d+\/demo-eway-bill\.pdf\?expires=/);
  const doc = await request.get(url);
  expect(doc.status()).toBe(200);
  expect(doc.headers()["content-type"]).toBe("application/pdf");
  const bytes = await doc.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.toString("latin1")).toContain("%%EOF");
  await popup.close();
  await shoot(page, "waybill-documents");
});

test("a partner replaces a wrong upload; the log keeps it", async ({ page }) => {
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/waybill");
  const uploaded = await firstRowOf(page, "Doc Uploaded");
  const requestId = (await uploaded.locator('td[data-label="Request ID"]').textContent())?.trim() ?? "";
  await uploaded.getByRole("button", { name: /^Documents/ }).click();
  const dialog = page.getByTestId("waybill-documents");
  const wrong = (await dialog.getByTestId("waybill-file").first().locator("p").first().textContent()) ?? "";
  await dialog.getByTestId("waybill-replace").first().click();
  await expect(dialog.getByTestId("waybill-replacing")).toContainText(wrong);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "right-eway-bill.pdf",
    mimeType: "application/pdf",
    buffer: pdf(),
  });
  await dialog.getByTestId("waybill-upload").click();
  await expect(page.getByTestId("waybill-confirm-message")).toHaveText(
    `Replace ${wrong} with right-eway-bill.pdf on waybill request ${requestId}?`,
  );
  await page.getByTestId("waybill-confirm-confirm").click();
  await expect(page.getByTestId("notice-success")).toContainText(
    `${wrong} was replaced by right-eway-bill.pdf.`,
  );
  await expect(dialog.getByTestId("waybill-file")).toHaveCount(1);
  await expect(dialog.getByTestId("waybill-file")).toContainText("right-eway-bill.pdf");
  await page.keyboard.press("Escape");

  const row = page.getByTestId("waybill-row").filter({ has: page.getByText(requestId, { exact: true }) });
  await row.getByRole("button", { name: /^Log/ }).click();
  const log = page.getByTestId("waybill-log");
  await expect(log.getByTestId("waybill-log-entry").last()).toContainText("Replace");
  await expect(log.getByTestId("waybill-log-entry").last()).toContainText("right-eway-bill.pdf");
  await expect(log.getByTestId("waybill-log-replaced")).toHaveCount(1);
});

test("the menu counts the open WH requests, on a laptop and in the phone's drawer, and lists Training and Lookbooks", async ({
  page,
  request,
}) => {
  const partner = await tokenOf(request, "franchisee@demo.in");
  const open = await openRequests(request, partner);
  await signInFromLogin(page, "franchisee@demo.in");
  await expect(page.getByTestId("account-waybill-badge")).toHaveText(String(open));
  await expect(page.getByTestId("account-menu")).toHaveAccessibleName(
    new RegExp(`, ${open} open WH requests?$`),
  );
  await page.getByTestId("account-menu").click();
  await expect(page.getByTestId("waybill-badge")).toHaveText(String(open));
  await expect(page.getByRole("menuitem", { name: "Training" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Lookbooks" }).click();
  await expect(page).toHaveURL(/\/lookbooks$/);
  await shoot(page, "menu");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("nav-burger").click();
  const drawer = page.getByTestId("nav-drawer");
  await expect(drawer.getByTestId("drawer-waybill-badge")).toHaveText(String(open));
  await drawer.getByRole("link", { name: "Training" }).click();
  await expect(page).toHaveURL(/\/training$/);
});
