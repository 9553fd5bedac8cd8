import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "@portal/domain";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import type { FileStore } from "../lib/file-store";
import { createMailer } from "../lib/mailer";
import type { UrlSigner } from "../lib/signed-url";
import { seededDatabase } from "./seeded-world";

export interface TestWorld {
  app: FastifyInstance;
  database: Database;
  /** The database's URL on PostgreSQL (TEST_DATABASE_URL), for more connection pools; null on PGlite. */
  url: string | null;
  outboxDir: string;
  /** Signs in through the API and returns the bearer header. */
  signIn(email: string, password?: string): Promise<{ authorization: string }>;
  /**
   * Another app instance on the same database (on PostgreSQL through its own connection pool), as
   * a second server process would be; closed with the world.
   */
  anotherInstance(): Promise<FastifyInstance>;
  /** The newest .eml written to the outbox, as text. */
  lastMail(): Promise<string>;
  close(): Promise<void>;
}

export type WorldOptions = {
  products?: number;
  loginLimit?: number;
  logStream?: NodeJS.WritableStream;
  historyMonths?: number | "full";
  /** The file store the app keeps files in (default: a fresh temporary folder). */
  fileStore?: FileStore;
  /**
   * The file store and address signer of each instance, opened on that instance's database handle
   * as main.ts opens them (instead of `fileStore`; default: each instance signs with its own secret).
   */
  openFiles?: (db: Database["db"]) => Promise<{ store: FileStore; signer: UrlSigner }>;
  /** A built web app to serve beside the API, as the server does (default: none). */
  webDist?: string;
  /** How often live-stock streams beat and check their sessions (default: the app's 15 s). */
  eventsHeartbeatMs?: number;
  /** The app's clock (default: the system's), for tests whose answers name today. */
  now?: () => Date;
};

/**
 * A database of its own per test file (in-memory PGlite, or a new database on the server of
 * TEST_DATABASE_URL), holding the small demo world of `products` and `historyMonths`, and the app
 * built on it. The world is seeded once per set of seed options and copied for each file
 * (seeded-world.ts): as fresh and as private as a seeding of its own.
 */
export async function createTestWorld(options: WorldOptions = {}): Promise<TestWorld> {
  const seed = { products: options.products ?? 200, historyMonths: options.historyMonths ?? 0 };
  return worldOn(await seededDatabase(seed), options);
}

/** The app built on a seeded database (one instance, more on demand), as a test file's world. */
export async function worldOn(
  { database, drop, url }: { database: Database; drop: () => Promise<void>; url: string | null },
  options: WorldOptions,
): Promise<TestWorld> {
  const outboxDir = await mkdtemp(path.join(tmpdir(), "portal-outbox-"));
  const build = async (db: Database["db"]) => {
    const built = await buildApp({
      db,
      mailer: createMailer({ outboxDir, from: "Partner Portal <no-reply@test.local>" }),
      publicUrl: "http://portal.test",
      loginLimit: options.loginLimit ?? 10,
      logLevel: options.logStream ? "info" : "silent",
      ...(options.logStream ? { logStream: options.logStream } : {}),
      // Tests change stock and expect to see it at once.
      catalogueCacheMs: 0,
      ...(options.openFiles
        ? { files: await options.openFiles(db) }
        : options.fileStore
          ? { files: { store: options.fileStore } }
          : {}),
      ...(options.webDist ? { webDist: options.webDist } : {}),
      ...(options.eventsHeartbeatMs ? { events: { heartbeatMs: options.eventsHeartbeatMs } } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    await built.ready();
    return built;
  };
  const app = await build(database.db);
  const others: { app: FastifyInstance; database: Database | null }[] = [];
  return {
    app,
    database,
    url,
    outboxDir,
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: "POST", url: "/api/auth/local", payload: { email, password } });
      if (res.statusCode !== 200)
        throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json().token}` };
    },
    async anotherInstance() {
      const other = url ? await openDatabase({ databaseUrl: url, poolSize: 3 }) : null;
      const built = await build(other ? other.db : database.db);
      others.push({ app: built, database: other });
      return built;
    },
    async lastMail() {
      const files = (await readdir(outboxDir)).filter((f) => f.endsWith(".eml")).sort();
      const last = files.at(-1);
      if (!last) throw new Error("no mail in the outbox");
      return readFile(path.join(outboxDir, last), "utf8");
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.database?.close();
      }
      await app.close();
      await database.close();
      await drop();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

export { freshDatabase, openCreated } from "./databases";
