// The Admin Console at a clerk's volume (issue 27): on a PostgreSQL database of ORDERS orders (default
// 100,000; demo world with full history plus bulk orders, bench/seed-orders.ts), each staff list's first
// page and a filtered search (p50/p95 of RUNS sequential requests after 3 warm-ups), and a full CSV
// export of every order with the server's resident memory before, at its peak and after.
// `npm run bench:admin-lists` (BENCH_DB_URL: an already seeded database to use and keep; KEEP=1 keeps
// the one made here; WRITE=1 prepends the figures to bench/README.md).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const adminUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUNS = Number(process.env.RUNS ?? 40);
const ORDERS = Number(process.env.ORDERS ?? 100_000);

async function admin(query) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
const mb = (kb) => (kb / 1024).toFixed(0);

async function main() {
  let databaseUrl = process.env.BENCH_DB_URL;
  const made = !databaseUrl;
  if (made) {
    const url = new URL(adminUrl);
    url.pathname = "/bench27";
    databaseUrl = url.toString();
    await admin("DROP DATABASE IF EXISTS bench27 WITH (FORCE)");
    await admin("CREATE DATABASE bench27");
  }
  const seeding = Date.now();
  execFileSync(process.execPath, ["--import", "tsx", path.join(root, "bench/seed-orders.ts")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ORDERS: String(ORDERS) },
    stdio: "inherit",
  });
  const seedSeconds = ((Date.now() - seeding) / 1000).toFixed(0);
  const server = await startServer("postgres", {
    port: 3990,
    productCount: 1000,
    existing: { databaseUrl },
    entry: path.join(root, "apps/server/src/main.ts"),
    nodeArgs: ["--import", "tsx"],
  });
  const results = [];
  try {
    const headers = await server.signIn("admin@demo.in");
    const get = async (url) => {
      const started = performance.now();
      const res = await fetch(`${server.base}${url}`, { headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
      return { ms: performance.now() - started, body };
    };
    const measure = async (name, url) => {
      for (let i = 0; i < 3; i++) await get(url);
      const times = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const { ms, body } = await get(url);
        times.push(ms);
        total = JSON.parse(body).total;
      }
      const p = percentiles(times);
      results.push({ name, url, total, ...p });
      console.log(`${name}: p50 ${p.p50} ms, p95 ${p.p95} ms (${total} rows match)`);
    };
    await measure("orders, first page", "/api/admin/orders?pageSize=25");
    await measure("orders, search by PO", "/api/admin/orders?q=BULK00123&pageSize=25");
    await measure(
      "orders, search by partner email, Pending",
      "/api/admin/orders?q=franchisee%40demo&status=Pending&pageSize=25",
    );
    await measure(
      "orders, warehouse and India days",
      "/api/admin/orders?warehouseId=2&from=2026-01-01&to=2026-03-31&pageSize=25",
    );
    await measure("orders, sorted by net payment", "/api/admin/orders?sort=-netPayment&pageSize=25");
    await measure("audit, first page", "/api/admin/audit?pageSize=25");
    await measure("audit, search by order", "/api/admin/audit?q=BULK00123&pageSize=25");
    await measure(
      "audit, one order's history",
      "/api/admin/audit?entity=order&entityId=BULK001234T&sort=-at&pageSize=20",
    );

    const total = JSON.parse((await get("/api/admin/orders?pageSize=1")).body).total;
    // twice: memory that stays flat peaks the same the second time, however many rows went before
    const exports = [];
    for (let run = 1; run <= 2; run++) {
      const before = rssKb(server.pid);
      let peak = before;
      const poll = setInterval(() => {
        peak = Math.max(peak, rssKb(server.pid));
      }, 50);
      const started = performance.now();
      const res = await fetch(`${server.base}/api/admin/orders?format=csv`, { headers });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(poll);
      const after = rssKb(server.pid);
      const csv = {
        rows: lines - 1,
        seconds: seconds.toFixed(1),
        mb: (bytes / 2 ** 20).toFixed(1),
        before,
        peak,
        after,
      };
      exports.push(csv);
      console.log(
        `CSV of every order (run ${run}): ${csv.rows} rows (total ${total}), ${csv.mb} MB in ${csv.seconds} s; server RSS ${mb(before)} MB before, ${mb(peak)} MB peak, ${mb(after)} MB after`,
      );
    }

    const table = [
      "| request | rows matching | p50 ms | p95 ms | max ms |",
      "| --- | --- | --- | --- | --- |",
      ...results.map(
        (r) =>
          `| ${r.name} (\`${r.url}\`) | ${r.total.toLocaleString("en-IN")} | ${r.p50} | ${r.p95} | ${r.max} |`,
      ),
    ].join("\n");
    const section = [
      `## ${new Date().toISOString().slice(0, 10)} — Admin Console lists at ${ORDERS.toLocaleString("en-IN")} orders (issue 27)`,
      "",
      `${machineLine()}`,
      `Command: \`npm run bench:admin-lists\` (PostgreSQL 15 database bench27, dropped afterwards; seeded in ${seedSeconds} s by bench/seed-orders.ts: the demo world with full history, 1000 products, plus bulk orders cloned from it, each with its lines and an audit row; ${RUNS} sequential requests per line after 3 warm-ups, signed in as admin@demo.in, server run from source with tsx).`,
      "",
      table,
      "",
      ...exports.map(
        (csv, i) =>
          `Full CSV export ${i + 1} of 2 (\`/api/admin/orders?format=csv\`): ${csv.rows.toLocaleString("en-IN")} rows (the list's total: ${total.toLocaleString("en-IN")}), ${csv.mb} MB in ${csv.seconds} s; the server's resident memory ${mb(csv.before)} MB before, ${mb(csv.peak)} MB at its peak, ${mb(csv.after)} MB after.`,
      ),
      "",
    ].join("\n");
    console.log(`\n${section}`);
    if (process.env.WRITE === "1")
      prependToReadme(path.join(root, "bench/README.md"), section, readFileSync, writeFileSync);
  } finally {
    await server.stopKeepingData();
    if (made && process.env.KEEP !== "1") await admin("DROP DATABASE IF EXISTS bench27 WITH (FORCE)");
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
