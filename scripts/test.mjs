// npm test: install as needed, then typecheck, lint, unit + API tests (Vitest), end-to-end tests
// (Playwright on Debian's Chromium). Ends with one line "N passed, N failed" over every layer.
//   node scripts/test.mjs              every layer (PGlite)
//   node scripts/test.mjs --postgres   the server's database tests against TEST_DATABASE_URL
//   node scripts/test.mjs --total      sums the layers' results written so far under test-results/
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium.mjs";
import { ensureInstall, root } from "./ensure-install.mjs";
import { npmBin, npxBin, run } from "./run.mjs";

const resultsDir = path.join(root, "test-results");
/** Where the journeys' server keeps its PGlite database (e2e/playwright.config.ts, port 3199). */
const E2E_DATA_DIR = path.join(tmpdir(), "portal-e2e-3199");
/** The journeys that place, ship, invoice and pay: run again on PostgreSQL. */
const E2E_MONEY_SPECS = [
  "e2e/back-office.spec.ts",
  "e2e/finance.spec.ts",
  "e2e/ledger.spec.ts",
  "e2e/money.spec.ts",
  "e2e/shipping-charge.spec.ts",
];
const mode = process.argv.includes("--postgres")
  ? "postgres"
  : process.argv.includes("--total")
    ? "total"
    : "main";
const counts = { passed: 0, failed: 0 };
const layers = [];

function record(layer, passed, failed) {
  counts.passed += passed;
  counts.failed += failed;
  layers.push(`${layer}: ${passed} passed, ${failed} failed`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Runs a command with its output held back, then printed whole (for commands run side by side). */
function runHeld(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    const done = (code) => {
      if (chunks.length > 0) process.stdout.write(Buffer.concat(chunks));
      resolve(code);
    };
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on("error", (err) => {
      chunks.push(Buffer.from(`${command}: ${err.message}\n`));
      done(1);
    });
  });
}

/** Each project's `tsc` is one process on one core: two at a time on a two-core machine, recorded in order. */
async function typecheck() {
  const projects = ["packages/domain", "packages/contracts", "apps/server", "apps/web", "e2e", "test"];
  const codes = new Array(projects.length);
  let next = 0;
  const lane = async () => {
    while (next < projects.length) {
      const i = next++;
      codes[i] = await runHeld(npxBin, ["tsc", "-p", projects[i], "--noEmit"]);
    }
  };
  await Promise.all([lane(), lane()]);
  projects.forEach((project, i) => {
    record(`typecheck ${project}`, codes[i] === 0 ? 1 : 0, codes[i] === 0 ? 0 : 1);
  });
}

async function lint() {
  const code = await run(npxBin, ["biome", "check", "."]);
  record("lint", code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

/** Vitest with its JSON report; a crash that leaves no report counts as one failure. */
async function vitest(layer, args, env = {}) {
  const out = path.join(resultsDir, `vitest-${layer}.json`);
  rmSync(out, { force: true });
  const code = await run(
    npxBin,
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...args],
    { env: { ...process.env, ...env } },
  );
  const report = readJson(out);
  if (!report) return record(layer, 0, 1);
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  record(layer, report.numPassedTests, failed);
}

/**
 * The end-to-end journeys (Playwright on Debian's Chromium) against the built app. `specs` narrows
 * them; `env` reaches the server (E2E_DATABASE_URL puts it on a fresh PostgreSQL database).
 */
async function e2e(layer = "e2e", specs = [], env = {}, { reuseBuild = false } = {}) {
  const chromium = ensureChromium();
  if (!chromium) return record(`${layer} (Chromium missing)`, 0, 1);
  for (const [label, workspace, built] of [
    ["web", "@portal/web", "apps/web/dist/index.html"],
    ["server", "@portal/server", "apps/server/dist/main.js"],
  ]) {
    if (reuseBuild && existsSync(path.join(root, built))) continue;
    const code = await run(npmBin, ["run", "build", "-w", workspace, "--silent"]);
    if (code !== 0) return record(`${layer} (${label} build failed)`, 0, 1);
  }
  const out = path.join(resultsDir, `${layer.replace(/\W+/g, "-")}.json`);
  rmSync(out, { force: true });
  const code = await run(
    npxBin,
    ["playwright", "test", "-c", "e2e/playwright.config.ts", "--reporter=list,json", ...specs],
    {
      env: { ...process.env, ...env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  const report = readJson(out);
  if (!report?.stats) return record(layer, 0, 1);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const failed = unexpected + (code !== 0 && unexpected === 0 ? 1 : 0);
  record(layer, expected + flaky, failed);
}

/** The reconciliation report over the database the journeys left behind: one pass when it is empty. */
async function reconcile(layer, env) {
  const code = await run(npmBin, ["run", "reconcile", "-w", "@portal/server", "--silent"], {
    env: { ...process.env, ...env },
  });
  record(layer, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

function printSummary(file) {
  console.log(`\n${layers.join("\n")}`);
  if (file) writeFileSync(file, JSON.stringify(counts));
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exitCode = counts.failed > 0 ? 1 : 0;
}

mkdirSync(resultsDir, { recursive: true });
if (mode === "total") {
  for (const file of readdirSync(resultsDir).filter((f) => /^summary-.*\.json$/.test(f))) {
    const c = readJson(path.join(resultsDir, file)) ?? { passed: 0, failed: 1 };
    record(file.replace(/^summary-|\.json$/g, ""), c.passed, c.failed);
  }
  printSummary(null);
} else if (mode === "postgres") {
  ensureInstall();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error("Set TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/test).");
    process.exit(2);
  }
  await vitest("server on PostgreSQL", ["--project", "server", "--project", "server-isolated"], {
    TEST_DATABASE_URL: url,
  });
  // The journeys that move money, on a fresh PostgreSQL database beside the test one; then the
  // reconciliation report over what they left.
  const e2eUrl = new URL(url);
  e2eUrl.pathname = "/portal_e2e";
  // `.ci/run` has just built the app for `npm test`: the journeys reuse that build.
  await e2e(
    "e2e on PostgreSQL",
    E2E_MONEY_SPECS,
    { E2E_DATABASE_URL: e2eUrl.href, E2E_PORT: "3198" },
    { reuseBuild: true },
  );
  await reconcile("reconcile after e2e (PostgreSQL)", { DATABASE_URL: e2eUrl.href });
  printSummary(path.join(resultsDir, "summary-postgres.json"));
} else {
  ensureInstall();
  await typecheck();
  await lint();
  await vitest("unit and API (PGlite)", []);
  await e2e();
  await reconcile("reconcile after e2e (PGlite)", { DATA_DIR: E2E_DATA_DIR });
  printSummary(path.join(resultsDir, "summary-main.json"));
}
