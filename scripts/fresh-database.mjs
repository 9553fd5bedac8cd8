// Drops and creates the PostgreSQL database a URL names (connecting to the server's "postgres"
// database to do it), so a journey run starts from an empty database: `node scripts/fresh-database.mjs URL`.
import pg from "pg";

const target = new URL(process.argv[2] ?? "");
const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`fresh-database: "${name}" is not a plain database name.`);
  process.exit(2);
}
const admin = new URL(target);
admin.pathname = "/postgres";
const client = new pg.Client({ connectionString: admin.href });
await client.connect();
try {
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
} finally {
  await client.end();
}
