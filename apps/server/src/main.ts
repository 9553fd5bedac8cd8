import path from "node:path";
import { DEMO_PASSWORD } from "@portal/domain";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { isEmpty, openDatabase } from "./db/client";
import { createMailer } from "./lib/mailer";
import { openFileStore } from "./lib/open-file-store";
import { installGracefulShutdown } from "./modules/ops/public";
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

// Every file (content, waybills, C-forms) lives in one store: the S3-compatible bucket of S3_BUCKET,
// else on PostgreSQL the table stored_files (every instance sees every file; files an earlier start
// kept in DATA_DIR/files are adopted once), else DATA_DIR/files. Addresses are signed with
// FILE_URL_SECRET, else a secret kept in the database (the first instance to start writes it, every
// instance reads that one).
const files = await openFileStore({
  ...config,
  db: database.db,
  inDatabase: database.kind === "postgres",
  log: (m) => console.log(m),
});

const app = await buildApp({
  files,
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
  ...(config.eventStreamsPerUser ? { events: { streamsPerUser: config.eventStreamsPerUser } } : {}),
  metricsToken: config.metricsToken,
});

// SIGTERM/SIGINT: stop listening, answer the requests in flight, finish the claimed jobs, close the
// database and exit 0, within SHUTDOWN_TIMEOUT_MS (else the open connections are cut, exit 1).
installGracefulShutdown({ app, closeDatabase: () => database.close(), timeoutMs: config.shutdownTimeoutMs });

// The catalogue index is read before the first partner asks (a second or two for 1,00,000 products).
await app.catalogueIndex.fresh();
await app.listen({ port: config.port, host: config.host });
// The demo world's files (PDFs, pictures, tones) are made in the background, once (by the first of
// several workers: scripts/serve.mjs).
const firstWorker = (process.env.PORTAL_WORKER ?? "1") === "1";
if (firstWorker)
  void app.library
    .warmDemoFiles()
    .then((made) => made > 0 && app.log.info(`Made ${made} demo content files`))
    .catch((error) => app.log.error({ err: error }, "demo content files could not be made"));
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
const where =
  database.kind === "pglite"
    ? `embedded PGlite in ${path.join(config.dataDir, "pgdata")}`
    : "PostgreSQL (DATABASE_URL)";
if (firstWorker)
  console.log(`
Partner Portal is running at http://${shownHost}:${config.port}
  database: ${where}
  API docs: http://${shownHost}:${config.port}/api/docs
  files:    ${files.store.description}
  mail:     ${config.smtpUrl ? "SMTP" : `written as .eml files to ${path.join(config.dataDir, "outbox")}`}

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${a.description}`).join("\n")}
`);
