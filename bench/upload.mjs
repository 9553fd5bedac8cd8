// npm run bench:upload: how long the cart upload takes with large files (the timings the unit tests
// used to assert): 10,000 rows over 40 products with every 11th row bad, 10,000 different product
// ids, and a 50 MB file refused with 413. BENCH_RUNS each (default 10), one at a time, per database
// (BENCH_DB, default pglite); BENCH_PORT (default 3393) for its server; written to bench/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchDatabases, machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 10);
const productCount = 12_000;
process.env.BENCH_DB ??= "pglite";
// No order history: sign-in does not read it, and seeding it takes minutes.
process.env.DEMO_HISTORY_MONTHS ??= "0";

function multipart(content) {
  const boundary = `----BenchBoundary${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cart.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function timed(server, headers, content, status) {
  await fetch(`${server.base}/api/users/cart`, { method: "DELETE", headers });
  const { body, type } = multipart(content);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/users/cart/upload`, {
    method: "POST",
    headers: { authorization: headers.authorization, "content-type": type },
    body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text.slice(0, 200)}`);
  return { ms, bytes: text.length };
}

async function runOn(kind) {
  console.log(`\n[${kind}] seeding ${productCount} products...`);
  const server = await startServer(kind, { port: Number(process.env.BENCH_PORT ?? 3393), productCount });
  try {
    const headers = await server.signIn("stockist@demo.in");
    const first = 100_001;
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i % 11 === 10 ? `oops,${i}` : `${first + (i % 40)},${1 + (i % 50)}`,
    );
    const cases = [
      ["10,000 rows over 40 products, every 11th bad", `productId,quantity\n${rows.join("\n")}\n`, 200],
      [
        "10,000 different product ids",
        `productId,quantity\n${Array.from({ length: 10_000 }, (_, i) => `${first + i},2`).join("\n")}\n`,
        200,
      ],
      ["50 MB file (refused, 413)", Buffer.alloc(50 * 1024 * 1024, "100001,1\n"), 413],
    ];
    const table = [];
    for (const [label, content, status] of cases) {
      const times = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const r = await timed(server, headers, content, status);
        times.push(r.ms);
        bytes = r.bytes;
      }
      const p = percentiles(times);
      table.push(`| ${label} | ${p.n} | ${p.p50} | ${p.p95} | ${p.max} | ${bytes} |`);
      console.log(table.at(-1));
    }
    return { kind, table };
  } finally {
    await server.stop();
  }
}

const loadBefore = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(", ");
const results = [];
for (const kind of await benchDatabases()) results.push(await runOn(kind));

const section = [
  `## ${new Date().toISOString().slice(0, 10)} — cart upload of large files (${productCount} products)`,
  "",
  `${machineLine()} Load average when it started: ${loadBefore}.`,
  `Command: \`npm run build && npm run bench:upload\` (POST /api/users/cart/upload as stockist@demo.in, the cart emptied before each, ${runs} runs of each, one at a time). Milliseconds; bytes of the answer.`,
  "",
  ...results.flatMap((r) => [
    `### ${r.kind === "pglite" ? "PGlite" : "PostgreSQL"}`,
    "",
    "| file | runs | p50 | p95 | max | answer bytes |",
    "| ---- | ---- | --- | --- | --- | ------------ |",
    ...r.table,
    "",
  ]),
].join("\n");
prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
console.log("\nWritten to bench/README.md");
