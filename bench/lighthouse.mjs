// npm run bench:lighthouse -w @portal/bench: Lighthouse 12 (mobile and desktop presets, three runs each,
// median) on sign-in, home, a category's listing, a product page and the cart screen, in Debian's
// Chromium (CHROME_PATH, default Debian's headless shell when installed, else /usr/bin/chromium; nothing
// downloads a browser). Builds when the build is
// missing (`--build` always), starts the built server on a fresh PGlite folder (BENCH_PORT, default 4201),
// signs in as franchisee@demo.in through the API and puts the token where the web app keeps it
// (localStorage "portal.token") before each signed-in run; the HTTP cache is emptied before every run.
// Writes the median table to bench/README.md (`--no-write` prints it only). RUNS=1 for a quick look; LHR_DIR=dir keeps each run's report.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
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
const runs = Number(process.env.RUNS ?? 3);
const TOKEN_KEY = "portal.token";

if (!existsSync(chromePath)) {
  throw new Error(
    `no browser at ${chromePath}: install Debian's chromium-headless-shell or chromium (apt-get install) or set CHROME_PATH`,
  );
}
const built =
  existsSync(path.join(root, "apps/web/dist/index.html")) &&
  existsSync(path.join(root, "apps/server/dist/main.js"));
if (!built || process.argv.includes("--build")) execSync("npm run build", { cwd: root, stdio: "inherit" });

// a small world starts quickly; what is measured is the web app
process.env.DEMO_HISTORY_MONTHS ??= "0";
process.env.JOB_INTERVAL_MS ??= "0";
const server = await startServer("pglite", { port, productCount: 1000 });
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

  const pages = [
    { name: "/login", path: "/login", signedIn: false },
    { name: "/home", path: "/home", signedIn: true },
    {
      name: `/products/listing (${category.name})`,
      path: `/products/listing?categories=${category.id}`,
      signedIn: true,
    },
    { name: `product page (${product.id})`, path: `/products/productInfo/${product.id}`, signedIn: true },
    { name: "/checkout (1 line)", path: "/checkout", signedIn: true },
  ];

  /** Puts the session token in (or takes it out of) the app's localStorage and empties the HTTP cache. */
  async function prepare(signedIn) {
    const page = await browser.newPage();
    await page.goto(`${server.base}/api/health`, { waitUntil: "domcontentloaded" }).catch(() => {});
    await page.evaluate(
      (key, value) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
      TOKEN_KEY,
      signedIn ? token : null,
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
  // PAGES=listing,product: only the pages whose name holds one of these words
  const only = process.env.PAGES?.split(",").filter(Boolean);
  for (const p of pages.filter((pg) => !only || only.some((w) => pg.name.includes(w)))) {
    const row = { page: p.name, path: p.path };
    for (const preset of presets) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        await prepare(p.signedIn);
        const { lhr } = await runLighthouse(
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
        if (lhr.runtimeError) throw new Error(`${p.path} ${preset.name}: ${lhr.runtimeError.message}`);
        if (!lhr.finalDisplayedUrl.includes(p.path.split("?")[0])) {
          throw new Error(`${p.path} ended at ${lhr.finalDisplayedUrl}`);
        }
        const consoleErrors = lhr.audits["errors-in-console"]?.details?.items ?? [];
        const failedA11y = Object.values(lhr.audits)
          .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => a.id);
        const sample = {
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
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
        console.log(
          `${p.path} ${preset.name} #${i + 1}: performance ${sample.performance}, FCP ${Math.round(sample.fcp)} ms, LCP ${Math.round(sample.lcp)} ms, TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}, accessibility ${sample.accessibility}${sample.failedA11y.length ? ` (${sample.failedA11y.join(", ")})` : ""}, console errors ${sample.consoleErrors}`,
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
  const blank = { performance: "—", accessibility: 100, consoleErrors: 0, cls: 0 };
  for (const r of results) {
    r.mobile ??= blank;
    r.desktop ??= blank;
  }
  const table = [
    "| page | mobile performance | mobile LCP ms | mobile TBT ms | desktop performance | desktop LCP ms | desktop TBT ms | desktop CLS | accessibility | console errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.mobile.performance} | ${ms(r.mobile.lcp)} | ${ms(r.mobile.tbt)} | ${r.desktop.performance} | ${ms(r.desktop.lcp)} | ${ms(r.desktop.tbt)} | ${r.desktop.cls.toFixed(3)} | ${Math.min(r.mobile.accessibility, r.desktop.accessibility)} | ${Math.max(r.mobile.consoleErrors, r.desktop.consoleErrors)} |`,
    ),
  ].join("\n");
  console.log(table);

  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  const now = new Date();
  const section = `## ${now.toISOString().slice(0, 10)} — Lighthouse 12 on sign-in, home, listing, product and cart

${machineLine().replace("; load generator on the same machine.", "")}, ${execSync(`${chromePath} --version`).toString().trim()} (${chromePath.includes("headless-shell") ? "Debian's headless shell" : "headless"}); server on the same machine.
Command: \`npm run bench:lighthouse\` (Lighthouse ${lighthouseVersion()} mobile and desktop presets, simulated throttling, ${runs} runs of each, median of each figure; PGlite, ${1000} products, signed in as franchisee@demo.in, HTTP cache emptied before every run).
Run at ${now.toISOString().slice(11, 16)} UTC; load average at the end (1, 5, 15 min): ${load}.

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
  for (const key of ["performance", "accessibility", "fcp", "lcp", "tbt", "cls", "consoleErrors"]) {
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
