/**
 * The seeded databases `createTestWorld` builds on: the first test file to ask for a demo world of
 * given seed options migrates and seeds it once and keeps it as a template (a PGlite data-directory
 * dump in the temporary folder, or a template database on the server of TEST_DATABASE_URL); every
 * file then gets its own copy of that template, as fresh and as private as a seeding of its own.
 * Seeding the small world costs a few seconds per file and the full-history world about a minute on
 * a two-core machine; a copy costs about a second.
 *
 * The template's key is every source the seed and the migrations are made from (apps/server/src and
 * each packages/NAME/src, test files excepted), package-lock.json, the seed options and the day (the seed
 * dates some content from today), so an edited seed or migration never reuses an old template.
 */
import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import { readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { type Database, type Db, openDatabase, schema } from "../db/client";
import { seedDemoWorld } from "../seed/world";
import { openCreated } from "./databases";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, "..");
const repoRoot = path.resolve(here, "../../../..");

/** The seed's and the migrations' sources (not tests), their paths and contents, hashed. */
let sourceHashOnce: string | null = null;
function sourceHash(): string {
  if (sourceHashOnce) return sourceHashOnce;
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(name)) {
        hash.update(path.relative(repoRoot, file));
        hash.update(readFileSync(file));
      }
    }
  };
  walk(serverSrc);
  for (const pkg of readdirSync(path.join(repoRoot, "packages")).sort()) {
    const src = path.join(repoRoot, "packages", pkg, "src");
    if (existsSync(src)) walk(src);
  }
  // The installed drivers (a new PGlite may not read an older one's dump).
  hash.update(readFileSync(path.join(repoRoot, "package-lock.json")));
  sourceHashOnce = hash.digest("hex");
  return sourceHashOnce;
}

function templateKey(seed: SeedOptions): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
  const hash = createHash("sha256")
    .update(sourceHash())
    .update(JSON.stringify(seed))
    .digest("hex")
    .slice(0, 16);
  return `${day}_${hash}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `make` under an exclusive lock file (another test file's fork may be making the same template). */
async function withFileLock<T>(lock: string, make: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      await writeFile(lock, String(process.pid));
      break;
    } catch {
      const owner = Number(await readFile(lock, "utf8").catch(() => "0"));
      let alive = true;
      try {
        if (owner > 0) process.kill(owner, 0);
      } catch {
        alive = false;
      }
      // A lock left by a process that died (or was killed mid-seed) is taken over.
      if (!alive) await unlink(lock).catch(() => {});
      else await sleep(500);
    }
  }
  try {
    return await make();
  } finally {
    await unlink(lock).catch(() => {});
  }
}

async function openPglite(loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {},
    close: () => client.close(),
  };
}

/** A PGlite copy of the seeded template, made (and dumped to the temporary folder) on first use. */
async function pgliteCopy(seed: SeedOptions) {
  const file = path.join(tmpdir(), `portal-seeded-${templateKey(seed)}.tar`);
  // A template once written is only read: copies are made without waiting on the lock.
  const ready = await readFile(file).catch(() => null);
  if (ready) return { database: await openPglite(new Blob([ready])), drop: async () => {}, url: null };
  const database = await withFileLock(`${file}.lock`, async () => {
    const stored = await readFile(file).catch(() => null);
    if (stored) return openPglite(new Blob([stored]));
    const fresh = await openDatabase({});
    await fresh.migrate();
    await seedDemoWorld(fresh.db, seed);
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const blob = await client.dumpDataDir("none");
    // Dumps written more than a day ago (by the file system's clock: a test's fixed clock may name
    // any day, and a dump keyed by another day may be in use right now) are not used again.
    const realNow = performance.timeOrigin + performance.now();
    for (const name of await readdir(tmpdir())) {
      if (!/^portal-seeded-\d{8}_/.test(name)) continue;
      const old = path.join(tmpdir(), name);
      const written = await stat(old).then(
        (st) => st.mtimeMs,
        () => realNow,
      );
      if (realNow - written > 86_400_000) await rm(old, { force: true });
    }
    const bytes = Buffer.from(await blob.arrayBuffer());
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    // The file that seeded the template goes on with a copy too, not the seeded database itself: a
    // dump's sequences go on from where PostgreSQL last logged them (up to 32 ahead), so the seeded
    // database and its copies would number their next rows differently (a file comparing two
    // worlds saw store ids 6… in one and 34… in the other when it happened to seed the template).
    await fresh.close();
    return openPglite(new Blob([bytes]));
  });
  return { database, drop: async () => {}, url: null };
}

/** A new database on TEST_DATABASE_URL's server, copied from the seeded template database. */
async function postgresCopy(serverUrl: string, seed: SeedOptions) {
  const key = templateKey(seed);
  const template = `portal_tpl_${key}`;
  const name = `portal_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // One fork makes the template; the others wait for it, then copy one at a time (a template
    // may have no other connection while it is copied).
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [template]);
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
    if (found.rowCount === 0) {
      // Templates made more than a day ago (by the database's clock: a test's fixed clock may name
      // any day, and a template keyed by another day may be in use right now) are not used again.
      const old = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database d WHERE datname LIKE 'portal\\_tpl\\_%'
          AND coalesce(shobj_description(d.oid, 'pg_database'), '') ~ '^made [0-9]{4}-'
          AND substr(shobj_description(d.oid, 'pg_database'), 6)::timestamptz < now() - interval '1 day'`,
      );
      for (const { datname } of old.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const made = (await admin.query<{ at: string }>("SELECT now()::text AS at")).rows[0]?.at;
      await admin.query(`COMMENT ON DATABASE ${building} IS 'made ${made}'`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const seeding = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
      try {
        await seeding.migrate();
        await seedDemoWorld(seeding.db, seed);
      } finally {
        await seeding.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [template]);
  } finally {
    await admin.end();
  }
  return openCreated(serverUrl, name);
}

export type SeedOptions = { products: number; historyMonths: number | "full" };

/** A private copy of the demo world seeded with `seed`: PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
export async function seededDatabase(seed: SeedOptions) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? postgresCopy(serverUrl, seed) : pgliteCopy(seed);
}
