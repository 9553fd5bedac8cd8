import path from "node:path";
import { DEMO_PASSWORD } from "@portal/domain";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { isEmpty, openDatabase } from "./db/client";
import { createMailer } from "./lib/mailer";
import { DEMO_ACCOUNTS, seedDemoWorld } from "./seed/world";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (await isEmpty(database.db)) {
  console.log("Empty database: seeding the demo world (this happens once)...");
  const summary = await seedDemoWorld(database.db, {
    products: config.seedProducts,
    historyMonths: config.demoHistoryMonths ?? "full",
    log: (m) => console.log(`  ${m}`),
  });
  console.log(`Seeded ${summary.products} products and ${summary.users} users in ${summary.durationMs} ms.`);
}

const app = await buildApp({
  db: database.db,
  mailer: createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, "outbox"),
    from: config.mailFrom,
  }),
  publicUrl: config.publicUrl,
  loginLimit: config.loginLimit,
  catalogueCacheMs: config.catalogueCacheMs,
  webDist: config.webDist,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  jobIntervalMs: config.jobIntervalMs,
  filesDir: path.join(config.dataDir, "files"),
  dataDir: config.dataDir,
});

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
const where =
  database.kind === "pglite"
    ? `embedded PGlite in ${path.join(config.dataDir, "pgdata")}`
    : "PostgreSQL (DATABASE_URL)";
console.log(`
Partner Portal is running at http://${shownHost}:${config.port}
  database: ${where}
  API docs: http://${shownHost}:${config.port}/api/docs
  mail:     ${config.smtpUrl ? "SMTP" : `written as .eml files to ${path.join(config.dataDir, "outbox")}`}

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.description}`).join("\n")}
`);
