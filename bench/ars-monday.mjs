// A Monday's ARS replenishment for a whole network (issue 32's job-runner goal: 500 stores in under
// 10 minutes, without slowing the listing by more than 20 %), on PostgreSQL.
//
// The seeded network database is copied first (CREATE DATABASE … TEMPLATE), so the run places real
// orders without touching the seeded world, and the copy is dropped after. The server runs from
// source with its job runner on (JOB_INTERVAL_MS=1000); the bench queues the weekly ARS job to run
// now, exactly as the Monday schedule queues it, and waits for the runner to finish it. Beside it,
// partners of the network ask for listings (20 connections, random categories, filters, sorts and
// pages, the answer cache off): first for BENCH_SECONDS alone, then for as long as the job runs.
//
//   BENCH_DB_URL=postgres://…/net_500   the seeded network (required; copied, never changed)
//   BENCH_SECONDS=20  BENCH_PORT=3296  WRITE=1 (prepend the figures to bench/README.md)
//   node bench/ars-monday.mjs
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { load } from "./load-loop.mjs";
import { seededRandom } from "./random.mjs";
import { machineLine, prependToReadme, startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceUrl = process.env.BENCH_DB_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3296);
const CONNECTIONS = 20;

const { rand, pick } = seededRandom(11);
const SORTS = [
  { name: "price", order: "asc" },
  { name: "price", order: "desc" },
  { name: "newArrivals", order: "desc" },
  { name: "bestSeller", order: "desc" },
];
const PRICE_KEYS = ["0-499", "500-999", "1000-1999", "2000-4999", "5000-"];

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (text, values) => (await client.query(text, values)).rows);
  } finally {
    await client.end();
  }
}

