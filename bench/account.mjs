// npm run bench:account: the account area over the franchisee's full demo history
// (DEMO_HISTORY_MONTHS, default 12): GET /api/order with filters under autocannon, and an invoice
// PDF's time to first byte, per database. Writes to bench/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { benchDatabases, machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const productCount = Number(process.env.BENCH_PRODUCTS ?? 5000);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
process.env.DEMO_HISTORY_MONTHS ??= "12";
const day = (d) => d.toISOString().slice(0, 10);

async function runOn(kind) {
  console.log(
    `\n[${kind}] seeding ${productCount} products and ${process.env.DEMO_HISTORY_MONTHS} months of history...`,
  );
  const server = await startServer(kind, { port: 3391, productCount });
  try {
    const headers = await server.signIn("franchisee@demo.in");
    const today = new Date();
    const from = new Date(today.getTime() - 89 * 86_400_000);
    const range = `orderFrom=${day(from)}&orderTo=${day(today)}`;
    const queries = [
      [`GET /api/order (3 months, page of 10)`, `/api/order?${range}`],
      [
        `GET /api/order (3 months, Shipped+Delivered, warehouse 2, page of 50)`,
        `/api/order?${range}&status=Shipped,Delivered&warehouseId=2&pageSize=50`,
      ],
      [`GET /api/order/stats (3 months)`, `/api/order/stats?${range}`],
    ];
    const all = await (await fetch(`${server.base}/api/order/stats?${range}`, { headers })).json();
    const rows = [];
    for (const [label, url] of queries) {
      const result = await autocannon({ url: `${server.base}${url}`, headers, connections: 10, duration });
      rows.push(
        `| ${label} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${result.non2xx + result.errors} |`,
      );
    }
    // An invoiced order of the history, then its PDF one request at a time.
    const delivered = await (
      await fetch(`${server.base}/api/order?${range}&status=Delivered&pageSize=10`, { headers })
    ).json();
    const poid = delivered.rows[0]?.poid;
    const firstByte = [];
    let bytes = 0;
    if (poid) {
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const res = await fetch(`${server.base}/api/invoice/pdf?orderId=${poid}`, { headers });
        const reader = res.body.getReader();
        let chunk = await reader.read();
        firstByte.push(performance.now() - started);
        bytes = 0;
        while (!chunk.done) {
          bytes += chunk.value.length;
          chunk = await reader.read();
        }
      }
    }
    const ttfb = percentiles(firstByte);
    return { kind, readyMs: server.readyMs, orders: all.totalorders, rows, ttfb, poid, bytes };
  } finally {
    await server.stop();
  }
}

const results = [];
for (const kind of await benchDatabases()) results.push(await runOn(kind));
const section = [
  `## ${new Date().toISOString().slice(0, 10)} — account area over ${process.env.DEMO_HISTORY_MONTHS} months of history (${productCount} products)`,
  "",
  machineLine(),
  `Command: \`npm run build && npm run bench:account\` (autocannon, 10 connections, ${duration} s per run; signed in as franchisee@demo.in). Milliseconds.`,
  "",
  ...results.flatMap((r) => [
    `### ${r.kind === "pglite" ? "PGlite" : "PostgreSQL 15"} — ready in ${Math.round(r.readyMs / 1000)} s; ${r.orders} orders in the last 3 months`,
    "",
    "| request | req/s | p50 | p97.5 | p99 | errors |",
    "| ------- | ----- | --- | ----- | --- | ------ |",
    ...r.rows,
    "",
    `Invoice PDF (GET /api/invoice/pdf, ${r.poid ?? "no invoiced order"}, ${r.bytes} bytes), 20 requests one at a time: time to first byte p50 ${r.ttfb.p50}, p95 ${r.ttfb.p95}, max ${r.ttfb.max}.`,
    "",
  ]),
].join("\n");
console.log(section);
prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
