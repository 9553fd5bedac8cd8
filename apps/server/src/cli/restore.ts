// npm run db:restore -- FILE: puts a backup made by db:backup back as DATA_DIR/pgdata (the folder
// there before is kept beside it as pgdata.before-restore-<time>). Stop the server first.
import path from "node:path";
import { loadConfig } from "../config";
import { restoreDatabase } from "../modules/ops/public";

const config = loadConfig();
const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run db:restore -- FILE");
  process.exit(2);
}
if (config.databaseUrl) {
  console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (see README, Backups).");
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
const pgdata = path.join(config.dataDir, "pgdata");
const { keptAs } = await restoreDatabase(file, pgdata);
console.log(
  `Restored ${file} into ${pgdata}.${keptAs ? ` The database there before is kept in ${keptAs}.` : ""}`,
);
