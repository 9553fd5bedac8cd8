// Issue 32, catalogue suggestions: two server builds on one seeded PostgreSQL database (the bench
// partners of bench/mixed.mjs already added), compared in the same minutes. First the same random texts
// (vocabulary words, prefixes, misspellings, numbers) for random partners to both: the bodies must be
// byte-for-byte equal. Then suggestions alone and mixed with listing and detail (2:1:2), the builds
// alternating, with p50/p95, req/s, the server's CPU ms a request and the database transactions a request.
//   H3_DB=postgres://…/h3cat H3_BEFORE=apps/server/.h3-before/main.js H3_AFTER=apps/server/.h3-after/main.js
//   COMPARE=2000 SECONDS=8 ROUNDS=2 CONNECTIONS=50 node bench/h3-suggest.mjs

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { load } from "./load-loop.mjs";
import { seededRandom } from "./random.mjs";
import { SEARCH_PREFIXES } from "./requests.mjs";
import { startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const url = process.env.H3_DB;
const COMPARE = Number(process.env.COMPARE ?? 2000);
const SECONDS = Number(process.env.SECONDS ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const { rand } = seededRandom(32);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = async (text) => (await client.query(text)).rows;
const vocabulary = (await q("SELECT word FROM search_words")).map((r) => r.word);
const products = (await q("SELECT min(id)::int AS lo, max(id)::int AS hi FROM products"))[0];
const categories = (await q("SELECT id FROM categories")).map((r) => r.id);
const dbName = new URL(url).pathname.slice(1);
const commits = async () =>
  Number((await q(`SELECT xact_commit FROM pg_stat_database WHERE datname = '${dbName}'`))[0].xact_commit);
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};

const letters = "abcdefghijklmnopqrstuvwxyz";
function text() {
  const r = rand();
  if (r < 0.05) return String(products.lo + Math.floor(rand() * (products.hi - products.lo)));
  if (r < 0.1) return Array.from({ length: 3 + Math.floor(rand() * 3) }, () => pick([...letters])).join("");
  const words = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => {
    const w = pick(vocabulary);
    const at = Math.floor(rand() * w.length);
    const m = rand();
    if (m < 0.2 && w.length > 3) return w.slice(0, at) + w.slice(at + 1);
    if (m < 0.4 && w.length > 2) return w.slice(0, at) + (w[at + 1] ?? "") + w[at] + w.slice(at + 2);
    if (m < 0.5) return w.slice(0, at) + pick([...letters]) + w.slice(at + 1);
    return w.slice(0, 3 + Math.floor(rand() * Math.max(1, w.length - 2)));
  });
  return words.join(pick([" ", "-", " & "]));
}

const env = { CATALOGUE_CACHE_MS: "0", DEMO_HISTORY_MONTHS: "0", JOB_INTERVAL_MS: "0" };
const start = (entry, port) =>
  startServer("postgres", {
    port,
    productCount: 100000,
    existing: { databaseUrl: url },
    env,
    entry: path.resolve(root, entry),
  });
const servers = {
  before: await start(process.env.H3_BEFORE, 4642),
  after: await start(process.env.H3_AFTER, 4643),
};
try {
  const tokens = {};
  for (const [name, s] of Object.entries(servers)) {
    tokens[name] = [];
    for (let i = 1; i <= 24; i++) tokens[name].push((await s.signIn(`bench${i}@mixed.in`)).authorization);
  }
  // byte-for-byte
  let same = 0;
  let withProducts = 0;
  const differing = [];
  for (let i = 0; i < COMPARE; i++) {
    const partner = Math.floor(rand() * 24);
    const body = JSON.stringify({ search: text() });
    const bodies = [];
    for (const name of ["before", "after"]) {
      const res = await fetch(`${servers[name].base}/api/products/suggestions/b2b`, {
        method: "POST",
        headers: { authorization: tokens[name][partner], "content-type": "application/json" },
        body,
      });
      bodies.push(`${res.status} ${await res.text()}`);
    }
    if (bodies[0] === bodies[1]) same++;
    else if (differing.length < 5) differing.push({ body, before: bodies[0], after: bodies[1] });
    if (bodies[0].includes('"products":[{')) withProducts++;
  }
  console.log(
    `compared ${COMPARE} texts × random partners: ${same} byte-for-byte equal (${withProducts} with products)`,
  );
  for (const d of differing) console.log(JSON.stringify(d));

  // load, alternating
  const PREFIXES = SEARCH_PREFIXES;
  const suggestion = (name, random) => ({
    call: "suggestions",
    method: "POST",
    path: "/api/products/suggestions/b2b",
    body: JSON.stringify({ search: random ? text() : pick(PREFIXES) }),
    headers: { authorization: pick(tokens[name]), "content-type": "application/json" },
  });
  const listing = (name) => ({
    call: "listing",
    method: "POST",
    path: "/api/listing/b2b",
    body: JSON.stringify({
      filters: [{ key: "categories", values: [pick(categories)] }],
      sort: { name: "price", order: "asc" },
      size: 20,
      page: 1,
    }),
    headers: { authorization: pick(tokens[name]), "content-type": "application/json" },
  });
  const detail = (name) => ({
    call: "detail",
    method: "GET",
    path: `/api/products/${products.lo + Math.floor(rand() * (products.hi - products.lo + 1))}`,
    headers: { authorization: pick(tokens[name]) },
  });
  const modes = {
    "suggestions alone (bench prefixes)": (name) => suggestion(name, false),
    "suggestions alone (random texts)": (name) => suggestion(name, true),
    "mixed 2:1:2": (name) => pick([listing, listing, (n) => suggestion(n, false), detail, detail])(name),
  };
  for (const [mode, next] of Object.entries(modes)) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 ? ["after", "before"] : ["before", "after"]) {
        const s = servers[name];
        const cpu0 = cpuMs(s.pid);
        const x0 = await commits();
        const result = await load({
          base: s.base,
          connections: CONNECTIONS,
          seconds: SECONDS,
          next: () => next(name),
        });
        const cpu = cpuMs(s.pid) - cpu0;
        await new Promise((r) => setTimeout(r, 600));
        const xacts = (await commits()) - x0;
        const all = Object.values(result).reduce((n, r) => n + r.n, 0);
        const sg = result.suggestions;
        const loadAvg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
        console.log(
          `${mode} [${name}] suggestions ${sg.rps.toFixed(0)} req/s p50 ${sg.p50.toFixed(0)} p95 ${sg.p95.toFixed(0)} ms; all ${all} req, CPU ${(cpu / all).toFixed(2)} ms/req, db xacts ${(xacts / all).toFixed(2)}/req; load ${loadAvg}`,
        );
      }
    }
  }
} finally {
  for (const s of Object.values(servers)) await s.stop();
  await client.end();
}
