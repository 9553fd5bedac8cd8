// npm run bench: seeds a big demo world (BENCH_PRODUCTS, default 100000) on PGlite and, when it answers
// on 127.0.0.1:5432, on PostgreSQL; starts the built server on each; loads each endpoint with autocannon
// (50 connections); compares every endpoint with a bare node:http server answering the same bytes; and
// writes the figures to bench/README.md. Build first: npm run build.
//   BENCH_DB=pglite|postgres|both   BENCH_SECONDS=10   BENCH_PRODUCTS=100000
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { benchDatabases, machineLine, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const port = 3290;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);

const ENDPOINTS = [
  { name: "GET /api/users/me", method: "GET", path: "/api/users/me" },
  {
    name: "POST /api/listing/b2b (2 filters, price sort, page of 20)",
    method: "POST",
    path: "/api/listing/b2b",
    body: {
      filters: [
        { key: "categories", values: [6] },
        { key: "prices", values: ["500-999"] },
      ],
      sort: { name: "price", order: "asc" },
      size: 20,
      page: 1,
    },
  },
  {
    name: "POST /api/products/suggestions/b2b (4-letter prefix)",
    method: "POST",
    path: "/api/products/suggestions/b2b",
    body: { search: "bott" },
  },
  { name: "GET /api/products/{id} (detail)", method: "GET", path: "/api/products/100006" },
];

const load = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p90: r.latency.p90,
  p97_5: r.latency.p97_5,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

async function runOn(kind) {
  console.log(`\n[${kind}] seeding ${productCount} products and starting the server...`);
  const server = await startServer(kind, { port, productCount });
  try {
    const readyMs = server.readyMs;
    const headers = await server.signIn("franchisee@demo.in");
    const rows = [];
    for (const endpoint of ENDPOINTS) {
      const body = endpoint.body ? JSON.stringify(endpoint.body) : undefined;
      const response = await fetch(`${server.base}${endpoint.path}`, {
        method: endpoint.method,
        headers,
        body,
      });
      const payload = await response.text();
      if (!response.ok)
        throw new Error(`${endpoint.name} answered ${response.status}: ${payload.slice(0, 200)}`);
      // A bare node:http server answering exactly these bytes: the ceiling for this response size.
      const bare = http.createServer((_, res) =>
        res.writeHead(200, { "content-type": "application/json" }).end(payload),
      );
      await new Promise((r) => bare.listen(port + 1, "127.0.0.1", r));
      const ceiling = summary(
        await load({ url: `http://127.0.0.1:${port + 1}/`, method: endpoint.method, body }),
      );
      bare.close();
      const measured = summary(
        await load({ url: `${server.base}${endpoint.path}`, method: endpoint.method, headers, body }),
      );
      rows.push({ endpoint: endpoint.name, bytes: Buffer.byteLength(payload), ceiling, measured });
      console.log(
        `  ${endpoint.name}: ${measured.rps} req/s, p97.5 ${measured.p97_5} ms (bare ${ceiling.rps} req/s)`,
      );
    }
    // Uncached: one request at a time, each asking something not asked before (no answer to reuse).
    const listingBody = ENDPOINTS[1].body;
    const firstPage = await (
      await fetch(`${server.base}/api/listing/b2b`, {
        method: "POST",
        headers,
        body: JSON.stringify({ ...listingBody, size: 50 }),
      })
    ).json();
    const productIds = firstPage.products.map((p) => p.id);
    const prefixes = [
      "bott",
      "diap",
      "shir",
      "frock",
      "towe",
      "wipe",
      "sipp",
      "pram",
      "shoe",
      "toy ",
      "blan",
      "spoo",
      "jack",
      "cere",
      "form",
      "bibs",
      "sock",
      "cap ",
      "crib",
      "walk",
    ];
    const uncached = [
      [
        "POST /api/listing/b2b (2 filters, price sort, page of 20)",
        Array.from({ length: Math.min(30, firstPage.totalPages * 2) }, (_, i) => ({
          method: "POST",
          path: "/api/listing/b2b",
          body: { ...listingBody, page: i + 1 },
        })),
      ],
      [
        "POST /api/products/suggestions/b2b (4-letter prefix)",
        prefixes.map((search) => ({
          method: "POST",
          path: "/api/products/suggestions/b2b",
          body: { search },
        })),
      ],
      [
        "GET /api/products/{id} (detail)",
        productIds.slice(0, 30).map((id) => ({ method: "GET", path: `/api/products/${id}` })),
      ],
    ];
    const sequential = [];
    for (const [name, requests] of uncached) {
      const times = [];
      for (const r of requests) {
        const t = performance.now();
        const res = await fetch(`${server.base}${r.path}`, {
          method: r.method,
          headers,
          body: r.body ? JSON.stringify(r.body) : undefined,
        });
        await res.text();
        if (res.ok) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
      sequential.push({ name, n: times.length, p50: at(0.5), p95: at(0.95), max: times.at(-1)?.toFixed(1) });
      console.log(`  uncached ${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms over ${times.length}`);
    }
    return { kind, readyMs, rows, sequential };
  } finally {
    await server.stop();
  }
}

const results = [];
for (const kind of await benchDatabases()) results.push(await runOn(kind));

const lines = [
  `## ${new Date().toISOString().slice(0, 10)} — ${productCount.toLocaleString("en-IN")} products`,
  "",
  machineLine(),
  `Command: \`npm run build && npm run bench\` (autocannon, 50 connections, ${duration} s per run; signed in as franchisee@demo.in, who is mapped to 5 warehouses).`,
  'Latencies in ms. "Share" is the endpoint\'s throughput as a fraction of a bare node:http server answering the same bytes.',
  "",
];
for (const r of results) {
  lines.push(
    `### ${r.kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL 15"} — ready in ${(r.readyMs / 1000).toFixed(0)} s (migrate + seed)`,
    "",
  );
  lines.push(
    "| endpoint | bytes | req/s | share | p50 | p90 | p97.5 | p99 | errors | bare req/s |",
    "|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const row of r.rows) {
    const m = row.measured;
    lines.push(
      `| ${row.endpoint} | ${row.bytes} | ${m.rps} | ${(m.rps / row.ceiling.rps).toFixed(3)} | ${m.p50} | ${m.p90} | ${m.p97_5} | ${m.p99} | ${m.errors} | ${row.ceiling.rps} |`,
    );
  }
  lines.push(
    "",
    "One request at a time, each asking something not asked before (nothing to serve from the answer cache):",
    "",
  );
  lines.push("| endpoint | requests | p50 | p95 | max |", "|---|---|---|---|---|");
  for (const q of r.sequential) lines.push(`| ${q.name} | ${q.n} | ${q.p50} | ${q.p95} | ${q.max} |`);
  lines.push("");
}
const section = lines.join("\n");
console.log(`\n${section}`);
prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
