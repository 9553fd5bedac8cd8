// Issue 32's order history (first page with filters) and its stats, two builds of the server side by
// side on one seeded database: first their answers compared byte for byte (random partners, filters,
// sorts, pages and searches), then the load of bench/network-queries.mjs (50 connections, mixed
// partners and filters, answer cache and jobs off) on each in turn, rounds alternating A, B, A, B…,
// with each round's req/s, p50/p95, the server's CPU ms per request (/proc of its process), the
// database's backend CPU ms per request (/proc of the database's backends, when on this machine) and
// the load average beside it.
//
//   BENCH_DB_URL=postgres://…/h2net  A=apps/server/builds/h2-before/main.js  B=apps/server/builds/h2-after/main.js
//   BENCH_PORT=4630 (A; B on the next)  BENCH_SECONDS=10  ROUNDS=3  COMPARE=600 (answers compared; 0: none)
//   node bench/history-ab.mjs

import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { load } from "./load-loop.mjs";
import { seededRandom } from "./random.mjs";
import { HISTORY_STATUSES, HISTORY_WINDOWS } from "./requests.mjs";
import { startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.env.BENCH_DB_URL;
if (!databaseUrl) throw new Error("Set BENCH_DB_URL");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
let rounds = Number(process.env.ROUNDS ?? 3);
const compare = Number(process.env.COMPARE ?? 600);
const port = Number(process.env.BENCH_PORT ?? 4630);
const entries = {
  A: path.resolve(root, process.env.A ?? "apps/server/builds/h2-before/main.js"),
  B: path.resolve(root, process.env.B ?? "apps/server/builds/h2-after/main.js"),
};

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const q = async (text, values) => (await client.query(text, values)).rows;
const stores = await q(`SELECT u.email FROM users u WHERE u.email LIKE '%@network.demo.in'
  AND EXISTS (SELECT 1 FROM purchase_orders o WHERE o.user_id = u.id) ORDER BY u.id`);
const poids = (await q("SELECT poid FROM purchase_orders TABLESAMPLE SYSTEM (2) LIMIT 300")).map(
  (r) => r.poid,
);
const invoiceNumbers = (await q("SELECT number FROM invoices TABLESAMPLE SYSTEM (2) LIMIT 100")).map(
  (r) => r.number,
);

const servers = {};
for (const [i, name] of ["A", "B"].entries()) {
  servers[name] = await startServer("postgres", {
    port: port + i,
    productCount: 1000,
    existing: { databaseUrl },
    env: { CATALOGUE_CACHE_MS: "0", JOB_INTERVAL_MS: "0" },
    entry: entries[name],
    // a server from source (…/src/main.ts) runs under tsx, as bench/network-queries.mjs runs it
    nodeArgs: entries[name].endsWith(".ts") ? ["--import", "tsx"] : [],
  });
}
const alive = (where) => {
  for (const [name, s] of Object.entries(servers))
    if (!existsSync(`/proc/${s.pid}`)) throw new Error(`server ${name} (${entries[name]}) is gone ${where}`);
};
const tokens = new Map();
const headersOf = async (email) => {
  if (!tokens.has(email)) tokens.set(email, await servers.A.signIn(email));
  return tokens.get(email);
};

/** The load's requests (bench/network-queries.mjs's history part). */
const loadRequests = async (rand, pick) => {
  const months = HISTORY_WINDOWS;
  const STATUSES = HISTORY_STATUSES;
  const out = [];
  for (let i = 0; i < 400; i++) {
    const [from, to] = pick(months);
    const status = pick(STATUSES);
    const wh = rand() < 0.3 ? `&warehouseId=${pick([2, 3, 5, 7])}` : "";
    const qs = `orderFrom=${from}&orderTo=${to}${status ? `&status=${status}` : ""}${wh}`;
    const call = rand() < 0.5 ? "history" : "stats";
    out.push({
      call,
      method: "GET",
      path: call === "history" ? `/api/order?${qs}&pageSize=10` : `/api/order/stats?${qs}`,
      headers: await headersOf(pick(stores).email),
    });
  }
  return out;
};

/** Wider requests for the answer comparison: every filter, sort, page size, pages, searches. */
const compareRequest = async (rand, pick) => {
  const year = 2018 + Math.floor(rand() * 9);
  const month = 1 + Math.floor(rand() * 12);
  const span = pick([0, 1, 2]);
  const from = new Date(Date.UTC(year, month - 1, 1 + Math.floor(rand() * 20)));
  const to = new Date(Math.min(Date.UTC(year, month - 1 + span, 28), Date.now() - 86_400_000));
  if (to < from) from.setTime(to.getTime() - 40 * 86_400_000);
  const day = (d) => d.toISOString().slice(0, 10);
  const parts = [];
  const kind = rand();
  if (kind < 0.6) parts.push(`orderFrom=${day(from)}`, `orderTo=${day(to)}`);
  else if (kind < 0.85) parts.push(`shipFrom=${day(from)}`, `shipTo=${day(to)}`);
  else if (kind < 0.95)
    parts.push(`orderFrom=${day(from)}`, `orderTo=${day(to)}`, `shipFrom=${day(from)}`, `shipTo=${day(to)}`);
  const shipped = parts.some((p) => p.startsWith("ship"));
  const status = pick(
    shipped
      ? ["", "", "Delivered", "Shipped", "Shipped,Delivered"]
      : ["", "", "", "", "Delivered", "Shipped,Delivered", "Pending,Confirmed", "Cancelled", "Confirmed"],
  );
  if (status) parts.push(`status=${status}`);
  if (rand() < 0.2) parts.push(`warehouseId=${pick([1, 2, 3, 5, 7])}`);
  if (rand() < 0.05) parts.push(`source=${pick(["B2B", "B2F", "Kiosk"])}`);
  if (rand() < 0.08)
    parts.push(
      `q=${encodeURIComponent(pick([...poids.map((p) => p.slice(3, 10)), ...invoiceNumbers, "bowl", "100059", "po-2"]))}`,
    );
  if (rand() < 0.4)
    parts.push(
      `sort=${pick(["", "-"])}${pick(["date", "poid", "status", "amount", "netPayment", "shipped"])}`,
    );
  const size = pick([10, 10, 20, 30, 50]);
  const stats = rand() < 0.35;
  if (!stats) parts.push(`pageSize=${size}`, `pageNo=${pick([1, 1, 1, 1, 2, 3])}`);
  return {
    path: `${stats ? "/api/order/stats" : "/api/order"}?${parts.join("&")}`,
    headers: await headersOf(pick(stores).email),
  };
};

const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, clock ticks of 10 ms
};
const dbName = new URL(databaseUrl).pathname.slice(1);
/** CPU ms of each of the database's backends (pid → ms); a round's figure counts the backends alive at its end. */
const backendsCpu = async () => {
  const byPid = new Map();
  for (const { pid } of await q(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [dbName],
  ))
    try {
      byPid.set(pid, cpuMs(pid));
    } catch {}
  return byPid;
};
const cpuSince = (before, after) => {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
};