/** The copy's address: the source's server, another database name. */
function copyUrl(name) {
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function listingRequest(categories) {
  const filters = [{ key: "categories", values: [pick(categories)] }];
  if (rand() < 0.3) filters.push({ key: "prices", values: [pick(PRICE_KEYS)] });
  const body = { filters, sort: pick(SORTS), size: 20, page: 1 + Math.floor(rand() * 5) };
  return { call: "listing", method: "POST", path: "/api/listing/b2b", body: JSON.stringify(body) };
}

async function main() {
  if (!sourceUrl) throw new Error("Set BENCH_DB_URL to a database seeded with `npm run seed -- --network N`");
  const source = new URL(sourceUrl).pathname.slice(1);
  const copy = `ars_bench_${process.pid}`;
  const admin = copyUrl("postgres");
  const copied = performance.now();
  await withClient(admin, (q) => q(`CREATE DATABASE ${copy} TEMPLATE ${source}`));
  const copyMs = performance.now() - copied;
  const url = copyUrl(copy);
  let server;
  try {
    const facts = await withClient(url, async (q) => {
      const [partners] = await q(`SELECT count(DISTINCT a.user_id)::int AS n, count(*)::int AS lines
        FROM ars_products a JOIN users u ON u.id = a.user_id WHERE u.is_franchisee AND u.active`);
      const stores = await q(`SELECT email FROM users WHERE email LIKE '%@network.demo.in' AND active
        ORDER BY id LIMIT 40`);
      const categories = (await q("SELECT DISTINCT category_id AS id FROM products WHERE b2b_is_active")).map(
        (r) => r.id,
      );
      const [size] = await q("SELECT pg_database_size(current_database())::bigint AS bytes");
      return { arsPartners: partners.n, arsLines: partners.lines, stores, categories, bytes: size.bytes };
    });
    console.log(
      `copy of ${source} in ${(copyMs / 1000).toFixed(1)} s; ${facts.arsPartners} franchisees with ARS lists (${facts.arsLines} lines)`,
    );
    server = await startServer("postgres", {
      port,
      productCount: 1000,
      existing: { databaseUrl: url },
      env: { CATALOGUE_CACHE_MS: "0", JOB_INTERVAL_MS: "1000" },
      entry: path.join(root, "apps/server/src/main.ts"),
      nodeArgs: ["--import", "tsx"],
    });
    const headers = [];
    for (const s of facts.stores) headers.push(await server.signIn(s.email));
    if (headers.length === 0) headers.push(await server.signIn("franchisee@demo.in"));
    const next = () => {
      const req = listingRequest(facts.categories);
      return { ...req, headers: pick(headers) };
    };

    const alone = (await load({ base: server.base, connections: CONNECTIONS, seconds, next })).listing;
    console.log(
      `listing alone: ${alone.rps.toFixed(0)} req/s, p50 ${alone.p50.toFixed(1)}, p95 ${alone.p95.toFixed(1)} ms`,
    );

    const [job] = await withClient(url, (q) =>
      q(
        "INSERT INTO jobs (kind, payload, run_at) VALUES ('arsReplenishment', '{}', now()) RETURNING id, created_at",
      ),
    );
    const started = performance.now();
    const during = [];
    let finished = null;
    while (!finished) {
      during.push((await load({ base: server.base, connections: CONNECTIONS, seconds: 5, next })).listing);
      const [row] = await withClient(url, (q) =>
        q("SELECT status, finished_at, last_error FROM jobs WHERE id = $1", [job.id]),
      );
      if (row.status !== "queued" && row.status !== "running") finished = row;
      if (performance.now() - started > 30 * 60_000) throw new Error("the ARS job ran over 30 minutes");
    }
    const jobMs = new Date(finished.finished_at).getTime() - new Date(job.created_at).getTime();
    const placed = await withClient(url, async (q) => {
      const [runs] = await q(
        `SELECT count(*)::int AS runs, coalesce(sum(placed_lines), 0)::int AS placed,
          coalesce(sum(jsonb_array_length(refused)), 0)::int AS refused FROM ars_runs WHERE created_at >= $1`,
        [job.created_at],
      );
      const [orders] = await q(
        "SELECT count(*)::int AS orders FROM purchase_orders WHERE source = 'B2F' AND created_at >= $1",
        [job.created_at],
      );
      return { ...runs, ...orders };
    });
    const n = during.reduce((s, d) => s + d.n, 0);
    const rps = during.reduce((s, d) => s + d.rps, 0) / during.length;
    // the during-run p95: the worst of the 5-second windows' p95 and their mean
    const p95s = during.map((d) => d.p95);
    const meanP95 = p95s.reduce((s, v) => s + v, 0) / p95s.length;
    const slower = ((meanP95 - alone.p95) / alone.p95) * 100;
    const section = `## ${new Date().toISOString().slice(0, 10)} — a Monday's ARS for the network (issue 32)

Command: \`BENCH_DB_URL=… node bench/ars-monday.mjs\` on a copy of \`${source}\` (${(Number(facts.bytes) / 2 ** 20).toFixed(0)} MB,
copied in ${(copyMs / 1000).toFixed(1)} s): the weekly job queued to run now, the server's job runner on (one second), the
listing asked beside it by ${headers.length} network partners over ${CONNECTIONS} connections (answer cache off).
${machineLine()}

| measure | value |
|---|---|
| franchisees with an ARS list | ${facts.arsPartners} (${facts.arsLines} list lines) |
| the job, queued → finished | ${(jobMs / 1000).toFixed(1)} s (${finished.status}${finished.last_error ? `: ${finished.last_error}` : ""}) |
| runs recorded / lines placed / lines refused / B2F orders | ${placed.runs} / ${placed.placed} / ${placed.refused} / ${placed.orders} |
| listing alone, ${seconds} s | ${alone.rps.toFixed(0)} req/s, p50 ${alone.p50.toFixed(1)} ms, p95 ${alone.p95.toFixed(1)} ms |
| listing during the job (${during.length} windows, ${n} requests) | ${rps.toFixed(0)} req/s, p95 mean ${meanP95.toFixed(1)} ms, worst ${Math.max(...p95s).toFixed(1)} ms |
| listing p95 slower during the job | ${slower.toFixed(0)} % |
`;
    console.log(`\n${section}`);
    if (process.env.WRITE === "1")
      prependToReadme(path.join(root, "bench/README.md"), section, readFileSync, writeFileSync);
  } finally {
    await server?.stopKeepingData();
    await withClient(admin, (q) => q(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
