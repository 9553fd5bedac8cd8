// The statements one order history request and one stats request send to PostgreSQL, with their plans:
// auto_explain (ANALYZE, BUFFERS) switched on for the bench database's new sessions only, a built
// server started on it, one request of each kind sent (after a warm-up of each), the server stopped,
// the setting reset; then the server log's plans of those requests are printed, one per statement
// (so their count is the round trips per request). Needs the database on this machine and its log
// readable (PG_LOG).
//
//   BENCH_DB_URL=postgres://…/h2net  ENTRY=apps/server/builds/h2-after/main.js  BENCH_PORT=4632
//   PG_LOG=/var/log/postgresql/postgresql-15-main.log  node bench/history-explain.mjs
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.env.BENCH_DB_URL;
if (!databaseUrl) throw new Error("Set BENCH_DB_URL");
const entry = path.resolve(root, process.env.ENTRY ?? "apps/server/builds/h2-after/main.js");
const log = process.env.PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const port = Number(process.env.BENCH_PORT ?? 4632);
const email = process.env.EMAIL ?? "store0001@network.demo.in";
const qs = process.env.QS ?? "orderFrom=2026-08-01&orderTo=2026-10-31&status=Shipped,Delivered";
const dbName = new URL(databaseUrl).pathname.slice(1);

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const set = (setting) => admin.query(`ALTER DATABASE ${dbName} SET ${setting}`);
const server = await startServer("postgres", {
  port,
  productCount: 1000,
  existing: { databaseUrl },
  env: { CATALOGUE_CACHE_MS: "0", JOB_INTERVAL_MS: "0" },
  entry,
});
let from = 0;
try {
  const headers = await server.signIn(email);
  const history = `/api/order?${qs}&pageSize=10`;
  const stats = `/api/order/stats?${qs}`;
  // the pool's connections are opened before the settings: only sessions opened after take them,
  // so the server is restarted with them on
  await server.stopKeepingData();
  await set("session_preload_libraries = 'auto_explain'");
  await set("auto_explain.log_min_duration = 0");
  await set("auto_explain.log_analyze = on");
  await set("auto_explain.log_buffers = on");
  await set("auto_explain.log_timing = on");
  const again = await startServer("postgres", {
    port,
    productCount: 1000,
    existing: { databaseUrl },
    env: { CATALOGUE_CACHE_MS: "0", JOB_INTERVAL_MS: "0" },
    entry,
  });
  const get2 = async (p) => {
    const res = await fetch(`${again.base}${p}`, { headers });
    return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
  };
  try {
    await get2(history);
    await get2(stats);
    await new Promise((r) => setTimeout(r, 500));
    from = statSync(log).size;
    console.log(`history ${history}: ${JSON.stringify(await get2(history))}`);
    await new Promise((r) => setTimeout(r, 500));
    const mid = statSync(log).size;
    console.log(`stats ${stats}: ${JSON.stringify(await get2(stats))}`);
    await new Promise((r) => setTimeout(r, 500));
    const text = readFileSync(log, "utf8");
    const plans = (part) => part.split(/\n(?=\S+ \S+ \S+ \[\d+\] )/).filter((l) => l.includes("duration:"));
    const historyPlans = plans(text.slice(from, mid));
    const statsPlans = plans(text.slice(mid));
    console.log(`\n== history: ${historyPlans.length} statements\n${historyPlans.join("\n")}`);
    console.log(`\n== stats: ${statsPlans.length} statements\n${statsPlans.join("\n")}`);
  } finally {
    await again.stopKeepingData();
  }
} finally {
  await admin.query(`ALTER DATABASE ${dbName} RESET ALL`);
  await admin.end();
  await server.stopKeepingData();
}
