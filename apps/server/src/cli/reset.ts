import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { seedDemoWorld } from "../seed/world";

/** Wipes the data (PGlite folder, outbox) or, on PostgreSQL, the schema; then migrates and reseeds. */
const config = loadConfig();
if (config.databaseUrl) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  await database.close();
} else {
  await rm(config.dataDir, { recursive: true, force: true });
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const summary = await seedDemoWorld(database.db, {
  historyMonths: config.demoHistoryMonths ?? "full",
  log: (m) => console.log(`  ${m}`),
});
await database.close();
console.log(`Reset done: ${summary.products} products, ${summary.users} users (${summary.durationMs} ms).`);
