import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type AppRoute, addressFor, appRoutes, patternOf } from "../bench/app-routes.mjs";
import { DEMO_PASSWORD, networkQuiet, watchRequests } from "./support";

/**
 * Every route the app answers, read from the router's sources (bench/app-routes.mjs: router.tsx and
 * AdminRoutes.tsx), so a new page is checked without being listed here: opened as the account that uses
 * it (partner screens as franchisee@demo.in, kiosk screens as kiosk@demo.in, the Admin Console as
 * admin@demo.in, session screens signed out), at 390 px it must not scroll sideways, and axe-core (WCAG
 * 2.1 A/AA and best practices, as e2e/a11y.spec.ts) finds nothing at 390 and at 1366 px. No page may
 * send a content security policy report. One browser context per account, signed in once.
 *
 * A `:param` is filled from a link the app itself shows on an earlier screen (an order in order
 * history, a load, a product), else from the demo world through the API (bench/app-routes.mjs addressFor).
 */

const ACCOUNTS = {
  franchisee: "franchisee@demo.in",
  kiosk: "kiosk@demo.in",
  admin: "admin@demo.in",
} as const;
type Account = keyof typeof ACCOUNTS | "signedOut";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1366, height: 768 };

/** The routes to check: an alias rendering the same page as another (same page, same name) is checked once. */
function routesToCheck(): AppRoute[] {
  const seen = new Set<string>();
  return appRoutes().filter((r) => {
    const key = `${r.account}|${r.screen}|${r.pages.join(",")}|${r.path.includes(":")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface Found {
  route: string;
  width: number | "scroll" | "csp" | "open";
  problem: string;
}

async function signedInContext(browser: Browser, baseURL: string, account: Account) {
  const context = await browser.newContext({ baseURL, viewport: DESK });
  // content security policy reports (zod's eval probe was one on every page), kept for the check
  await context.addInitScript(() => {
    const w = window as unknown as { cspReports: string[] };
    w.cspReports = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.cspReports.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  let token: string | null = null;
  if (account !== "signedOut") {
    const res = await context.request.post("/api/auth/local", {
      data: { email: ACCOUNTS[account], password: DEMO_PASSWORD },
    });
    expect(res.ok(), `sign-in as ${ACCOUNTS[account]}`).toBe(true);
    token = (await res.json()).token as string;
    await context.addInitScript((t) => {
      if (!sessionStorage.getItem("every-route.signed")) {
        localStorage.setItem("portal.token", t);
        sessionStorage.setItem("every-route.signed", "1");
      }
    }, token);
  }
  /** This tab becomes a walk-in customer's (a kiosk guest session), as the kiosk's guest sign-in does. */
  const startGuest = async (page: Page) => {
    const res = await context.request.post("/api/kajukatli/KioskGuestLogin", {
      headers: { authorization: `Bearer ${token}` },
      data: { MobileNo: "9812345678", firstName: "Ravi" },
    });
    expect(res.ok(), "kiosk guest sign-in").toBe(true);
    const { token: guestToken, customer } = await res.json();
    await page.goto("/api/health");
    await page.evaluate((session) => sessionStorage.setItem("portal.kioskGuest", JSON.stringify(session)), {
      token: guestToken,
      ...customer,
    });
  };
  const api = async (path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const res =
      body === undefined
        ? await context.request.get(path, { headers })
        : await context.request.post(path, { headers, data: body });
    return res.ok() ? res.json() : null;
  };
  return { context, api, startGuest };
}

/** The page has drawn: a heading is there and the network has settled (a short wait at most). */
async function settle(page: Page) {
  await page
    .locator("h1, h2")
    .first()
    .waitFor({ state: "visible", timeout: 10_000 })
    .catch(() => {});
  await networkQuiet(page, 5_000).catch(() => {});
  // the loaders gone (a lazy page's, a list's first answer)
  await expect(page.locator(".mantine-Loader-root"))
    .toHaveCount(0, { timeout: 8_000 })
    .catch(() => {});
}

async function axe(page: Page) {
  // violations only: axe skips listing what passed (a third of its time)
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

/** One account's routes, in one context: param-free screens first (their links fill the params). */
async function checkAccount(browser: Browser, baseURL: string, account: Account, routes: AppRoute[]) {
  const found: Found[] = [];
  const { context, api, startGuest } = await signedInContext(browser, baseURL, account);
  const page = await context.newPage();
  watchRequests(page);
  const links = new Set<string>();
  // the kiosk guest's catalogue last: a guest session takes the tab over
  const guest = (r: AppRoute) => r.screen === "Kiosk Guest Browse";
  const ordered = [
    ...routes.filter((r) => !r.path.includes(":") && !guest(r)),
    ...routes.filter((r) => r.path.includes(":") && !guest(r)),
    ...routes.filter(guest),
  ];
  try {
    for (const route of ordered) {
      const address = await addressFor(route.path, links, api);
      if (!address) {
        console.log(`${account} ${route.path}: no demo value for its params`);
        found.push({
          route: route.path,
          width: "open",
          problem: "no demo value for its params (no link to it seen)",
        });
        continue;
      }
      const started = Date.now();
      if (guest(route)) await startGuest(page);
      await page.setViewportSize(PHONE);
      await page.goto(address);
      await settle(page);
      const landed = new URL(page.url()).pathname;
      const expected = LANDS_ELSEWHERE[route.path];
      if (!patternOf(route.path).test(landed) && landed !== address.split("?")[0] && landed !== expected) {
        found.push({ route: route.path, width: "open", problem: `${address} ended at ${landed}` });
      }
      const wide = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
        // the widest element past the right edge, to say what to fix
        culprit: (() => {
          let worst: { right: number; what: string } | null = null;
          for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
            const r = el.getBoundingClientRect();
            if (r.right > window.innerWidth + 1 && (!worst || r.right > worst.right)) {
              const cls = typeof el.className === "string" ? el.className.split(" ")[0] : "";
              worst = {
                right: Math.round(r.right),
                what: `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : cls ? `.${cls}` : ""}`,
              };
            }
          }
          return worst;
        })(),
      }));
      if (wide.scroll > wide.inner) {
        found.push({
          route: route.path,
          width: "scroll",
          problem: `scrolls sideways at 390 px: ${wide.scroll} px wide (${wide.culprit?.what} reaches ${wide.culprit?.right} px)`,
        });
      }
      for (const v of await axe(page)) found.push({ route: route.path, width: 390, problem: v });
      await page.setViewportSize(DESK);
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      );
      for (const v of await axe(page)) found.push({ route: route.path, width: 1366, problem: v });
      for (const href of await page.$$eval("a[href^='/']", (as) =>
        as.map((a) => a.getAttribute("href") ?? ""),
      )) {
        links.add(href);
      }
      const csp = await page.evaluate(() => (window as unknown as { cspReports: string[] }).cspReports);
      for (const report of new Set(csp)) found.push({ route: route.path, width: "csp", problem: report });
      const mine = found.filter((f) => f.route === route.path);
      console.log(
        `${account} ${route.path} (${address}): ${Date.now() - started} ms, ${mine.length} findings`,
      );
      for (const f of mine) console.log(`  ${f.width}: ${f.problem}`);
    }
  } finally {
    await context.close();
  }
  return found;
}

const byAccount = (account: Account) => routesToCheck().filter((r) => (r.account ?? "signedOut") === account);

/** Routes whose page does its work and moves on: where each lands (the spec says so). */
const LANDS_ELSEWHERE: Record<string, string> = {
  // the acknowledgement confirms the order, then shows kiosk confirmation (account area spec)
  "/confirm/kiosk/:poid/:id": "/account/kioskConfirmation",
};

test.describe("every route, at 390 and 1366 px", () => {
  for (const account of ["signedOut", "franchisee", "kiosk", "admin"] as const) {
    test(`${account === "signedOut" ? "signed-out" : ACCOUNTS[account]} screens: no sideways scroll on a phone, no axe violations, no CSP report`, async ({
      browser,
      baseURL,
    }) => {
      // every screen twice through axe on a shared 2-core machine
      test.setTimeout(900_000);
      const routes = byAccount(account);
      expect(routes.length, "routes read from the router").toBeGreaterThan(0);
      const found = await checkAccount(browser, baseURL ?? "", account, routes);
      const report: Record<string, string[]> = {};
      for (const f of found) report[f.route] = [...(report[f.route] ?? []), `${f.width}: ${f.problem}`];
      if (found.length) console.log(JSON.stringify(report, null, 1));
      expect(report, "findings per route (width: rule (impact): count × selectors)").toEqual({});
    });
  }
});
