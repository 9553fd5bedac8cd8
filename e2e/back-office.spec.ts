import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signInFromLogin } from "./support";

async function tokenOf(request: APIRequestContext, email: string) {
  const res = await request.post("/api/auth/local", { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test("staff confirm part of a partner's order, build and ship a load, and the partner sees the notification", async ({
  page,
  request,
}) => {
  const staff = await tokenOf(request, "admin@demo.in");
  // A Pending order the franchisee placed (the demo world's newest orders still wait for the desk).
  const queue = await request.get("/api/admin/orders?status=Pending&pageSize=100", { headers: staff });
  expect(queue.status()).toBe(200);
  const pending = (await queue.json()).rows.find(
    (r: { partnerEmail: string }) => r.partnerEmail === "franchisee@demo.in",
  );
  expect(pending?.partnerEmail, "a Pending franchisee order").toBe("franchisee@demo.in");
  const detail = await (await request.get(`/api/admin/orders/${pending.poid}`, { headers: staff })).json();
  const line =
    detail.order.lines.find((l: { orderedQuantity: number }) => l.orderedQuantity > 1) ??
    detail.order.lines[0];
  const confirmed = await request.post(`/api/admin/orders/${pending.poid}/confirm`, {
    headers: staff,
    data: { lines: [{ productId: line.productId, quantity: Math.max(1, line.orderedQuantity - 1) }] },
  });
  expect(confirmed.status()).toBe(200);
  const load = await (
    await request.post("/api/admin/loads", { headers: staff, data: { poids: [pending.poid] } })
  ).json();
  const docketNo = `E2E${Date.now() % 1_000_000}`;
  expect(
    (
      await request.post(`/api/admin/loads/${load.id}/hand-over`, {
        headers: staff,
        data: { transporter: "Blue Dart", docketNo },
      })
    ).status(),
  ).toBe(200);
  // A load worth more than the e-way bill limit ships only with one: staff generate it first.
  const ewayBill = await (
    await request.get(`/api/admin/loads/${load.id}/ewaybill`, { headers: staff })
  ).json();
  if (ewayBill.state === "needed") {
    const generated = await request.post(`/api/admin/loads/${load.id}/ewaybill`, { headers: staff });
    expect(generated.status(), await generated.text()).toBe(200);
    expect((await generated.json()).number).toMatch(/^[1-9]\d{11}$/);
  }
  const shipped = await request.post(`/api/admin/loads/${load.id}/ship`, { headers: staff, data: {} });
  expect(shipped.status()).toBe(200);
  expect((await shipped.json()).invoiceNumber).toMatch(/^I[MA]\d{2}\/\d{4}\/\d{6}$/);

  await signInFromLogin(page, "franchisee@demo.in");
  await page.goto("/notifications");
  await expect(page.getByText("Load shipped").first()).toBeVisible();
  await expect(page.getByText(docketNo).first()).toBeVisible();
});
