import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo@1234";
const port = Number(process.env.E2E_PORT ?? 3199);
export const outboxDir = path.join(tmpdir(), `portal-e2e-${port}`, "outbox");

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
}

export async function signInFromLogin(page: Page, email: string) {
  await page.goto("/login");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home/);
}

/** The reset link of the newest mail to this address in the server's outbox. */
export async function resetLinkFor(email: string): Promise<string> {
  const files = (await readdir(outboxDir)).filter((f) => f.endsWith(".eml") && f.includes(email)).sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  const text = await readFile(path.join(outboxDir, last), "utf8");
  const match = /http:\/\/[^\s"<>]+\/resetPassword\/[A-Za-z0-9_-]+/.exec(text.replace(/=\r?\n/g, ""));
  if (!match) throw new Error("no reset link in the mail");
  return match[0];
}
