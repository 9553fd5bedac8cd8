import { expect, test } from "@playwright/test";
import { resetLinkFor, signIn } from "./support";

test("forgot password: the mailed link sets a new password, works once, and the new password signs in", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("link", { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  // The sign-in form (with its own Email field) stays until the page's code is in.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill("nobody@demo.in");
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(
    page.getByText("We are sorry. We were not able to identify you with the email address you provided."),
  ).toBeVisible();

  await page.getByLabel("Email").fill("kiosk@demo.in");
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText(/sent a link/i)).toBeVisible();

  const link = await resetLinkFor("kiosk@demo.in");
  await page.goto(new URL(link).pathname);
  await expect(page.getByLabel("Email")).toHaveValue("kiosk@demo.in");
  await page.getByLabel("New password", { exact: true }).fill("Kiosk@2027");
  await page.getByLabel(/confirm/i).fill("Kiosk@2027");
  await page.getByRole("button", { name: /reset|save|set/i }).click();
  await expect(page.getByText("Password reset successfully. Please login to continue.")).toBeVisible();

  await page.goto(new URL(link).pathname);
  await expect(
    page.getByText(
      "Either your reset link has been expired or you have used this link. Please reinitiate your request of forgot password.",
    ),
  ).toBeVisible();

  await page.goto("/login");
  await signIn(page, "kiosk@demo.in", "Kiosk@2027");
  await expect(page).toHaveURL(/\/home/);

  // Change it back on the settings screen (a wrong current password first).
  await page.goto("/settings");
  await page.getByLabel("Current password").fill("Wrong@0000");
  await page.getByLabel("New password", { exact: true }).fill("Demo@1234");
  await page.getByLabel(/confirm/i).fill("Demo@1234");
  await page.getByRole("button", { name: /change password|save/i }).click();
  await expect(page.getByText("Your Current password is Invalid. Please retry.")).toBeVisible();
  await page.getByLabel("Current password").fill("Kiosk@2027");
  await page.getByRole("button", { name: /change password|save/i }).click();
  await expect(page.getByText("Password Changed Successfully.")).toBeVisible();
});

test("a reset link opened while signed in still works", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: /forgot password/i }).click();
  await expect(page.getByText("Forgot your password?")).toBeVisible();
  await page.getByLabel("Email").fill("coco@demo.in");
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText(/sent a link/i)).toBeVisible();
  const link = await resetLinkFor("coco@demo.in");

  await page.goto("/login");
  await signIn(page, "stockist@demo.in");
  await expect(page).toHaveURL(/\/home/);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/resetPassword\//);
  await expect(page.getByLabel("Email")).toHaveValue("coco@demo.in");
});
