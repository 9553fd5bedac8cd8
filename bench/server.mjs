// Starts the built server on a fresh database for a benchmark: PGlite in a temporary folder, or a new
// PostgreSQL database next to BENCH_PG_URL's; both seeded with `productCount` products.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pgAdminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const postgresAnswers = () =>
  new Promise((resolve) => {
    const socket = net.connect(5432, "127.0.0.1");
    socket.once("connect", () => resolve(socket.end() || true));
    socket.once("error", () => resolve(false));
  });

/** Which databases to measure: BENCH_DB=pglite|postgres|both (default both, PostgreSQL when it answers). */
export async function benchDatabases() {
  const which = process.env.BENCH_DB ?? "both";
  const kinds = [];
  if (which === "pglite" || which === "both") kinds.push("pglite");
  if ((which === "postgres" || which === "both") && (await postgresAnswers())) kinds.push("postgres");
  return kinds;
}

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer at ${url}`);
}

/**
 * `existing`: a database already seeded to use as it is (`{ databaseUrl }` or `{ dataDir }`; kept
 * afterwards); `env`: more environment for the server; `nodeArgs`: flags for node (e.g. --cpu-prof);
 * `entry`: the script to run (default the built server).
 */
export async function startServer(
  kind,
  { port, productCount, existing, env: extraEnv, nodeArgs = [], entry },
) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    LOGIN_LIMIT: "100000",
    SEED_PRODUCTS: String(productCount),
    ...extraEnv,
  };
  let cleanup = async () => {};
  if (existing?.databaseUrl) {
    env.DATABASE_URL = existing.databaseUrl;
  } else if (existing?.dataDir) {
    env.DATA_DIR = existing.dataDir;
    delete env.DATABASE_URL;
  } else if (kind === "pglite") {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `portal_bench_${process.pid}_${port}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const started = Date.now();
  const server = spawn(
    process.execPath,
    [...nodeArgs, entry ?? path.join(root, "apps/server/dist/main.js")],
    {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let serverErrors = "";
  server.stderr.on("data", (chunk) => {
    serverErrors = (serverErrors + chunk).slice(-4000);
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 600_000).catch((err) => {
    console.error(serverErrors);
    throw err;
  });
  return {
    base,
    pid: server.pid,
    env,
    readyMs: Date.now() - started,
    async signIn(email) {
      const res = await fetch(`${base}/api/auth/local`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "Demo@1234" }),
      });
      const { token } = await res.json();
      return { authorization: `Bearer ${token}`, "content-type": "application/json" };
    },
    cleanup: () => cleanup(),
    /** Stops the server and keeps its database (for a restart on the same data). */
    async stopKeepingData() {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    },
    async stop() {
      await this.stopKeepingData();
      await cleanup();
    },
  };
}

/** Percentiles of a list of milliseconds. */
export function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    n: sorted.length,
    p50: at(0.5).toFixed(1),
    p95: at(0.95).toFixed(1),
    max: (sorted.at(-1) ?? 0).toFixed(1),
  };
}

/** Prepends a section to bench/README.md under its header. */
export function prependToReadme(readme, section, readFileSync, writeFileSync) {
  const header =
    "# Benchmarks\n\nFigures written by `npm run bench`; newest first. Notes on what was measured and changed are under each run.\n\n";
  let previous = "";
  try {
    previous = readFileSync(readme, "utf8").replace(/^# Benchmarks[\s\S]*?\n\n(?=## )/, "");
  } catch {}
  writeFileSync(readme, `${header}${section}\n${previous}`);
}

/** The machine line of a benchmark section. */
export function machineLine() {
  const cpu = os.cpus();
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  return `Machine: ${cpu.length} × ${cpu[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load generator on the same machine; load average ${load} (1, 5, 15 min) when written.`;
}
