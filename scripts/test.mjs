// npm test: install as needed, then typecheck, lint, unit + API tests (Vitest), end-to-end tests
// (Playwright on Debian's Chromium). Ends with one line "N passed, N failed" over every layer.
//   node scripts/test.mjs              every layer (PGlite)
//   node scripts/test.mjs --postgres   the server's database tests against TEST_DATABASE_URL
//   node scripts/test.mjs --total      sums the layers' results written so far under test-results/
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./chromium.mjs";
import { ensureInstall, root } from "./ensure-install.mjs";
import { npmBin, npxBin, run } from "./run.mjs";

const resultsDir = path.join(root, "test-results");
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

async function typecheck() {
  for (const project of ["packages/domain", "packages/contracts", "apps/server", "apps/web", "e2e"]) {
    const code = await run(npxBin, ["tsc", "-p", project, "--noEmit"]);
    record(`typecheck ${project}`, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  }
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

async function e2e() {
  const chromium = ensureChromium();
  if (!chromium) return record("e2e (Chromium missing)", 0, 1);
  for (const [label, workspace] of [
    ["web", "@portal/web"],
    ["server", "@portal/server"],
  ]) {
    const code = await run(npmBin, ["run", "build", "-w", workspace, "--silent"]);
    if (code !== 0) return record(`e2e (${label} build failed)`, 0, 1);
  }
  const out = path.join(resultsDir, "e2e.json");
  rmSync(out, { force: true });
  const code = await run(
    npxBin,
    ["playwright", "test", "-c", "e2e/playwright.config.ts", "--reporter=list,json"],
    {
      env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  const report = readJson(out);
  if (!report?.stats) return record("e2e", 0, 1);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const failed = unexpected + (code !== 0 && unexpected === 0 ? 1 : 0);
  record("e2e", expected + flaky, failed);
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
  await vitest("server on PostgreSQL", ["--project", "server"], { TEST_DATABASE_URL: url });
  printSummary(path.join(resultsDir, "summary-postgres.json"));
} else {
  ensureInstall();
  await typecheck();
  await lint();
  await vitest("unit and API (PGlite)", []);
  await e2e();
  printSummary(path.join(resultsDir, "summary-main.json"));
}
