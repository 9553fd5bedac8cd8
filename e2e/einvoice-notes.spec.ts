import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, shoot, signInFromLogin } from "./support";

test("staff see the ledger's own notes on the e-invoices desk: a courier debit note registered and cancelled, a correction not needed", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const signIn = await request.post("/api/auth/local", {
    data: { email: "admin@demo.in", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await signIn.json()).token}` };
  const partners = await (
    await request.get("/api/users/userList?q=franchisee%40demo.in", { headers })
  ).json();
  const franchisee = partners.rows.find((u: { email: string }) => u.email === "franchisee@demo.in");
  const post = (body: object) =>
    request.post(`/api/admin/ledger/${franchisee.id}/notes`, {
      headers,
      data: { ledgerAccount: 1, ...body },
    });
  const courier = await (
    await post({
      kind: "courierExpenses",
      amount: "4720.00",
      description: "Courier charges for return pick-ups",
      docketNumber: "BD26110201",
    })
  ).json();
  const correction = await (
    await post({ kind: "debitCorrection", amount: "150.00", description: "Cheque bounce fee" })
  ).json();
  expect(courier.voucherNumber).toMatch(/^DM00\//);

  await signInFromLogin(page, "admin@demo.in");
  await page.goto("/admin/einvoices?q=DM00");
  // The desk reads every document of the history: give its first answer time on a busy machine.
  await expect(page.getByTestId(`state-${courier.voucherNumber}`)).toHaveText("pending", { timeout: 30_000 });
  await expect(page.getByTestId(`state-${correction.voucherNumber}`)).toHaveText("not needed");
  await expect(page.getByText("Debit note").first()).toBeVisible();
  await shoot(page, "einvoices-notes");

  await page.getByTestId(`register-${courier.voucherNumber}`).click();
  await expect(page.getByText(/Registered 1 of 1 with the IRP/)).toBeVisible();
  await expect(page.getByTestId(`state-${courier.voucherNumber}`)).toHaveText("registered");
  await shoot(page, "einvoices-notes-registered");

  await page.getByRole("button", { name: `Actions for ${courier.voucherNumber}` }).click();
  await page.getByTestId(`cancel-${courier.voucherNumber}`).click();
  const dialog = page.getByTestId("ask-dialog");
  await dialog.getByTestId("cancel-reason").click();
  await page.getByRole("option", { name: "Data entry mistake" }).click();
  await dialog.getByTestId("cancel-remark").fill("Wrong amount");
  await shoot(page, "einvoices-notes-cancel");
  await dialog.getByRole("button", { name: "Cancel IRN" }).click();
  await expect(page.getByText(`Cancelled the IRN of ${courier.voucherNumber}`)).toBeVisible();
  await expect(page.getByTestId(`state-${courier.voucherNumber}`)).toHaveText("cancelled");
});
