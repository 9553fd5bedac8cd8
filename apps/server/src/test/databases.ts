/** Fresh databases for tests: in-memory PGlite, or new databases on the server of TEST_DATABASE_URL. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../db/client";

/**
 * A fresh, unmigrated database: in-memory PGlite, or a new database on the server of
 * TEST_DATABASE_URL (its `url` then lets a test open more connection pools to it, as other
 * instances would); `drop` removes it.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url: string | null;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({}), drop: async () => {}, url: null };
  const name = `portal_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return openCreated(serverUrl, name);
}

/** A database just created on the server of `serverUrl`, opened, with `drop` to remove it. */
export async function openCreated(
  serverUrl: string,
  name: string,
): Promise<{ database: Database; drop: () => Promise<void>; url: string }> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: url.toString(), poolSize: 5 }),
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
