// Issue 32, the admin orders queue: the SQL the order-desk repo sends for a few searches, each run with
// EXPLAIN (ANALYZE, BUFFERS), and each search timed in the repo (p50/p95 of RUNS, after 3 warm-ups).
// `DATABASE_URL=… [H3_REPO=../apps/server/.h3-before-src] npx tsx bench/h3-explain.mjs [--explain] [--plans]`
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../apps/server/src/db/schema";

// H3_REPO: another copy of the repo to time (the build before the change), e.g. ../apps/server/.h3-before-src
const { listOrders } = await import(
  `${process.env.H3_REPO ?? "../apps/server/src"}/modules/order-desk/repo.ts`
);

const url = process.env.DATABASE_URL;
const RUNS = Number(process.env.RUNS ?? 30);
const pool = new pg.Pool({ connectionString: url, max: 4 });
let logged = null;
const db = drizzle({
  client: pool,
  schema,
  casing: "snake_case",
  logger: { logQuery: (query, params) => logged?.push({ query, params }) },
});
const CASES = [
  ["partner email", { q: "store0007@network" }, { page: 1, pageSize: 25 }],
  ["partner email, Pending", { q: "store0007@network", status: "Pending" }, { page: 1, pageSize: 25 }],
  ["all network emails", { q: "network.demo" }, { page: 1, pageSize: 25 }],
  ["part of a partner name", { q: "Mumbai" }, { page: 1, pageSize: 25 }],
  ["part of a partner name, Delivered", { q: "Mumbai", status: "Delivered" }, { page: 1, pageSize: 25 }],
  ["PO id", { q: "BULK00123" }, { page: 1, pageSize: 25 }],
  ["partnerName sort, Delivered", { status: "Delivered" }, { page: 1, pageSize: 25, sort: "partnerName" }],
  ["first page", {}, { page: 1, pageSize: 25 }],
];
const only = process.env.CASES?.split(",");
for (const [name, filter, page] of CASES) {
  if (only && !only.some((o) => name.includes(o))) continue;
  for (let i = 0; i < 3; i++) await listOrders(db, filter, page);
  const times = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    total = (await listOrders(db, filter, page)).total;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(`## ${name}: total ${total}, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  if (process.argv.includes("--explain")) {
    logged = [];
    await listOrders(db, filter, page);
    const queries = logged;
    logged = null;
    for (const { query, params } of queries) {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const plan = rows.map((r) => r["QUERY PLAN"]);
      console.log(`  > ${query.replace(/\s+/g, " ").slice(0, 160)}`);
      const verbose = process.argv.includes("--plans");
      for (const line of verbose
        ? plan
        : plan.filter((l) => /Execution Time|^\S|Buffers: shared/.test(l)).slice(0, 3))
        console.log(`    ${line}`);
    }
  }
}
await pool.end();
