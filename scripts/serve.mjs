// Serves the built server (apps/server/dist/main.js). On PostgreSQL (DATABASE_URL) it runs one worker
// per core (WEB_CONCURRENCY sets how many; 1 keeps one process): the first worker migrates and, on an
// empty database, seeds, and the others start once it answers; they share the port through
// node:cluster. Sessions, limits, jobs and idempotency keys live in the database, so the workers agree
// as separate instances do. PGlite is one process's database: it always runs a single process.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// npm start pins the server to its own build (PORTAL_SERVER_MAIN); else the one `npm run build` makes.
const main = process.env.PORTAL_SERVER_MAIN ?? path.join(root, "apps/server/dist/main.js");

export function workerCount(env = process.env) {
  if (!env.DATABASE_URL) return 1;
  const asked = Number(env.WEB_CONCURRENCY);
  if (env.WEB_CONCURRENCY !== undefined && Number.isInteger(asked) && asked >= 1) return asked;
  return os.availableParallelism();
}

async function healthy(port, host) {
  const address = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  try {
    return (await fetch(`http://${address}:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

const count = workerCount();
if (count === 1) {
  await import(main);
} else if (cluster.isPrimary) {
  const port = process.env.PORT ?? "3000";
  const host = process.env.HOST ?? "0.0.0.0";
  cluster.setupPrimary({ exec: main, execArgv: process.execArgv });
  let stopping = false;
  const fork = (n) => cluster.fork({ PORTAL_WORKER: String(n) });
  fork(1);
  while (!(await healthy(port, host))) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
    await new Promise((r) => setTimeout(r, 300));
  }
  for (let n = 2; n <= count; n++) fork(n);
  console.log(`${count} workers serving on port ${port} (WEB_CONCURRENCY to change)`);
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} ended (${code}); starting another`);
    fork(Number(worker.process.env?.PORTAL_WORKER ?? 2));
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      cluster.on("exit", () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    });
  }
}
