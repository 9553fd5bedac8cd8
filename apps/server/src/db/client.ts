import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export { schema };

/** One database type for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repos accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_ID = 727_274_001;

/** Migrations sit beside this file in the source tree and beside main.js in the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "migrations"), path.join(here, "db", "migrations")];
  const found = candidates.find((dir) => existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations not found in ${candidates.join(" or ")}`);
  return found;
}

export interface OpenOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; omitted means a throw-away in-memory PGlite (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const migrations = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async migrate() {
        // Several app instances may start at once against one database: migrate under a lock.
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg({ client, casing: "snake_case" }), { migrationsFolder: migrations });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  let pgliteDir: string | undefined;
  if (options.dataDir) {
    pgliteDir = path.join(options.dataDir, "pgdata");
    mkdirSync(pgliteDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite({ client, casing: "snake_case" }), {
        migrationsFolder: migrations,
      });
    },
    close: () => client.close(),
  };
}

/** True when nothing has been seeded yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(schema.users);
  return Number(rows[0]?.n ?? 0) === 0;
}
