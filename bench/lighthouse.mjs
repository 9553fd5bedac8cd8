// npm run bench:lighthouse -w @portal/bench: Lighthouse 12 (mobile and desktop presets, three runs each,
// median) on every route the web app answers (read from router.tsx and AdminRoutes.tsx by
// bench/app-routes.mjs, so a new page is measured without being listed here), in Debian's Chromium
// (CHROME_PATH, default Debian's headless shell when installed, else /usr/bin/chromium; nothing downloads
// a browser). Builds when the build is missing (`--build` always); `--dist DIR` serves a copy of a build
// instead (DIR/server, DIR/web). Starts the built server on a fresh PGlite folder (BENCH_PORT, default
// 4201); each route is opened as the account that uses it (partner screens as franchisee@demo.in, kiosk
// screens as kiosk@demo.in, the Admin Console as admin@demo.in, session screens signed out), signed in
// through the API with the token put where the web app keeps it (localStorage "portal.token"); the HTTP
// cache is emptied before every run. A `:param` is filled from a link the app shows on the account's
// other screens, else from the demo world (bench/app-routes.mjs addressFor).
// Options: `--routes /home,/account/ledger` (route patterns exactly as in the router),
// `--runs N` (default RUNS or 3), `--note "text"` (a line under the table: what else loaded the machine),
// `--no-write` (print the table only). PRESETS=mobile for one preset; LHR_DIR=dir keeps each run's report.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { addressFor, appRoutes } from "./app-routes.mjs";
import { machineLine, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
// Debian's headless shell (package chromium-headless-shell) when installed: the full browser in
// --headless=new also starts its own WebUI renderers (the omnibox popup, the compose box), about a
// second of CPU in a page's first five seconds here, taken from the page on a two-core machine.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromePath =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const headlessFlag = chromePath.includes("headless-shell") ? "--headless" : "--headless=new";
const port = Number(process.env.BENCH_PORT ?? 4201);
const arg = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(arg("--runs") ?? process.env.RUNS ?? 3);
const onlyRoutes = arg("--routes")?.split(",").filter(Boolean);
const note = arg("--note");
const distDir = arg("--dist")
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), arg("--dist"))
  : undefined;
const ACCOUNT_EMAIL = { franchisee: "franchisee@demo.in", kiosk: "kiosk@demo.in", admin: "admin@demo.in" };
const TOKEN_KEY = "portal.token";

if (!existsSync(chromePath)) {
  throw new Error(
    `no browser at ${chromePath}: install Debian's chromium-headless-shell or chromium (apt-get install) or set CHROME_PATH`,
  );
}
const built =
  existsSync(path.join(root, "apps/web/dist/index.html")) &&
  existsSync(path.join(root, "apps/server/dist/main.js"));
if (!distDir && (!built || process.argv.includes("--build"))) {
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

// a year of history (as the e2e journeys): the account screens draw what a partner has (order
// history, a ledger year, loads); DEMO_HISTORY_MONTHS=0 starts quicker
process.env.DEMO_HISTORY_MONTHS ??= "12";
process.env.JOB_INTERVAL_MS ??= "0";
const started = new Date();
const server = await startServer("pglite", {
  port,
  productCount: 1000,
  ...(distDir
    ? { entry: path.join(distDir, "server", "main.js"), env: { WEB_DIST: path.join(distDir, "web") } }
    : {}),
});
console.log(`server ready in ${(server.readyMs / 1000).toFixed(0)} s at ${server.base}`);

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [headlessFlag, "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const browser = await puppeteer.connect({
  browserURL: `http://127.0.0.1:${chrome.port}`,
  defaultViewport: null,
});

