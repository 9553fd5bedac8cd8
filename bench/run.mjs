// npm run bench: starts the built server on a fresh embedded database (or DATABASE_URL), loads it with
// autocannon (50 connections), compares with a bare node:http server answering a response of the same
// size, and writes the figures to bench/README.md. Build first: npm run build.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p95: r.latency.p97_5 ?? r.latency.p99,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    LOGIN_LIMIT: "100000",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
let serverErrors = "";
server.stderr.on("data", (chunk) => {
  serverErrors = (serverErrors + chunk).slice(-4000);
});
try {
  await waitFor(`${base}/api/health`, 240_000).catch((err) => {
    console.error(serverErrors);
    throw err;
  });
  const { token } = await (
    await fetch(`${base}/api/auth/local`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "franchisee@demo.in", password: "Demo@1234" }),
    })
  ).json();
  const headers = { authorization: `Bearer ${token}` };
  const meBody = await (await fetch(`${base}/api/users/me`, { headers })).text();

  const bare = http.createServer((_, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(meBody),
  );
  await new Promise((r) => bare.listen(port + 1, "127.0.0.1", r));
  const baseline = summary(await load({ url: `http://127.0.0.1:${port + 1}/` }));
  bare.close();

  const rows = [
    ["bare node:http, same size as /api/users/me", baseline],
    ["GET /api/users/me", summary(await load({ url: `${base}/api/users/me`, headers }))],
    ["GET /api/menu", summary(await load({ url: `${base}/api/menu`, headers }))],
    ["GET /api/category/b2b", summary(await load({ url: `${base}/api/category/b2b`, headers }))],
  ];
  const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)";
  const table = rows
    .map(
      ([name, s]) =>
        `| ${name} | ${s.rps} | ${(s.rps / baseline.rps).toFixed(2)} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.errors} |`,
    )
    .join("\n");
  const section = `## Session and shell calls — ${new Date().toISOString().slice(0, 10)}, ${db}

Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
Command: \`npm run build && npm run bench\` (autocannon, 50 connections, ${duration} s each, default demo world).

| call | req/s | share of bare node:http | p50 ms | p97.5 ms | p99 ms | errors |
|---|---|---|---|---|---|---|
${table}
`;
  console.log(section);
  const readme = path.join(here, "README.md");
  const header = "# Benchmarks\n\nFigures written by `npm run bench`; newest first.\n\n";
  let previous = "";
  try {
    previous = readFileSync(readme, "utf8").replace(header, "");
  } catch {}
  writeFileSync(readme, `${header}${section}\n${previous}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
