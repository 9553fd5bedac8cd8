// npm run bench:dashboard: GET /api/dashboard for the franchisee (user #1) over the full demo history
// (from 2017-04: no DEMO_HISTORY_MONTHS), one request at a time: the default 12 months and a
// 24-month period, BENCH_REQUESTS each (default 100) after a warm-up, per database (BENCH_DB, default
// both). A fresh database is seeded with the full history (minutes); BENCH_PGLITE_DIR and
// BENCH_PG_URL reuse one already seeded instead. Writes p50/p95/max to bench/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchDatabases, machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const warmUp = 10;
delete process.env.DEMO_HISTORY_MONTHS;

async function timed(base, headers, url) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

async function runOn(kind) {
  const existing =
    kind === "pglite"
      ? process.env.BENCH_PGLITE_DIR && { dataDir: process.env.BENCH_PGLITE_DIR }
      : process.env.BENCH_PG_URL && { databaseUrl: process.env.BENCH_PG_URL };
  console.log(`\n[${kind}] ${existing ? "using the seeded database" : "seeding the full demo history"}...`);
  const server = await startServer(kind, {
    port: 3392,
    productCount: 5000,
    existing: existing || undefined,
    entry: process.env.BENCH_ENTRY,
    env: { JOB_INTERVAL_MS: "0" },
  });
  try {
    const headers = await server.signIn("franchisee@demo.in");
    const first = await timed(server.base, headers, "/api/dashboard");
    const { to } = first.body;
    const from24 = `${Number(to.slice(0, 4)) - 2}${to.slice(4)}`;
    const cases = [
      ["default: the last 12 months", "/api/dashboard"],
      [`24 months (${from24} to ${to})`, `/api/dashboard?from=${from24}&to=${to}`],
    ];
    const rows = [];
    for (const [label, url] of cases) {
      for (let i = 0; i < warmUp; i++) await timed(server.base, headers, url);
      const times = [];
      let body;
      for (let i = 0; i < requests; i++) {
        const r = await timed(server.base, headers, url);
        times.push(r.ms);
        body = r.body;
      }
      const p = percentiles(times);
      rows.push(
        `| ${label} | ${p.n} | ${p.p50} | ${p.p95} | ${p.max} | ${body.spend.invoices} invoices, ${body.fillRate.ordered} units ordered |`,
      );
      console.log(`  ${label}: p50 ${p.p50} ms, p95 ${p.p95} ms, max ${p.max} ms`);
    }
    return { kind, rows };
  } finally {
    if (existing) await server.stopKeepingData();
    else await server.stop();
  }
}

const results = [];
for (const kind of await benchDatabases()) results.push(await runOn(kind));
const section = [
  `## ${new Date().toISOString().slice(0, 10)} — partner dashboard over the full demo history`,
  "",
  machineLine(),
  `Command: \`npm run build && npm run bench:dashboard\` (GET /api/dashboard as franchisee@demo.in, user #1, history from 2017-04; one request at a time, ${warmUp} warm-up requests, then ${requests}). Milliseconds, measured by the client.`,
  "",
  ...results.flatMap((r) => [
    `### ${r.kind === "pglite" ? "PGlite" : "PostgreSQL 15"}`,
    "",
    "| period | requests | p50 | p95 | max | what it sums |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...r.rows,
    "",
  ]),
].join("\n");
prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
console.log(`\n${section}`);