try {
  if (compare > 0) {
    const { rand, pick } = seededRandom(32);
    let same = 0;
    const differ = [];
    const statuses = {};
    for (let i = 0; i < compare; i++) {
      const req = await compareRequest(rand, pick);
      const [a, b] = await Promise.all(
        ["A", "B"].map(async (s) => {
          const res = await fetch(`${servers[s].base}${req.path}`, { headers: req.headers });
          return { status: res.status, body: await res.text() };
        }),
      );
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      if (a.status === 200 && /"rows":\[\{/.test(a.body)) statuses.withRows = (statuses.withRows ?? 0) + 1;
      if (a.status === 200 && /"amountDue":"/.test(a.body)) statuses.withDues = (statuses.withDues ?? 0) + 1;
      if (a.status === 200 && /"totalorders":[1-9]/.test(a.body))
        statuses.statsNonZero = (statuses.statsNonZero ?? 0) + 1;
      if (a.status === 400) statuses[a.body.slice(0, 80)] = (statuses[a.body.slice(0, 80)] ?? 0) + 1;
      if (a.status === b.status && a.body === b.body) same++;
      else differ.push({ path: req.path, a: a.body.slice(0, 300), b: b.body.slice(0, 300) });
    }
    console.log(
      `answers compared: ${compare}, byte-for-byte equal: ${same}; A's statuses ${JSON.stringify(statuses)}`,
    );
    for (const d of differ.slice(0, 5)) console.log(JSON.stringify(d));
    alive("after the comparison");
    if (differ.length) process.exitCode = 1;
  }
  if (process.env.COMPARE_ONLY) rounds = 0;
  const { rand, pick } = seededRandom(11);
  const ready = await loadRequests(rand, pick);
  console.log(
    "| round | build | req/s | history p50/p95 ms | stats p50/p95 ms | server CPU ms/req | db CPU ms/req | load avg |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const s of rounds > 0 ? ["A", "B"] : []) {
    const next = () => pick(ready);
    await load({ base: servers[s].base, connections: 50, seconds: 2, next });
    alive(`after ${s}'s warm-up`);
  }
  for (let r = 1; r <= rounds; r++)
    for (const s of r % 2 ? ["A", "B"] : ["B", "A"]) {
      const next = () => pick(ready);
      const cpu0 = cpuMs(servers[s].pid);
      const db0 = await backendsCpu();
      const out = await load({ base: servers[s].base, connections: 50, seconds, next });
      const cpu1 = cpuMs(servers[s].pid);
      const db1 = await backendsCpu();
      const n = (out.history?.n ?? 0) + (out.stats?.n ?? 0);
      const rps = (out.history?.rps ?? 0) + (out.stats?.rps ?? 0);
      const bad = Object.entries({ ...out.history?.statuses, ...out.stats?.statuses }).filter(
        ([k]) => k !== "200",
      );
      console.log(
        `| ${r} | ${s} | ${rps.toFixed(0)} | ${out.history?.p50.toFixed(1)} / ${out.history?.p95.toFixed(1)} | ` +
          `${out.stats?.p50.toFixed(1)} / ${out.stats?.p95.toFixed(1)} | ${((cpu1 - cpu0) / n).toFixed(2)} | ` +
          `${(cpuSince(db0, db1) / n).toFixed(2)} | ${os.loadavg()[0].toFixed(2)}${bad.length ? ` statuses ${JSON.stringify(bad)}` : ""} |`,
      );
    }
} finally {
  await client.end();
  for (const s of Object.values(servers)) await s.stopKeepingData();
}
