// npm run bench:signin: does sign-in take the same time whether the email exists or not? Alternates
// POST /api/auth/local with an unknown email and with a known email and a wrong password
// (BENCH_ATTEMPTS each, default 200, one request at a time, after a warm-up), per database
// (BENCH_DB, default pglite), and writes p50/p95/mean and their differences to bench/README.md.
// BENCH_URL=http://host:port measures a server already running (seeded with the demo accounts) instead.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchDatabases, machineLine, percentiles, prependToReadme, startServer } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const attempts = Number(process.env.BENCH_ATTEMPTS ?? 200);
const warmUp = 10;
process.env.BENCH_DB ??= "pglite";
// No order history: sign-in does not read it, and seeding it takes minutes.
process.env.DEMO_HISTORY_MONTHS ??= "0";

const KNOWN = "stockist@demo.in";
const WRONG_PASSWORD = "Wrong@12345";

async function timedSignIn(base, email) {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/local`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: WRONG_PASSWORD }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 401) throw new Error(`${email}: expected 401, got ${res.status}`);
  return ms;
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function runOn(kind) {
  console.log(`\n[${kind}] starting the server (small catalogue)...`);
  // LOGIN_LIMIT (set by startServer; set it on a server given by BENCH_URL) is far above the
  // attempts, so no answer is a quick 429.
  const server = process.env.BENCH_URL
    ? { base: process.env.BENCH_URL, stop: async () => {} }
    : await startServer(kind, { port: 3392, productCount: 500 });
  try {
    const unknown = [];
    const known = [];
    for (let i = 0; i < warmUp + attempts; i++) {
      // Alternating, so that load on the machine falls on both sides alike.
      const u = await timedSignIn(server.base, `nobody-${process.pid}-${i}@example.com`);
      const k = await timedSignIn(server.base, KNOWN);
      if (i >= warmUp) {
        unknown.push(u);
        known.push(k);
      }
    }
    const pu = percentiles(unknown);
    const pk = percentiles(known);
    const row = (label, p, xs) =>
      `| ${label} | ${p.n} | ${p.p50} | ${p.p95} | ${mean(xs).toFixed(1)} | ${p.max} |`;
    const diff = (a, b) => (Number(a) - Number(b)).toFixed(1);
    const result = {
      kind,
      table: [
        row("unknown email", pu, unknown),
        row(`known email (${KNOWN}), wrong password`, pk, known),
        `| difference (known − unknown) | | ${diff(pk.p50, pu.p50)} | ${diff(pk.p95, pu.p95)} | ${(mean(known) - mean(unknown)).toFixed(1)} | |`,
      ],
    };
    console.log(result.table.join("\n"));
    return result;
  } finally {
    await server.stop();
  }
}

const results = [];
const kinds = process.env.BENCH_URL ? [process.env.BENCH_DB] : await benchDatabases();
for (const kind of kinds) results.push(await runOn(kind));

const section = [
  `## ${new Date().toISOString().slice(0, 10)} — sign-in time, unknown email vs known email with a wrong password`,
  "",
  machineLine(),
  `Command: \`npm run build && ${process.env.BENCH_URL ? `BENCH_URL=${process.env.BENCH_URL} ` : ""}npm run bench:signin\` (POST /api/auth/local, ${attempts} attempts of each after ${warmUp} of warm-up, alternating, one request at a time; every answer 401). Milliseconds.`,
  "",
  ...results.flatMap((r) => [
    `### ${r.kind === "pglite" ? "PGlite" : "PostgreSQL"}`,
    "",
    "| attempt | n | p50 | p95 | mean | max |",
    "| ------- | - | --- | --- | ---- | --- |",
    ...r.table,
    "",
  ]),
].join("\n");
prependToReadme(path.join(here, "README.md"), section, readFileSync, writeFileSync);
console.log("\nWritten to bench/README.md");