try {
  const headers = await server.signIn("franchisee@demo.in");
  const token = headers.authorization.replace(/^Bearer /, "");
  const api = async (p, init = {}) => {
    const res = await fetch(`${server.base}${p}`, { ...init, headers });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // a category with products, its first product, and that product in the cart
  const categories = await api("/api/category/b2b");
  const categoryList = Array.isArray(categories)
    ? categories
    : (categories.categories ?? categories.data ?? []);
  const category = categoryList[0];
  if (!category) throw new Error("no category");
  const listing = await api("/api/listing/b2b", {
    method: "POST",
    body: JSON.stringify({ filters: [{ key: "categories", values: [category.id] }], size: 10 }),
  }).catch(() => api("/api/listing/b2b", { method: "POST", body: JSON.stringify({ size: 10 }) }));
  const product = listing.products[0];
  if (!product) throw new Error("no product in the listing");
  await api("/api/users/cart/update", {
    method: "PUT",
    body: JSON.stringify({ products: [{ id: product.id, qty: product.moq ?? 1 }], mode: "add" }),
  }).catch(async () => {
    // the smallest quantity the product takes
    for (const qty of [2, 3, 4, 5, 6, 10, 12]) {
      try {
        return await api("/api/users/cart/update", {
          method: "PUT",
          body: JSON.stringify({ products: [{ id: product.id, qty }], mode: "add" }),
        });
      } catch {}
    }
    throw new Error("could not put a product in the cart");
  });

  const tokens = { signedOut: null };
  for (const [account, email] of Object.entries(ACCOUNT_EMAIL)) {
    tokens[account] = (await server.signIn(email)).authorization.replace(/^Bearer /, "");
  }
  tokens.franchisee = token;
  const apiAs = (account) => async (p) => {
    if (!tokens[account]) return null;
    const res = await fetch(`${server.base}${p}`, {
      headers: { authorization: `Bearer ${tokens[account]}` },
    });
    return res.ok ? res.json() : null;
  };

  // every route (or those asked for), with the catalogue's own addresses: a category's listing, the
  // product in the cart, the cart with that line
  const special = {
    "/products/listing": `/products/listing?categories=${category.id}`,
    "/products/productInfo/:id": `/products/productInfo/${product.id}`,
  };
  const wanted = appRoutes().filter(
    (r) => !onlyRoutes || onlyRoutes.some((w) => r.path === w || r.path === `${w}/*`),
  );
  /** The links each account's screens show, to fill params (only when a route with params is asked for). */
  const linksOf = async (account) => {
    const links = new Set();
    const plain = appRoutes().filter((r) => (r.account ?? "signedOut") === account && !r.path.includes(":"));
    const page = await browser.newPage();
    try {
      await page.goto(`${server.base}/api/health`);
      await page.evaluate(
        (key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
        TOKEN_KEY,
        tokens[account],
      );
      for (const r of plain) {
        await page
          .goto(`${server.base}${r.path.replace(/\/\*$/, "")}`, {
            waitUntil: "networkidle2",
            timeout: 30_000,
          })
          .catch(() => {});
        for (const href of await page.$$eval("a[href^='/']", (as) => as.map((a) => a.getAttribute("href"))))
          links.add(href);
      }
    } finally {
      await page.close();
    }
    return links;
  };
  const links = {};
  const pages = [];
  for (const r of wanted) {
    const account = r.account ?? "signedOut";
    let address = special[r.path];
    if (!address) {
      if (r.path.includes(":")) links[account] ??= await linksOf(account);
      address = await addressFor(r.path, links[account] ?? [], apiAs(account));
    }
    if (!address) {
      console.log(`${r.path}: no demo value for its params; not measured`);
      continue;
    }
    pages.push({ name: r.path === "/checkout" ? "/checkout (1 line)" : r.path, path: address, account });
  }

  /** Puts the session token in (or takes it out of) the app's localStorage and empties the HTTP cache. */
  async function prepare(account) {
    const page = await browser.newPage();
    await page.goto(`${server.base}/api/health`, { waitUntil: "domcontentloaded" }).catch(() => {});
    await page.evaluate(
      (key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
      TOKEN_KEY,
      tokens[account] ?? null,
    );
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await page.close();
  }

  // PRESETS=mobile: one preset only (a quick look; the table needs both)
  const presets = [
    { name: "mobile", config: undefined },
    { name: "desktop", config: desktopConfig },
  ].filter((preset) => !process.env.PRESETS || process.env.PRESETS.split(",").includes(preset.name));
  const results = [];
  // the host's speed as Lighthouse measures it: the mobile preset slows the CPU four times whatever the
  // host, so scores are comparable between runs on one machine only
  const benchmarkIndexes = [];
  // PAGES=listing,product: only the pages whose name holds one of these words
  const only = process.env.PAGES?.split(",").filter(Boolean);
  for (const p of pages.filter((pg) => !only || only.some((w) => pg.name.includes(w)))) {
    const row = { page: p.name, path: p.path };
    for (const preset of presets) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        await prepare(p.account);
        let { lhr } = await runLighthouse(
          `${server.base}${p.path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            disableStorageReset: true,
            onlyCategories: ["performance", "accessibility", "best-practices"],
          },
          preset.config,
        );
        if (process.env.LHR_DIR) {
          const file = `${p.name.replace(/[^a-z0-9]+/gi, "_")}-${preset.name}-${i + 1}.json`;
          mkdirSync(process.env.LHR_DIR, { recursive: true });
          writeFileSync(path.join(process.env.LHR_DIR, file), JSON.stringify(lhr));
        }
        if (lhr.runtimeError) {
          // a trace lost on a loaded machine (NO_NAVSTART): that run once more
          console.error(`${p.path} ${preset.name}: ${lhr.runtimeError.code}; trying again`);
          await prepare(p.account);
          ({ lhr } = await runLighthouse(
            `${server.base}${p.path}`,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              disableStorageReset: true,
              onlyCategories: ["performance", "accessibility", "best-practices"],
            },
            preset.config,
          ));
        }
        if (lhr.runtimeError) throw new Error(`${p.path} ${preset.name}: ${lhr.runtimeError.message}`);
        const endedAt = new URL(lhr.finalDisplayedUrl).pathname;
        if (!endedAt.startsWith(p.path.split("?")[0]))
          console.log(`${p.path} ${preset.name}: ended at ${endedAt}`);
        const consoleErrors = lhr.audits["errors-in-console"]?.details?.items ?? [];
        const failedA11y = Object.values(lhr.audits)
          .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => a.id);
        const sample = {
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
          failedBestPractices: Object.values(lhr.audits)
            .filter((a) =>
              lhr.categories["best-practices"].auditRefs.some((r) => r.id === a.id && r.weight > 0),
            )
            .filter((a) => a.score !== null && a.score < 1)
            .map((a) => a.id),
          fcp: lhr.audits["first-contentful-paint"].numericValue,
          lcp: lhr.audits["largest-contentful-paint"].numericValue,
          tbt: lhr.audits["total-blocking-time"].numericValue,
          cls: lhr.audits["cumulative-layout-shift"].numericValue,
          consoleErrors: consoleErrors.length,
          consoleErrorText: consoleErrors.map((e) => `${e.source}: ${e.description}`.slice(0, 200)),
          failedA11y,
          lcpElement:
            lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
          shifts: (lhr.audits["layout-shifts"]?.details?.items ?? []).map(
            (s) => `${s.score?.toFixed(3)} ${s.node?.snippet?.slice(0, 120)}`,
          ),
        };
        samples.push(sample);
        if (lhr.environment?.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        console.log(
          `${p.path} ${preset.name} #${i + 1}: performance ${sample.performance}, FCP ${Math.round(sample.fcp)} ms, LCP ${Math.round(sample.lcp)} ms, TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}, accessibility ${sample.accessibility}${sample.failedA11y.length ? ` (${sample.failedA11y.join(", ")})` : ""}, best practices ${sample.bestPractices}${sample.failedBestPractices.length ? ` (${sample.failedBestPractices.join(", ")})` : ""}, console errors ${sample.consoleErrors}`,
        );
        if (process.env.VERBOSE)
          console.log(
            JSON.stringify({
              lcp: sample.lcpElement,
              shifts: sample.shifts,
              errors: sample.consoleErrorText,
            }),
          );
      }
      row[preset.name] = median(samples);
    }
    results.push(row);
  }

  const ms = (n) => (n === undefined ? "—" : Math.round(n).toLocaleString("en-US"));
  const blank = {
    performance: "—",
    accessibility: "—",
    bestPractices: "—",
    consoleErrors: 0,
    cls: undefined,
  };
  for (const r of results) {
    r.mobile ??= blank;
    r.desktop ??= blank;
  }
  const cls = (n) => (n === undefined ? "—" : n.toFixed(3));
  const low = (a, b) => (typeof a === "number" && typeof b === "number" ? Math.min(a, b) : a === "—" ? b : a);
  // the issue's table: scores, layout shift on both, accessibility and best practices (the lower of the
  // two presets), the mobile preset's total blocking time
  const table = [
    "| page | mobile | desktop | CLS mobile / desktop | accessibility | best practices | TBT mobile ms | LCP mobile ms | console errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.mobile.performance} | ${r.desktop.performance} | ${cls(r.mobile.cls)} / ${cls(r.desktop.cls)} | ${low(r.mobile.accessibility, r.desktop.accessibility)} | ${low(r.mobile.bestPractices, r.desktop.bestPractices)} | ${ms(r.mobile.tbt)} | ${ms(r.mobile.lcp)} | ${Math.max(r.mobile.consoleErrors, r.desktop.consoleErrors)} |`,
    ),
  ].join("\n");
  console.log(table);

  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  const now = new Date();
  const asked = onlyRoutes ? `the routes ${onlyRoutes.join(", ")}` : "every route of the web app";
  const section = `## ${now.toISOString().slice(0, 10)} — Lighthouse 12 on ${asked}

${machineLine()
  .replace("; load generator on the same machine", "")
  .replace(
    / when written\.$/,
    " when written",
  )}; ${execSync(`${chromePath} --version`).toString().trim()} (${chromePath.includes("headless-shell") ? "Debian's headless shell" : "headless"}); server on the same machine.
Command: \`npm run bench:lighthouse -- ${process.argv
    .slice(2)
    .map((a) => (a.includes(" ") ? JSON.stringify(a) : a))
    .join(
      " ",
    )}\` (Lighthouse ${lighthouseVersion()} mobile and desktop presets, simulated throttling, ${runs} run${runs === 1 ? "" : "s"} of each, median of each figure; PGlite, ${1000} products, ${process.env.DEMO_HISTORY_MONTHS} months of demo history; partner screens as franchisee@demo.in, kiosk screens as kiosk@demo.in, /admin as admin@demo.in, session screens signed out; HTTP cache emptied before every run; routes read from router.tsx and AdminRoutes.tsx).
Started at ${started.toISOString().slice(11, 16)} UTC, ended at ${now.toISOString().slice(11, 16)} UTC; load average at the end (1, 5, 15 min): ${load}; Lighthouse's CPU benchmark index of this host ${benchmarkIndexes.length ? Math.round(benchmarkIndexes.sort((a, b) => a - b)[Math.floor(benchmarkIndexes.length / 2)]) : "unknown"} (median of the runs; compare scores between runs on one machine).${note ? `\n${note}` : ""}

${table}
`;
  if (!process.argv.includes("--no-write")) {
    prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
  }
} finally {
  await browser.disconnect().catch(() => {});
  chrome.kill();
  await server.stop();
}

function median(samples) {
  const out = {};
  for (const key of [
    "performance",
    "accessibility",
    "bestPractices",
    "fcp",
    "lcp",
    "tbt",
    "cls",
    "consoleErrors",
  ]) {
    const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
    out[key] = sorted[Math.floor(sorted.length / 2)];
  }
  return out;
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version;
}

/** One Lighthouse run; a run that fails (a DevTools protocol timeout on a loaded machine) is tried once more. */
async function runLighthouse(...args) {
  try {
    return await lighthouse(...args);
  } catch (error) {
    console.error(`run failed (${error.code ?? error.message}); trying again`);
    return await lighthouse(...args);
  }
}
