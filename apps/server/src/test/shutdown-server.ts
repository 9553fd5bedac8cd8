/**
 * The server of the graceful-shutdown test, run as a child process: the app on a migrated in-memory
 * PGlite with the job runner on, one route and one job kind that hold until the test writes
 * "release" to standard input, and the shutdown main.ts installs. It prints what it reaches on
 * standard output, one word a line.
 */
import { createInterface } from "node:readline";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { createMailer } from "../lib/mailer";
import { enqueueJob } from "../modules/jobs/public";
import { installGracefulShutdown } from "../modules/ops/public";

const say = (line: string) => process.stdout.write(`${line}\n`);
let release: () => void = () => {};
const released = new Promise<void>((resolve) => {
  release = resolve;
});
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() === "release") release();
});

const database = await openDatabase({});
await database.migrate();
const app = await buildApp({
  db: database.db,
  mailer: createMailer({
    outboxDir: "/tmp/portal-shutdown-test-outbox",
    from: "Portal <no-reply@test.local>",
  }),
  publicUrl: "http://portal.test",
  logLevel: "silent",
  jobIntervalMs: 20,
});
app.get("/test/held", { config: { access: "public" }, schema: { hide: true } }, async () => {
  say("held");
  await released;
  return { done: true };
});
app.backOffice.jobs.register("heldJob", async () => {
  say("job-claimed");
  await released;
  say("job-finished");
});
app.beforeShutdown(() => {
  say("shutdown-began");
  const watch = setInterval(() => {
    if (!app.server.listening) {
      clearInterval(watch);
      say("not-listening");
    }
  }, 5);
});
installGracefulShutdown({
  app,
  closeDatabase: async () => {
    say("database-closing");
    await database.close();
  },
  timeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
});
await app.listen({ port: 0, host: "127.0.0.1" });
await enqueueJob(database.db, "heldJob", {}, new Date());
const address = app.server.address();
say(`port ${typeof address === "object" && address ? address.port : 0}`);
