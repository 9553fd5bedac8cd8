/**
 * E-way bills (issue 31): a load worth more than the limit (₹50,000) may not ship without one. Staff
 * open such a load, try to ship it and are told why, generate its e-way bill in the load's panel (the
 * number and valid until shown), then ship; the partner sees the number on Load history, in the load's
 * popup and on the waybill request of the load.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, dismissNotices, shoot, signInFromLogin } from "./support";

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
 * The franchisee orders enough of the Chakan warehouse's dearest products for a load above the limit;
 * staff confirm it, build its load and hand it over (all through the API): the load waits to ship.
 */
async function bigLoad(request: APIRequestContext): Promise<{ loadId: number; total: string }> {
  const partner = await tokenOf(request, "franchisee@demo.in");
  const staff = await tokenOf(request, "admin@demo.in");
  const listing = await (
    await request.post("/api/listing/b2b", {
      headers: partner,
      data: {
        filters: [{ key: "stocktype", values: ["OwnedStock"] }],
        size: 50,
        sort: { name: "price", order: "desc" },
      },
    })
  ).json();
  const stocked = (listing.products as { id: number; whId: number; totalStock: number; mrp: string }[])
    .filter((p) => p.whId === 2 && p.totalStock >= 1)
    .sort((a, b) => Number(b.mrp) - Number(a.mrp));
  const products: { id: number; qty: number }[] = [];
  let atMrp = 0;
  for (const p of stocked) {
    if (atMrp >= 150_000) break;
    const qty = Math.min(50, p.totalStock);
    products.push({ id: p.id, qty });
    atMrp += qty * Number(p.mrp);
  }
  expect(atMrp, "products enough for a load above the limit").toBeGreaterThanOrEqual(150_000);
  const placed = await request.post("/api/order", {
    headers: { ...partner, "idempotency-key": `e2e-ewb-${Date.now()}` },
    data: {
      orders: [{ wh: 2, products }],
      shippingAddress: address,
      billingAddress: { ...address, gstNo: "27AAACB1234F1Z5" },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const poid = (await placed.json()).result[0].poid as string;
  const staffCall = async (url: string, data: object = {}) => {
    const res = await request.post(url, { headers: staff, data });
    expect(res.status(), `${url} ${await res.text()}`).toBe(200);
    return res.json();
  };
  await staffCall(`/api/admin/orders/${poid}/confirm`);
  const load = await staffCall("/api/admin/loads", { poids: [poid] });
  expect(Number(load.total), "the load is worth more than ₹50,000").toBeGreaterThan(50_000);
  await staffCall(`/api/admin/loads/${load.id}/hand-over`, { transporter: "Gati", docketNo: "GT50001" });
  return { loadId: load.id as number, total: load.total as string };
}

async function staffPage(page: Page) {
  await signInFromLogin(page, "admin@demo.in");
}

test("a load above the limit ships only with an e-way bill, which the partner then sees", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(process.env.SHOTS_DIR ? 240_000 : 150_000);
  const { loadId } = await bigLoad(request);

  // Staff try to ship it from the loads board: refused, and told why.
  await staffPage(page);
  await page.goto("/admin/loads");
  await page.getByTestId(`ship-${loadId}`).click();
  await page.getByTestId("ask-dialog-confirm").click();
  const refusal = page.getByTestId("notice-error").filter({ hasText: `Load ${loadId} is worth ₹` });
  await expect(refusal).toContainText(
    "above the e-way bill limit of ₹50,000.00: generate its e-way bill or enter its number before shipping.",
  );
  await page.keyboard.press("Escape");
  await dismissNotices(page);

  // The load's panel says the same and offers Generate.
  await page.goto(`/admin/loads?load=${loadId}`);
  const panel = page.getByTestId("ewaybill-panel");
  await expect(panel.getByTestId("ewaybill-state")).toHaveText("needed");
  await expect(panel.getByTestId("ewaybill-blocks-ship")).toContainText(
    "This load cannot ship until it has an e-way bill",
  );
  await shoot(page, "ewaybill-panel-needed");
  await panel.getByTestId("ewaybill-generate").click();
  await expect(page.getByTestId("notice-success").filter({ hasText: "generated for load" })).toContainText(
    `for load ${loadId}, valid until`,
  );
  await expect(panel.getByTestId("ewaybill-state")).toHaveText("generated");
  await expect(panel.getByTestId("ewaybill-number")).toHaveText(/^[1-9]\d{11}$/);
  await expect(panel.getByTestId("ewaybill-valid-until")).not.toHaveText("–");
  const number = (await panel.getByTestId("ewaybill-number").textContent()) ?? "";
  const validUntil = (await panel.getByTestId("ewaybill-valid-until").textContent()) ?? "";
  await expect(panel.getByTestId("ewaybill-generate")).toHaveCount(0);
  await dismissNotices(page);
  await shoot(page, "ewaybill-panel-generated");

  // Now it ships.
  await page.goto("/admin/loads");
  await page.getByTestId(`ship-${loadId}`).click();
  await page.getByTestId("ask-dialog-confirm").click();
  await expect(
    page.getByTestId("notice-success").filter({ hasText: `Load ${loadId} shipped` }),
  ).toBeVisible();
  await expect(page.getByTestId(`deliver-${loadId}`)).toBeVisible();

  // The settings card that holds the limit.
  await page.goto("/admin/settings");
  await expect(page.getByTestId("eway-bill-limit-facts")).toContainText("50,000");
  await shoot(page, "ewaybill-settings");

  // The partner sees the number on Load history and in the load's popup.
  const partner = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signInFromLogin(partner, "franchisee@demo.in");
  await partner.goto("/account/loadHistory");
  const row = partner
    .getByTestId("load-row")
    .filter({ hasText: String(loadId) })
    .first();
  await expect(row).toContainText(number);
  await shoot(partner, "ewaybill-load-history");
  await partner.goto(`/account/loadDetails/${loadId}`);
  const popup = partner.getByTestId("load-ewaybill");
  await expect(popup).toContainText(number);
  await expect(popup).toContainText("valid until");
  await shoot(partner, "ewaybill-load-popup");
  expect(validUntil).not.toBe("");
});

test("the partner's waybill requests show the e-way bill of their load", async ({ page, request }) => {
  // The demo history's waybill requests are of shipped loads; those above the limit carry an e-way bill.
  const partner = await tokenOf(request, "franchisee@demo.in");
  let found: { requestid: string; ewayBillNo: string; status: string } | undefined;
  for (const status of ["Closed", "Doc Uploaded", "WH Request"]) {
    const list = await request.post("/api/waybill/getWaybillList", {
      headers: partner,
      data: { pageno: 1, pagesize: 50, assignstatus: status },
    });
    expect(list.status(), await list.text()).toBe(200);
    const row = (await list.json()).rows.find((r: { ewayBillNo: string | null }) => r.ewayBillNo !== null);
    if (row) {
      found = { ...row, status };
      break;
    }
  }
  expect(found, "a waybill request of a load with an e-way bill").toBeDefined();
  if (!found) return;
  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/account/waybill");
  await page.getByTestId("waybill-status").getByText(found.status, { exact: true }).click();
  const row = page.getByTestId("waybill-row").filter({ hasText: found.requestid });
  await expect(row.getByTestId("waybill-ewaybill")).toContainText(found.ewayBillNo);
  await expect(row.getByTestId("waybill-ewaybill")).toContainText("valid until");
  await shoot(page, "ewaybill-waybill-requests");
});
