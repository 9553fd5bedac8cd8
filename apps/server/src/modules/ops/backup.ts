import { existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The embedded database's backup: PGlite's own dump of its data folder (a gzipped tar of the
 * PostgreSQL files), written to `file` through a temporary name so a cut-off backup never looks whole.
 * The folder must not be open in another process (stop the server first).
 */
export async function backupDatabase(pgdataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(path.join(pgdataDir, "PG_VERSION")))
    throw new Error(`No embedded database in ${pgdataDir}`);
  const db = await PGlite.create({ dataDir: pgdataDir, extensions: { pg_trgm } });
  try {
    await db.query("CHECKPOINT");
    const dump = await db.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    return { bytes: bytes.length };
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup into `pgdataDir`: a folder already there is kept beside it as
 * `pgdata.before-restore-<time>` (never deleted), then the dump is unpacked into a fresh folder.
 */
export async function restoreDatabase(
  file: string,
  pgdataDir: string,
  now: Date = new Date(),
): Promise<{ keptAs: string | null }> {
  const bytes = await readFile(file);
  let keptAs: string | null = null;
  if (existsSync(pgdataDir) && readdirSync(pgdataDir).length > 0) {
    keptAs = `${pgdataDir}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(pgdataDir, keptAs);
  }
  mkdirSync(pgdataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: pgdataDir,
    loadDataDir: new Blob([bytes]),
    extensions: { pg_trgm },
  });
  try {
    await db.query("SELECT 1");
  } finally {
    await db.close();
  }
  return { keptAs };
}

/** Every table's row count and an md5 of its rows in a fixed order (the public tables and drizzle's own). */
export async function tableFingerprints(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await db.execute(sql`
    SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`);
  const result: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    const row = await db.execute(
      sql.raw(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM ${name} t`,
      ),
    );
    const r = (row as unknown as { rows: { n: number; sum: string }[] }).rows[0];
    result[name] = { rows: Number(r?.n ?? 0), md5: String(r?.sum ?? "") };
  }
  return result;
}
