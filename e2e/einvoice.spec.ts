import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, shoot, signInFromLogin } from "./support";

test("staff register a pending invoice with the IRP on the e-invoices desk and download its JSON", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const signIn = await request.post("/api/auth/local", {
    data: { email: "admin@demo.in", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
  const pending = await (
    await request.get("/api/admin/einvoices?state=pending&pageSize=5", { headers })
  ).json();
  expect(pending.total).toBeGreaterThan(0);
  expect(pending.irp).toBe("sandbox");
  const doc = pending.rows[0] as { number: string; type: string };

  await signInFromLogin(page, "admin@demo.in");
  await page.goto("/admin/einvoices?state=pending");
  await expect(page.getByTestId("einvoice-counts")).toContainText(`pending: ${pending.total}`);
  await expect(page.getByTestId(`state-${doc.number}`)).toHaveText("pending");
  await shoot(page, "einvoices-pending");

  await page.getByTestId(`register-${doc.number}`).click();
  await expect(page.getByText(/Registered 1 of 1 with the IRP/)).toBeVisible();
  await page.goto(`/admin/einvoices?state=registered&q=${encodeURIComponent(doc.number)}`);
  await expect(page.getByTestId(`state-${doc.number}`)).toHaveText("registered");
  const registered = await (
    await request.get(`/api/admin/einvoices?state=registered&q=${encodeURIComponent(doc.number)}`, {
      headers,
    })
  ).json();
  expect(registered.rows[0].irn).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByText(registered.rows[0].irn)).toBeVisible();
  await shoot(page, "einvoices-registered");

  await page.getByRole("button", { name: `Actions for ${doc.number}` }).click();
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId(`json-${doc.number}`).click(),
  ]);
  const body = JSON.parse(await readFile((await json.path()) as string, "utf8"));
  expect(body.DocDtls.No).toBe(doc.number);
  expect(body.Version).toBe("1.1");
});
