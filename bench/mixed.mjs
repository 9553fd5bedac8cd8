// npm run bench:mixed: a mixed load that misses every cache. 24 partners of the bench's own world, each
// with its own warehouse mapping, food licence, state and allow/block rules, ask for random listings
// (category, filters, sort, page, sometimes a search), suggestions (prefixes, some misspelt) and product
// details, with the answer cache off (CATALOGUE_CACHE_MS=0). PostgreSQL at 50 connections, PGlite at 5.
// Each call is loaded on its own, then all three mixed; then the listing one request at a time. Every
// figure is compared with a bare node:http server answering the same bytes through the same client.
//
//   BENCH_DB=pglite|postgres|both (default both)   BENCH_SECONDS=10   BENCH_PRODUCTS=100000
//   BENCH_DATABASE_URL=postgres://…  use this already seeded PostgreSQL database (kept; partners added once)
//   BENCH_DATA_DIR=/path             use this already seeded PGlite folder (kept; partners added once)
//   BENCH_FACTS_URL=postgres://…     PGlite folder with partners already: take ids from this same-seed database
//   BENCH_CPU_PROF=dir               run the server under node --cpu-prof, profiles written into dir
//   WEB_CONCURRENCY=n                passed to the server (workers, PostgreSQL only)
//   BENCH_ENTRY=path                 the server script (default apps/server/dist/main.js; scripts/serve.mjs for workers)
// Build first: npm run build.

import { execSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { load } from "./load-loop.mjs";
import { seededRandom } from "./random.mjs";
import { SEARCH_PREFIXES } from "./requests.mjs";
import { benchDatabases, machineLine, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const port = Number(process.env.BENCH_PORT ?? 3292);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const PARTNERS = 24;
const CONNECTIONS = { postgres: 50, pglite: 5 };
const SORTS = [
  { name: "price", order: "asc" },
  { name: "price", order: "desc" },
  { name: "newArrivals", order: "desc" },
  { name: "bestSeller", order: "desc" },
];
const PRICE_KEYS = ["0-499", "500-999", "1000-1999", "2000-4999", "5000-"];
const AGE_KEYS = ["0-12", "12-36", "36-72"];
const PREFIXES = SEARCH_PREFIXES;

// ---------------------------------------------------------------------------------------------- world

const { rand, pick } = seededRandom(1);
const some = (list, n) => [...list].sort(() => rand() - 0.5).slice(0, n);

/**
 * Partners bench1@mixed.in … bench24@mixed.in: copies of the franchisee (same password) with their own
 * mapping (2 to 6 warehouses), state, food licence, ARS flag and rules (none; block brands; allow
 * categories; block a subcategory type; allow brands; allow subcategories). Idempotent.
 */
async function createPartners(query) {
  const exists = await query("SELECT count(*)::int AS n FROM users WHERE email LIKE 'bench%@mixed.in'");
  const facts = {
    categories: (await query("SELECT id FROM categories ORDER BY id")).map((r) => r.id),
    subcategories: (await query("SELECT id, category_id FROM subcategories ORDER BY id")).map((r) => r.id),
    types: (await query("SELECT id FROM subcategory_types ORDER BY id")).map((r) => r.id),
    brands: (await query("SELECT id FROM brands ORDER BY id")).map((r) => r.id),
    warehouses: (await query("SELECT id, state FROM warehouses ORDER BY id")).map((r) => r),
    productIds: (await query("SELECT min(id)::int AS lo, max(id)::int AS hi FROM products"))[0],
  };
  if (exists[0].n >= PARTNERS) return facts;
  const franchisee = (await query("SELECT id FROM users WHERE email = 'franchisee@demo.in'"))[0];
  const mappable = (await query(`SELECT DISTINCT warehouse_id AS id FROM user_warehouses ORDER BY 1`)).map(
    (r) => r.id,
  );
  const states = [...new Set(facts.warehouses.map((w) => w.state))];
  for (let i = 1; i <= PARTNERS; i++) {
    const state = pick(states);
    const [row] = await query(
      `INSERT INTO users (email, password_hash, role, account_type, firstname, lastname, store_name, phone,
         can_order, can_cart_upload, is_franchisee, has_food_license, enable_ars, pincode, state,
         shipping_address1, shipping_city, shipping_state, shipping_pincode, franchise_id)
       SELECT 'bench${i}@mixed.in', password_hash, 'user', account_type, 'Bench', 'Partner ${i}',
         'Bench store ${i}', phone, true, true, is_franchisee, ${i % 3 !== 0}, ${i % 4 === 0}, pincode,
         '${state}', shipping_address1, shipping_city, '${state}', shipping_pincode, franchise_id
       FROM users WHERE id = ${franchisee.id} RETURNING id`,
    );
    const mapped = some(mappable, 2 + (i % 5));
    await query(
      `INSERT INTO user_warehouses (user_id, warehouse_id) VALUES ${mapped.map((w) => `(${row.id}, ${w})`).join(", ")}`,
    );
    const rules = [];
    const add = (kind, dimension, ids) => {
      for (const id of ids) rules.push(`(${row.id}, '${kind}', '${dimension}', ${id})`);
    };
    switch (i % 6) {
      case 0:
        break;
      case 1:
        add("block", "brand", some(facts.brands, 3));
        break;
      case 2:
        add("allow", "category", some(facts.categories, 4 + (i % 4)));
        break;
      case 3:
        add("block", "subcategoryType", some(facts.types, 5));
        add("block", "brand", some(facts.brands, 1));
        break;
      case 4:
        add("allow", "brand", some(facts.brands, Math.max(3, Math.floor(facts.brands.length / 2))));
        break;
      case 5:
        add("allow", "subcategory", some(facts.subcategories, 12));
        add("block", "category", some(facts.categories, 1));
        break;
    }
    if (rules.length > 0) {
      await query(`INSERT INTO user_rules (user_id, kind, dimension, value_id) VALUES ${rules.join(", ")}`);
    }
  }
  return facts;
}

async function withPostgres(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

async function withPglite(dataDir, fn) {
  const { PGlite } = await import(path.join(root, "node_modules/@electric-sql/pglite/dist/index.js"));
  const { pg_trgm } = await import(
    path.join(root, "node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js")
  );
  const db = new PGlite(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
  try {
    return await fn(async (text) => (await db.query(text)).rows);
  } finally {
    // close() has been seen to hang on a large folder: the rows are written by then.
    await Promise.race([db.close(), new Promise((r) => setTimeout(r, 10_000))]);
  }
}

// ----------------------------------------------------------------------------------------- requests

function listingRequest(facts) {
  const filters = [{ key: "categories", values: [pick(facts.categories)] }];
  const r = rand();
  if (r < 0.3) filters.push({ key: "prices", values: [pick(PRICE_KEYS)] });
  else if (r < 0.45) filters.push({ key: "brands", values: some(facts.brands, 2) });
  else if (r < 0.55) filters.push({ key: "offer", values: [true] });
  else if (r < 0.65) filters.push({ key: "age", values: [pick(AGE_KEYS)] });
  const body = { filters, sort: pick(SORTS), size: 20, page: 1 + Math.floor(rand() * 7) };
  if (rand() < 0.1) body.search = pick(PREFIXES);
  return { call: "listing", method: "POST", path: "/api/listing/b2b", body: JSON.stringify(body) };
}

const suggestionRequest = () => ({
  call: "suggestions",
  method: "POST",
  path: "/api/products/suggestions/b2b",
  body: JSON.stringify({ search: pick(PREFIXES) }),
});

const detailRequest = (facts) => ({
  call: "detail",
  method: "GET",
  path: `/api/products/${facts.productIds.lo + Math.floor(rand() * (facts.productIds.hi - facts.productIds.lo + 1))}`,
});

const MAKERS = { listing: listingRequest, suggestions: suggestionRequest, detail: detailRequest };

// --------------------------------------------------------------------------------------- the client

// ------------------------------------------------------------------------------------------ CPU use

const TICK = 100; // USER_HZ on Linux
function cpuTicks(rootPid) {
  // The server and its workers: every process whose parent chain reaches rootPid.
  const parents = new Map();
  const ticks = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {}
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    let p = pid;
    for (let depth = 0; depth < 5 && p; depth++) {
      if (p === rootPid) {
        total += t;
        break;
      }
      p = parents.get(p);
    }
  }
  return total;
}

async function measured(server, fn) {
  const t0 = cpuTicks(server.pid);
  const started = performance.now();
  const result = await fn();
  const wall = (performance.now() - started) / 1000;
  const cpu = (cpuTicks(server.pid) - t0) / TICK / wall; // cores busy
  return { result, cpu, load: os.loadavg()[0] };
}

// -------------------------------------------------------------------------------------- bare server

async function bareCeiling(samples, connections, calls) {
  // Answers each call with bytes the real server sent for it (a few different answers per call).
  const answers = new Map(samples.map((s) => [s.call, s.bodies]));
  let i = 0;
  const bare = http.createServer((req, res) => {
    const call = req.headers["x-call"];
    const bodies = answers.get(call) ?? [""];
    req.resume();
    req.on("end", () =>
      res.writeHead(200, { "content-type": "application/json" }).end(bodies[i++ % bodies.length]),
    );
  });
  await new Promise((r) => bare.listen(port + 1, "127.0.0.1", r));
  const out = {};
  for (const call of calls) {
    const next = () => {
      const req = MAKERS[call](bareFacts);
      return { ...req, headers: { "content-type": "application/json", "x-call": call } };
    };
    out[call] = (await load({ base: `http://127.0.0.1:${port + 1}`, connections, seconds, next }))[call];
  }
  await new Promise((r) => bare.close(r));
  return out;
}
let bareFacts;

// ------------------------------------------------------------------------------------------- a run

async function runOn(kind) {
  const existing =
    kind === "postgres"
      ? process.env.BENCH_DATABASE_URL && { databaseUrl: process.env.BENCH_DATABASE_URL }
      : process.env.BENCH_DATA_DIR && { dataDir: process.env.BENCH_DATA_DIR };
  const connections = CONNECTIONS[kind];
  const env = { CATALOGUE_CACHE_MS: "0", DEMO_HISTORY_MONTHS: "0", JOB_INTERVAL_MS: "0" };
  if (process.env.WEB_CONCURRENCY) env.WEB_CONCURRENCY = process.env.WEB_CONCURRENCY;
  const nodeArgs = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const entry = process.env.BENCH_ENTRY ? path.resolve(root, process.env.BENCH_ENTRY) : undefined;
  console.log(`\n[${kind}] ${existing ? "using the seeded database" : `seeding ${productCount} products`}…`);
  let server = await startServer(kind, { port, productCount, existing, env, nodeArgs, entry });
  let facts;
  if (kind === "postgres") {
    facts = await withPostgres(server.env.DATABASE_URL, createPartners);
  } else if (process.env.BENCH_FACTS_URL) {
    // The PGlite folder already has the partners: read the world's ids from a PostgreSQL database seeded
    // with the same seed and count (the seed is deterministic), without stopping the server.
    facts = await withPostgres(process.env.BENCH_FACTS_URL, createPartners);
  } else {
    // PGlite is one process's: stop the server, add the partners, start it again on the same folder.
    const dataDir = server.env.DATA_DIR;
    await server.stopKeepingData();
    facts = await withPglite(dataDir, createPartners);
    const cleanupLater = server.cleanup;
    server = await startServer(kind, { port, productCount, existing: { dataDir }, env, nodeArgs, entry });
    server.cleanupAfter = cleanupLater;
  }
  bareFacts = facts;
  try {
    const tokens = [];
    for (let i = 1; i <= PARTNERS; i++) {
      const headers = await server.signIn(`bench${i}@mixed.in`);
      if (!headers.authorization || headers.authorization.endsWith("undefined"))
        throw new Error(`bench${i}@mixed.in could not sign in`);
      tokens.push(headers.authorization);
    }
    const withPartner = (req) => ({
      ...req,
      headers: { authorization: pick(tokens), "content-type": "application/json" },
    });
    // Samples of real answers for the bare server, and a warm-up (JIT, connection pools).
    const samples = [];
    for (const call of Object.keys(MAKERS)) {
      const bodies = [];
      for (let k = 0; k < 30 && bodies.length < 8; k++) {
        const req = withPartner(MAKERS[call](facts));
        const res = await fetch(`${server.base}${req.path}`, {
          method: req.method,
          headers: req.headers,
          body: req.body,
        });
        const text = await res.text();
        if (res.ok) bodies.push(text);
      }
      samples.push({ call, bodies });
    }
    await load({
      base: server.base,
      connections,
      seconds: 3,
      next: () => withPartner(MAKERS[pick(Object.keys(MAKERS))](facts)),
    });

    const rows = [];
    for (const call of Object.keys(MAKERS)) {
      const m = await measured(server, () =>
        load({ base: server.base, connections, seconds, next: () => withPartner(MAKERS[call](facts)) }),
      );
      rows.push({
        call,
        mode: `alone, ${connections} connections`,
        ...m.result[call],
        cpu: m.cpu,
        load: m.load,
      });
      console.log(
        `  ${call}: ${m.result[call].rps.toFixed(0)} req/s p95 ${m.result[call].p95.toFixed(0)} ms`,
      );
    }
    const mix = ["listing", "listing", "suggestions", "detail", "detail"];
    const mixed = await measured(server, () =>
      load({
        base: server.base,
        connections,
        seconds,
        next: () => withPartner(MAKERS[pick(mix)](facts)),
      }),
    );
    for (const call of Object.keys(MAKERS)) {
      rows.push({
        call,
        mode: `mixed (2:1:2), ${connections} connections`,
        ...mixed.result[call],
        cpu: mixed.cpu,
        load: mixed.load,
      });
    }
    const oneAtATime = await measured(server, () =>
      load({ base: server.base, connections: 1, seconds, next: () => withPartner(listingRequest(facts)) }),
    );
    rows.push({
      call: "listing",
      mode: "one at a time",
      ...oneAtATime.result.listing,
      cpu: oneAtATime.cpu,
      load: oneAtATime.load,
    });
    const bare = await bareCeiling(samples, connections, Object.keys(MAKERS));
    const bytes = Object.fromEntries(
      samples.map((s) => [
        s.call,
        Math.round(s.bodies.reduce((n, b) => n + Buffer.byteLength(b), 0) / Math.max(1, s.bodies.length)),
      ]),
    );
    return { kind, connections, rows, bare, bytes };
  } finally {
    await server.stop();
    await server.cleanupAfter?.();
  }
}

const fmt = (n) => (n === undefined ? "" : n < 10 ? n.toFixed(1) : n.toFixed(0));
const uptimeAt = () => execSync("uptime").toString().trim();

const startedUptime = uptimeAt();
const results = [];
for (const kind of await benchDatabases()) results.push(await runOn(kind));

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — mixed, cache-missing load (${productCount.toLocaleString("en-IN")} products, ${PARTNERS} partners)`,
  "",
  machineLine(),
  `Command: \`npm run build && npm run bench:mixed\` (${seconds} s per run, answer cache off; ${PARTNERS} partners with their own mappings and rules, random categories, filters, sorts, pages 1–7, prefixes (some misspelt) and product ids).`,
  `Load average before: \`${startedUptime}\`; after: \`${uptimeAt()}\`.`,
  'Latencies in ms. "CPU" is the server\'s processes (cores busy) over the run; "share" the call\'s throughput as a fraction of a bare node:http server answering the same bytes through the same client. 400 (a page beyond the last) and 404 (a product the partner may not see) are answers and counted.',
  "",
];
for (const r of results) {
  lines.push(
    `### ${r.kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"} — ${r.connections} connections`,
    "",
  );
  lines.push(
    "| call | load | req/s | p50 | p95 | p99 | statuses | server CPU | load avg | bytes | bare req/s | share |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const row of r.rows) {
    const bare = r.bare[row.call];
    lines.push(
      `| ${row.call} | ${row.mode} | ${fmt(row.rps)} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.p99)} | ${Object.entries(
        row.statuses,
      )
        .map(([s, n]) => `${s}: ${n}`)
        .join(
          ", ",
        )} | ${row.cpu.toFixed(2)} | ${row.load.toFixed(2)} | ${r.bytes[row.call]} | ${fmt(bare?.rps)} | ${
        bare ? (row.rps / bare.rps).toFixed(3) : ""
      } |`,
    );
  }
  lines.push("");
}
const section = lines.join("\n");
console.log(`\n${section}`);
if (process.env.BENCH_WRITE !== "0")
  prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
