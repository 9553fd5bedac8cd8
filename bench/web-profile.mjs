// npm run bench:web-profile -w @portal/bench: where a page's main-thread time goes while it loads.
// Starts the built server on a fresh PGlite folder (BENCH_PORT, default 4202), signs in as
// franchisee@demo.in, puts one product in the cart, then loads each page RUNS times (default 3) in
// Debian's headless shell (else /usr/bin/chromium; CHROME_PATH) at 412×823 with the CPU slowed CPU times
// (default 4, Lighthouse's phone), and prints per run: first and largest paint, the main thread's task,
// script, style and layout time, and React's commits; then the CPU profile's self time per npm package
// or source file (read through the build's source maps), averaged over the runs.
// PAGES=/checkout,/home (default: home, a listing, a product page and the cart). TASKS=12 also lists each
// main-thread task of at least 12 ms (CPU=1 shows the unthrottled tasks Lighthouse multiplies), with the
// trace events in it and the functions that took its time (name and file:line). Prints only: the figures
// that matter for the record are Lighthouse's (bench:lighthouse); this tells where to look.
// CALLERS=fnA,fnB prints the call paths to these functions (by the time under them).
// WEB_DIST and SERVER_ENTRY serve another build (a snapshot's web folder and server/main.js).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import puppeteer from "puppeteer-core";
import { startServer } from "./server.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const assets = path.join(process.env.WEB_DIST ?? path.join(root, "apps/web/dist"), "assets");
const SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromePath = process.env.CHROME_PATH ?? (existsSync(SHELL) ? SHELL : "/usr/bin/chromium");
const runs = Number(process.env.RUNS ?? 3);
const cpu = Number(process.env.CPU ?? 4);
const PRODUCT = 100652;
const pages = (
  process.env.PAGES ?? `/home,/products/listing?categories=6,/products/productInfo/${PRODUCT},/checkout`
).split(",");

if (!existsSync(path.join(assets, "..", "index.html")))
  throw new Error(`no web build in ${assets}: npm run build`);

process.env.DEMO_HISTORY_MONTHS ??= "0";
process.env.JOB_INTERVAL_MS ??= "0";
const server = await startServer("pglite", {
  port: Number(process.env.BENCH_PORT ?? 4202),
  productCount: 1000,
  env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {},
  // SERVER_ENTRY: another built server (a snapshot's server/main.js)
  entry: process.env.SERVER_ENTRY ? path.resolve(process.env.SERVER_ENTRY) : undefined,
});
const headers = await server.signIn("franchisee@demo.in");
const token = headers.authorization.replace(/^Bearer /, "");
for (const qty of [1, 2, 3, 4, 5, 6, 10, 12]) {
  const res = await fetch(`${server.base}/api/users/cart/update`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ products: [{ id: PRODUCT, qty }], mode: "add" }),
  });
  if (res.ok) break;
}

/** `file:line` (or the npm package) a profile frame comes from, through the build's source maps. */
const maps = new Map();
function origin(frame, detail = false) {
  const file = frame.url.split("/").pop();
  const mapFile = path.join(assets, `${file}.map`);
  if (!file || !existsSync(mapFile)) return frame.url ? file : frame.functionName || "(native)";
  if (!maps.has(mapFile)) maps.set(mapFile, new TraceMap(readFileSync(mapFile, "utf8")));
  const at = originalPositionFor(maps.get(mapFile), {
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!at.source) return file;
  const pkg = at.source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  const where = pkg ? pkg[1] : at.source.replace(/^(\.\.\/)+/, "");
  return detail ? `${at.name ?? frame.functionName ?? "(anonymous)"} ${where}:${at.line}` : where;
}

const taskThreshold = Number(process.env.TASKS ?? 0);

/** Each main-thread task of at least TASKS ms in the trace, with its events and the profile's self time in it. */
function printTasks(traceEvents, profile) {
  const paint = traceEvents.filter((e) => e.name === "firstContentfulPaint").sort((a, b) => b.ts - a.ts)[0];
  if (!paint) return;
  const onMain = (e) => e.pid === paint.pid && e.tid === paint.tid;
  const start = Math.max(
    0,
    ...traceEvents
      .filter((e) => e.name === "navigationStart" && onMain(e) && e.ts < paint.ts)
      .map((e) => e.ts),
  );
  const tasks = traceEvents.filter(
    (e) => e.name === "RunTask" && onMain(e) && e.ts >= start && e.dur >= taskThreshold * 1000,
  );
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  let clock = profile.startTime;
  const times = profile.timeDeltas.map((d) => (clock += d));
  console.log(`  first contentful paint at ${Math.round((paint.ts - start) / 1000)} ms`);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const events = new Map();
    for (const e of traceEvents) {
      if (e === task || e.ph !== "X" || !e.dur || !onMain(e) || e.ts < task.ts || e.ts >= end) continue;
      if (e.name === "RunTask" || e.name.startsWith("ThreadController") || e.name.startsWith("V8.GC_"))
        continue;
      events.set(e.name, (events.get(e.name) ?? 0) + e.dur / 1000);
    }
    const self = new Map();
    profile.samples.forEach((id, i) => {
      if (times[i] < task.ts || times[i] > end) return;
      const key = origin(nodes.get(id).callFrame, true);
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    });
    const top = (map, n) =>
      [...map]
        .filter(([key]) => !key.startsWith("(idle)") && !key.startsWith("(program)"))
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, ms]) => `${key} ${ms.toFixed(0)}`)
        .join(" | ");
    console.log(
      `  task at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur / 1000)} ms: ${top(events, 5)}\n    ${top(self, 5)}`,
    );
  }
}

