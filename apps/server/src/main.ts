import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_PASSWORD } from "@portal/domain";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { isEmpty, openDatabase } from "./db/client";
import { diskFileStore } from "./lib/file-store";
import { createMailer } from "./lib/mailer";
import { createUrlSigner, newSigningSecret } from "./lib/signed-url";
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

// Content files live under DATA_DIR/files; their addresses are signed with FILE_URL_SECRET, else a
// secret made once and kept beside them (instances sharing the folder share the secret).
const filesDir = path.join(config.dataDir, "files");
mkdirSync(filesDir, { recursive: true });
const secretFile = path.join(filesDir, ".url-secret");
if (!config.fileUrlSecret && !existsSync(secretFile))
  writeFileSync(secretFile, newSigningSecret(), { mode: 0o600 });
const fileSecret = config.fileUrlSecret ?? readFileSync(secretFile, "utf8").trim();

const app = await buildApp({
  files: { store: diskFileStore(filesDir), signer: createUrlSigner(fileSecret) },
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
// The demo world's files (PDFs, pictures, tones) are made in the background, once.
void app.library
  .warmDemoFiles()
  .then((made) => made > 0 && app.log.info(`Made ${made} demo content files`))
  .catch((error) => app.log.error({ err: error }, "demo content files could not be made"));
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
