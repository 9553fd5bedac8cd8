// npm run db:backup -- FILE: the embedded database (DATA_DIR/pgdata) as PGlite's own dump (a gzipped
// tar). Stop the server first: PGlite is one process's database. On PostgreSQL use pg_dump (README).
import path from "node:path";
import { loadConfig } from "../config";
import { backupDatabase } from "../modules/ops/public";

const config = loadConfig();
const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run db:backup -- FILE");
  process.exit(2);
}
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump (see README, Backups).");
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const { bytes } = await backupDatabase(path.join(config.dataDir, "pgdata"), file);
console.log(`Backed up ${path.join(config.dataDir, "pgdata")} to ${file} (${bytes} bytes).`);