// CALLERS=isRTL,calculateNodeHeight: the call paths to these functions, by the self time spent under them
const callers = (process.env.CALLERS ?? "").split(",").filter(Boolean);

/** The call paths (innermost first, our own code's frames and the libraries') to the CALLERS functions. */
function printCallers(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const weight = new Map();
  for (const [i, id] of profile.samples.entries())
    weight.set(id, (weight.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  // the time under each node (its own and its callees')
  const total = new Map();
  const under = (id) => {
    if (total.has(id)) return total.get(id);
    const n = nodes.get(id);
    const t = (weight.get(id) ?? 0) + (n.children ?? []).reduce((sum, c) => sum + under(c), 0);
    total.set(id, t);
    return t;
  };
  const paths = new Map();
  for (const n of profile.nodes) {
    const name = origin(n.callFrame, true);
    if (!callers.some((c) => name.startsWith(`${c} `))) continue;
    const chain = [];
    for (let p = parent.get(n.id); p !== undefined && chain.length < 14; p = parent.get(p)) {
      const frame = nodes.get(p).callFrame;
      if (frame.url) chain.push(origin(frame, true));
    }
    const key = `${name} <- ${chain.join(" <- ")}`;
    paths.set(key, (paths.get(key) ?? 0) + under(n.id) / 1000);
  }
  for (const [key, ms] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 6))
    console.log(`  ${ms.toFixed(0)} ms: ${key}`);
}

const browser = await puppeteer.launch({
  executablePath: chromePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  headless: chromePath.includes("headless-shell") ? "shell" : true,
});
try {
  for (const pagePath of pages) {
    const selfTime = new Map();
    for (let run = 1; run <= runs; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      await page.goto(`${server.base}/api/health`);
      await page.evaluate((t) => localStorage.setItem("portal.token", t), token);
      // React reports each commit to a devtools hook when one is there
      await page.evaluateOnNewDocument(() => {
        window.__commits = 0;
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          supportsFiber: true,
          inject: () => 1,
          onCommitFiberRoot: () => window.__commits++,
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        };
      });
      const cdp = await page.createCDPSession();
      await cdp.send("Performance.enable");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      if (taskThreshold) {
        await page.tracing.start({
          categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"],
        });
      }
      await cdp.send("Profiler.start");
      await page.goto(`${server.base}${pagePath}`, { waitUntil: "networkidle2" });
      await new Promise((r) => setTimeout(r, 1000));
      const { profile } = await cdp.send("Profiler.stop");
      const trace = taskThreshold
        ? JSON.parse(Buffer.from(await page.tracing.stop()).toString("utf8"))
        : null;
      const paints = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
            new PerformanceObserver((list) =>
              resolve({ fcp, lcp: list.getEntries().at(-1)?.startTime }),
            ).observe({
              type: "largest-contentful-paint",
              buffered: true,
            });
          }),
      );
      const commits = await page.evaluate(() => window.__commits);
      const metrics = Object.fromEntries(
        (await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]),
      );
      const ms = (s) => Math.round(s * 1000);
      console.log(
        `${pagePath} #${run}: FCP ${Math.round(paints.fcp)} ms, LCP ${Math.round(paints.lcp)} ms, tasks ${ms(metrics.TaskDuration)} ms (script ${ms(metrics.ScriptDuration)}, style ${ms(metrics.RecalcStyleDuration)}, layout ${ms(metrics.LayoutDuration)}), ${commits} React commits`,
      );
      if (trace) printTasks(trace.traceEvents, profile);
      if (callers.length > 0) printCallers(profile);
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const key = origin(nodes.get(id).callFrame);
        selfTime.set(key, (selfTime.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / runs);
      });
      await context.close();
    }
    const top = [...selfTime]
      .filter(([key]) => key !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14);
    console.log(
      `${pagePath}, CPU self time per run (ms): ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}\n`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
