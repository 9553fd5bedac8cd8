import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = path.join(tmpdir(), `portal-e2e-${port}`);
/** Set by `npm test -- --postgres`: the journeys' server runs on this PostgreSQL database, made afresh. */
const databaseUrl = process.env.E2E_DATABASE_URL;
/** A copy of the built server and web app to serve (default: the build in the tree). */
const serverDist = process.env.E2E_DIST ? `${process.env.E2E_DIST}/server` : "apps/server/dist";
const webDist: Record<string, string> = process.env.E2E_DIST
  ? { WEB_DIST: `${process.env.E2E_DIST}/web` }
  : {};
const freshDatabase = databaseUrl ? `node scripts/fresh-database.mjs ${databaseUrl}` : `rm -rf ${dataDir}`;

/** Journeys run against the built app served by the real server on a fresh embedded database. */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: "../test-results/e2e-artifacts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 768 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `${freshDatabase} && node --enable-source-maps ${serverDist}/main.js`,
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...webDist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_PRODUCTS: "1000",
      LOG_LEVEL: "warn",
      LOGIN_LIMIT: "50",
      // A year of back-office history keeps start-up quick; the full history goes back to 2017-04.
      DEMO_HISTORY_MONTHS: "12",
    },
  },
});
