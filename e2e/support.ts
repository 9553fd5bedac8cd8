import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, type Request } from "@playwright/test";

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

/** A day (yyyy-MM-dd) as the portal shows it: dd-MM-yyyy. */
export const shownDay = (day: string) => day.split("-").reverse().join("-");

/**
 * Picks a day (yyyy-MM-dd) in a date field's calendar (`DateField` in the web's components), as a
 * user does: up to the decade, then the year, the month and the day.
 */
export async function pickDay(page: Page, label: string, day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  // the calendar's (dayjs's) English month names: "Sep", "September"
  const first = new Date(Date.UTC(year, month - 1, 1));
  const name = (style: "short" | "long") => first.toLocaleString("en-US", { month: style, timeZone: "UTC" });
  await dismissNotices(page);
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("button", { name: "Choose the month" }).click();
  await page.getByRole("button", { name: "Choose the year" }).click();
  await page.getByRole("button", { name: String(year), exact: true }).click();
  await page.getByRole("button", { name: name("short"), exact: true }).click();
  await page.getByRole("button", { name: `${date} ${name("long")} ${year}`, exact: true }).click();
  await expect(page.getByLabel(label, { exact: true })).toHaveText(shownDay(day));
  // the calendar has closed (its closing transition over) before the next field opens its own
  await expect(page.getByRole("button", { name: "Choose the month" })).toHaveCount(0);
}

/**
 * Closes the notices on screen. A calendar that opens near the bottom can sit under a notice; the
 * pointer then rests on the notice while waiting to click, and a hovered notice never closes itself.
 */
export async function dismissNotices(page: Page) {
  await page.evaluate(() => {
    const buttons = document.querySelectorAll<HTMLButtonElement>('button[aria-label="Dismiss notice"]');
    for (const button of Array.from(buttons)) {
      button.click();
    }
  });
  await expect(page.getByRole("button", { name: "Dismiss notice" })).toHaveCount(0);
}

/** Empties a date field with its clear button. */
export async function clearDay(page: Page, label: string) {
  await page.getByRole("button", { name: `Clear ${label}`, exact: true }).click();
  // an empty field shows its placeholder only
  await expect(page.getByLabel(label, { exact: true })).toHaveText("dd-mm-yyyy");
}

/**
 * Screens at the three widths when SHOTS_DIR is set (to be looked at); nothing otherwise. After each
 * resize it waits for two painted frames (the layout settled), not for a clock.
 */
export async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const width of [390, 768, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** The requests a page has in flight, apart from the live-stock stream (open as long as the page). */
const inFlight = new WeakMap<Page, Set<Request>>();
const isLiveStream = (request: Request) => new URL(request.url()).pathname === "/api/events";

/**
 * Counts a page's requests from now on; call it before the page loads what `networkQuiet` should
 * wait for. Playwright's "networkidle" never comes while the live-stock stream is open.
 */
export function watchRequests(page: Page): Set<Request> {
  let open = inFlight.get(page);
  if (open) return open;
  const requests = new Set<Request>();
  open = requests;
  inFlight.set(page, requests);
  page.on("request", (request) => {
    if (!isLiveStream(request)) requests.add(request);
  });
  page.on("requestfinished", (request) => requests.delete(request));
  page.on("requestfailed", (request) => requests.delete(request));
  return requests;
}

/** The page has loaded and no request but the live-stock stream has been open for half a second. */
export async function networkQuiet(page: Page, timeout = 30_000) {
  const open = watchRequests(page);
  await page.waitForLoadState("load", { timeout });
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { timeout, intervals: [100] },
    )
    .toBe(true);
}
