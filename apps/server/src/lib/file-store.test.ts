/**
 * The file store's contract, held by the three implementations: the folder on disk, the S3 store
 * against a real S3-compatible server (s3rver) over HTTP, and the table of the database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). Then the start-up of the store: the signing secret every
 * instance on one database agrees on (on PostgreSQL each instance has its own connection pool), and
 * on PostgreSQL the files in the database, adopted once from an earlier start's folder.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { serverSecrets, storedFiles } from "../db/schema";
import { freshDatabase } from "../test/harness";
import { startS3Server } from "../test/s3-server";
import { RangeNotSatisfiable, type RangeRequest } from "./byte-range";
import { diskFileStore, type FileStore } from "./file-store";
import { FILE_URL_SECRET_NAME, MOVED_FOLDER_SUFFIX, openFileStore } from "./open-file-store";
import { pgFileStore } from "./pg-file-store";
import { s3FileStore } from "./s3-file-store";
import { sharedSecret } from "./shared-secret";
import { createUrlSigner, newSigningSecret, type UrlSigner } from "./signed-url";

const text = (s: string) => Buffer.from(s, "utf8");
async function drain(store: FileStore, key: string) {
  const found = await store.stream(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const c of found.body) chunks.push(Buffer.from(c as Uint8Array));
  return { size: found.size, bytes: Buffer.concat(chunks) };
}

async function part(store: FileStore, key: string, range: RangeRequest) {
  const found = await store.stream(key, range);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const c of found.body) chunks.push(Buffer.from(c as Uint8Array));
  return { size: found.size, range: found.range, bytes: Buffer.concat(chunks) };
}
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RangeNotSatisfiable);
  return (error as RangeNotSatisfiable).size;
}

let s3: Awaited<ReturnType<typeof startS3Server>>;
/** Databases opened by the tests, closed and dropped at the end. */
const databases: { database: Database; drop(): Promise<void> }[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
}, 30_000);
afterAll(async () => {
  await s3.close();
  for (const fresh of databases) {
    await fresh.database.close();
    await fresh.drop();
  }
});

async function migratedDatabase() {
  const fresh = await freshDatabase();
  databases.push(fresh);
  await fresh.database.migrate();
  return fresh;
}
/** One database for the tests of the database store that keep to their own keys (migrating takes a while). */
let storeDatabase: ReturnType<typeof migratedDatabase> | undefined;
const sharedDatabase = () => {
  storeDatabase ??= migratedDatabase();
  return storeDatabase;
};

const stores: [string, () => Promise<FileStore>][] = [
  ["disk", async () => diskFileStore(await mkdtemp(path.join(tmpdir(), "portal-store-")))],
  ["s3", async () => s3FileStore(s3.config)],
  // Chunks of 300 bytes: streams and ranges read across several queries.
  ["database", async () => pgFileStore((await sharedDatabase()).database.db, { chunkBytes: 300 })],
];

describe.each(stores)("the %s file store", (_name, make) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await make();
  }, 60_000);

  it("puts a file and gets the same bytes, its size and a stream of it", async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await store.put("contract/one/file.bin", bytes);
    expect(await store.exists("contract/one/file.bin")).toBe(true);
    expect(await store.size("contract/one/file.bin")).toBe(70_000);
    expect((await store.get("contract/one/file.bin"))?.equals(bytes)).toBe(true);
    const streamed = await drain(store, "contract/one/file.bin");
    expect(streamed?.size).toBe(70_000);
    expect(streamed?.bytes.equals(bytes)).toBe(true);
  });

  it("overwrites a key with new bytes", async () => {
    await store.put("contract/two.txt", text("first version"));
    await store.put("contract/two.txt", text("second"));
    expect((await store.get("contract/two.txt"))?.toString()).toBe("second");
    expect(await store.size("contract/two.txt")).toBe(6);
  });

  it("answers null and false for a missing key, and deleting it is no error", async () => {
    expect(await store.get("contract/none.pdf")).toBeNull();
    expect(await store.stream("contract/none.pdf")).toBeNull();
    expect(await store.size("contract/none.pdf")).toBeNull();
    expect(await store.exists("contract/none.pdf")).toBe(false);
    await expect(store.delete("contract/none.pdf")).resolves.toBeUndefined();
  });

  it("deletes a file", async () => {
    await store.put("contract/three.pdf", text("%PDF-1.4 gone soon"));
    await store.delete("contract/three.pdf");
    expect(await store.exists("contract/three.pdf")).toBe(false);
    expect(await store.get("contract/three.pdf")).toBeNull();
  });

  it("stores an empty file", async () => {
    await store.put("contract/empty.txt", Buffer.alloc(0));
    expect(await store.size("contract/empty.txt")).toBe(0);
    expect((await store.get("contract/empty.txt"))?.length).toBe(0);
  });

  it("lists the keys under a folder, and only those", async () => {
    await store.put("listing/12/a.pdf", text("a"));
    await store.put("listing/12/b.pdf", text("b"));
    await store.put("listing/123/c.pdf", text("c"));
    expect(await store.list("listing/12")).toEqual(["listing/12/a.pdf", "listing/12/b.pdf"]);
    expect(await store.list("listing/12/")).toEqual(["listing/12/a.pdf", "listing/12/b.pdf"]);
    expect(await store.list("listing")).toEqual([
      "listing/12/a.pdf",
      "listing/12/b.pdf",
      "listing/123/c.pdf",
    ]);
    expect(await store.list("nothing-here")).toEqual([]);
    // `_` in a folder's name is that character, not any character.
    await store.put("under_score/a.pdf", text("a"));
    await store.put("underXscore/b.pdf", text("b"));
    expect(await store.list("under_score")).toEqual(["under_score/a.pdf"]);
  });

  it("reads a byte range: first to last byte, from a byte to the end, the last n bytes", async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7 + 3) % 256));
    await store.put("contract/range.bin", bytes);
    const key = "contract/range.bin";
    expect(await part(store, key, { start: 100, end: 199 })).toEqual({
      size: 1000,
      range: { start: 100, end: 199 },
      bytes: bytes.subarray(100, 200),
    });
    expect(await part(store, key, { start: 0, end: 0 })).toEqual({
      size: 1000,
      range: { start: 0, end: 0 },
      bytes: Buffer.from([3]),
    });
    expect(await part(store, key, { start: 990 })).toEqual({
      size: 1000,
      range: { start: 990, end: 999 },
      bytes: bytes.subarray(990),
    });
    expect(await part(store, key, { suffix: 10 })).toEqual({
      size: 1000,
      range: { start: 990, end: 999 },
      bytes: bytes.subarray(990),
    });
    // A last byte past the end stops at the end; a suffix longer than the file is the whole file.
    expect(await part(store, key, { start: 995, end: 5000 })).toEqual({
      size: 1000,
      range: { start: 995, end: 999 },
      bytes: bytes.subarray(995),
    });
    expect(await part(store, key, { suffix: 5000 })).toEqual({
      size: 1000,
      range: { start: 0, end: 999 },
      bytes,
    });
    // Without a range: the whole file and no span.
    const whole = await drain(store, key);
    expect(whole?.bytes.equals(bytes)).toBe(true);
    expect((await store.stream(key))?.range).toBeUndefined();
  });

  it("refuses a range the file holds none of, telling its size; a missing file is still null", async () => {
    expect(await refusal(store.stream("contract/range.bin", { start: 1000 }))).toBe(1000);
    expect(await refusal(store.stream("contract/range.bin", { start: 4000, end: 5000 }))).toBe(1000);
    expect(await refusal(store.stream("contract/range.bin", { suffix: 0 }))).toBe(1000);
    await store.put("contract/empty-range.txt", Buffer.alloc(0));
    expect(await refusal(store.stream("contract/empty-range.txt", { start: 0 }))).toBe(0);
    expect(await refusal(store.stream("contract/empty-range.txt", { suffix: 5 }))).toBe(0);
    expect(await store.stream("contract/none.bin", { start: 0, end: 9 })).toBeNull();
    expect(await store.stream("contract/none.bin", { suffix: 9 })).toBeNull();
  });

  it("refuses what is not a key (no climbing out, no absolute paths)", async () => {
    await expect(store.put("../outside.txt", text("x"))).rejects.toThrow("Not a storage key");
    await expect(store.get("/etc/passwd")).rejects.toThrow("Not a storage key");
    await expect(store.delete("a/../../b")).rejects.toThrow("Not a storage key");
  });
});

/** The parts of a signed address, as the file route hands them to `verify`. */
function partsOf(signer: UrlSigner, key: string) {
  const signed = new URL(signer.sign(key, 60).url, "http://x");
  return {
    key,
    expires: signed.searchParams.get("expires") ?? "",
    disposition: signed.searchParams.get("disposition") ?? "",
    signature: signed.searchParams.get("signature") ?? "",
  };
}

describe("start-up of the store: one signing secret for every instance on one database", () => {
  const opened: { database: Database; drop(): Promise<void>; url: string | null }[] = [];
  const pools: Database[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    for (const fresh of opened) {
      await fresh.database.close();
      await fresh.drop();
    }
  });
  async function migrated() {
    const fresh = await freshDatabase();
    opened.push(fresh);
    await fresh.database.migrate();
    /** An instance's handle on the database: on PostgreSQL a connection pool of its own. */
    const instance = async () => {
      if (!fresh.url) return fresh.database.db;
      const pool = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
      pools.push(pool);
      return pool.db;
    };
    return { db: fresh.database.db, instance };
  }
  const folders = (n: number) =>
    Promise.all(Array.from({ length: n }, () => mkdtemp(path.join(tmpdir(), "portal-instance-"))));

  // The first two tests share a database (they keep secrets of different names).
  let shared: Awaited<ReturnType<typeof migrated>>;
  beforeAll(async () => {
    shared = await migrated();
  }, 60_000);

  it("two concurrent first initialisations keep one secret: the first writer's, read back by both", async () => {
    const { db, instance } = shared;
    const [a, b] = await Promise.all([instance(), instance()]);
    const candidates = [newSigningSecret(), newSigningSecret()];
    const [first, second] = await Promise.all([
      sharedSecret(a, "race", () => candidates[0] as string),
      sharedSecret(b, "race", () => candidates[1] as string),
    ]);
    const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, "race"));
    expect(rows).toHaveLength(1);
    expect(first).toBe(rows[0]?.value);
    expect(second).toBe(rows[0]?.value);
    expect(candidates).toContain(first);
    // Asked again later with yet another candidate: still the kept one.
    expect(await sharedSecret(db, "race", newSigningSecret)).toBe(first);
  }, 60_000);

  it("instances starting together, each with its own folder, check each other's addresses", async () => {
    const { db, instance } = shared;
    const dirs = await folders(4);
    const dbs = await Promise.all(dirs.map(() => instance()));
    const started = await Promise.all(
      dirs.map((dataDir, i) =>
        openFileStore({ db: dbs[i] as Database["db"], dataDir, s3: undefined, fileUrlSecret: undefined }),
      ),
    );
    const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, FILE_URL_SECRET_NAME));
    expect(rows).toHaveLength(1);
    const kept = createUrlSigner(rows[0]?.value ?? "");
    for (const signing of started) {
      const parts = partsOf(signing.signer, "policies/a.pdf");
      expect(kept.verify(parts)).toBe("ok");
      for (const checking of started) expect(checking.signer.verify(parts)).toBe("ok");
    }
    // FILE_URL_SECRET, when set, is used as it is and the kept one is left alone.
    const given = await openFileStore({
      db,
      dataDir: dirs[0] as string,
      s3: undefined,
      fileUrlSecret: "given-secret-of-more-than-16",
    });
    expect(createUrlSigner("given-secret-of-more-than-16").verify(partsOf(given.signer, "a/b.pdf"))).toBe(
      "ok",
    );
    expect(kept.verify(partsOf(given.signer, "a/b.pdf"))).toBe("invalid");
    expect(await db.select().from(serverSecrets).where(eq(serverSecrets.name, FILE_URL_SECRET_NAME))).toEqual(
      rows,
    );
  }, 60_000);

  it("adopts the secret an earlier version kept beside the files, when the database has none", async () => {
    const { db } = await migrated();
    const [dataDir, later] = await folders(2);
    const legacy = "legacy-secret-kept-in-url-secret";
    await mkdir(path.join(dataDir as string, "files"), { recursive: true });
    await writeFile(path.join(dataDir as string, "files", ".url-secret"), `${legacy}\n`);
    const first = await openFileStore({
      db,
      dataDir: dataDir as string,
      s3: undefined,
      fileUrlSecret: undefined,
    });
    expect(createUrlSigner(legacy).verify(partsOf(first.signer, "policies/a.pdf"))).toBe("ok");
    // An instance with a folder of its own (no old secret) takes the same one from the database.
    const second = await openFileStore({
      db,
      dataDir: later as string,
      s3: undefined,
      fileUrlSecret: undefined,
    });
    expect(second.signer.verify(partsOf(first.signer, "policies/a.pdf"))).toBe("ok");
  }, 60_000);

  it("with the bucket: two instances on one database check each other's addresses", async () => {
    const { db, instance } = await migrated();
    const [a, b] = await Promise.all([instance(), instance()]);
    const [first, second] = await Promise.all([
      openFileStore({ db: a, dataDir: "/nonexistent", s3: s3.config, fileUrlSecret: undefined }),
      openFileStore({ db: b, dataDir: "/nonexistent", s3: s3.config, fileUrlSecret: undefined }),
    ]);
    expect(second.signer.verify(partsOf(first.signer, "policies/a.pdf"))).toBe("ok");
    expect(first.signer.verify(partsOf(second.signer, "policies/a.pdf"))).toBe("ok");
    expect(await db.select().from(serverSecrets)).toHaveLength(1);
    // Nothing secret is written into the bucket.
    expect(await first.store.list("secrets")).toEqual([]);
    expect(first.store.description).toBe(`s3 bucket portal-test at ${s3.config.endpoint}`);
  }, 60_000);
});

describe("the database store", () => {
  let fresh: Awaited<ReturnType<typeof migratedDatabase>>;
  beforeAll(async () => {
    fresh = await sharedDatabase();
  }, 60_000);

  it("a stream of a file replaced while it is read ends with an error, never mixing two versions", async () => {
    const store = pgFileStore(fresh.database.db, { chunkBytes: 100 });
    await store.put("mixing/file.bin", Buffer.alloc(1000, 1));
    const found = await store.stream("mixing/file.bin");
    const seen: Buffer[] = [];
    const reading = (async () => {
      for await (const chunk of found?.body ?? []) {
        seen.push(Buffer.from(chunk as Uint8Array));
        if (seen.length === 1) await store.put("mixing/file.bin", Buffer.alloc(1000, 2));
      }
    })();
    await expect(reading).rejects.toThrow(
      "The file mixing/file.bin was replaced or removed while it was being read",
    );
    // What was passed on before the error is the first version only (at most a chunk read ahead).
    expect(Buffer.concat(seen).every((b) => b === 1)).toBe(true);
    expect(seen.length).toBeLessThan(10);
    // A stream opened after the change reads the new bytes.
    expect((await drain(store, "mixing/file.bin"))?.bytes).toEqual(Buffer.alloc(1000, 2));
  });

  it("keeps each file as one row: its size, and its content type as given or named by its extension", async () => {
    const store = pgFileStore(fresh.database.db);
    await store.put("rows/w.pdf", text("%PDF-1.7"));
    await store.put("rows/c.xlsx", text("zip"), "application/octet-stream");
    const rows = await fresh.database.db
      .select({ key: storedFiles.key, size: storedFiles.size, contentType: storedFiles.contentType })
      .from(storedFiles)
      .where(eq(storedFiles.key, "rows/w.pdf"));
    expect(rows).toEqual([{ key: "rows/w.pdf", size: 8, contentType: "application/pdf" }]);
    const [xlsx] = await fresh.database.db
      .select({ contentType: storedFiles.contentType })
      .from(storedFiles)
      .where(eq(storedFiles.key, "rows/c.xlsx"));
    expect(xlsx?.contentType).toBe("application/octet-stream");
  });

  it("two instances, each with its own connection pool, see each other's writes and deletes at once", async () => {
    const other = fresh.url ? await openDatabase({ databaseUrl: fresh.url, poolSize: 2 }) : null;
    try {
      const a = pgFileStore(fresh.database.db);
      const b = pgFileStore(other ? other.db : fresh.database.db);
      const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 13) % 256));
      await a.put("shared/one.pdf", bytes);
      expect((await b.get("shared/one.pdf"))?.equals(bytes)).toBe(true);
      expect(await part(b, "shared/one.pdf", { suffix: 10 })).toEqual({
        size: 5000,
        range: { start: 4990, end: 4999 },
        bytes: bytes.subarray(4990),
      });
      await b.put("shared/one.pdf", text("replaced"));
      expect((await a.get("shared/one.pdf"))?.toString()).toBe("replaced");
      await a.delete("shared/one.pdf");
      expect(await b.exists("shared/one.pdf")).toBe(false);
    } finally {
      await other?.close();
    }
  });
});

describe("start-up on PostgreSQL: the files are in the database, the folder of an earlier start adopted once", () => {
  it("moves the folder's files (and an older DATA_DIR/waybills) into the table, keeps what the table has, and renames the folder", async () => {
    const { database } = await migratedDatabase();
    const db = database.db;
    const dataDir = await mkdtemp(path.join(tmpdir(), "portal-adopt-"));
    const files = path.join(dataDir, "files");
    const write = async (where: string, content: string | Buffer) => {
      await mkdir(path.dirname(where), { recursive: true });
      await writeFile(where, content);
    };
    const policy = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    await write(path.join(files, "policies", "ab12", "returns.pdf"), policy);
    await write(path.join(files, "cforms", "9f.xlsx"), "xlsx bytes");
    await write(path.join(files, "policies", "kept.pdf"), "the folder's older copy");
    await write(path.join(files, "policies", "bad name.pdf"), "not a storage key");
    await write(path.join(files, ".url-secret"), "legacy-secret-kept-in-url-secret\n");
    await write(path.join(dataDir, "waybills", "7", "doc.pdf"), "%PDF waybill");
    // The table already has a file of one of the folder's keys: the table's stays.
    await pgFileStore(db).put("policies/kept.pdf", text("the table's copy"));

    const told: string[] = [];
    const started = await openFileStore({
      db,
      dataDir,
      s3: undefined,
      inDatabase: true,
      fileUrlSecret: undefined,
      log: (m) => told.push(m),
    });
    expect(started.store.description).toBe("PostgreSQL table stored_files");
    expect(await started.store.list("")).toEqual([
      "cforms/9f.xlsx",
      "policies/ab12/returns.pdf",
      "policies/kept.pdf",
      "waybills/7/doc.pdf",
    ]);
    expect((await started.store.get("policies/ab12/returns.pdf"))?.equals(policy)).toBe(true);
    expect((await started.store.get("waybills/7/doc.pdf"))?.toString()).toBe("%PDF waybill");
    expect((await started.store.get("policies/kept.pdf"))?.toString()).toBe("the table's copy");
    const moved = `${files}${MOVED_FOLDER_SUFFIX}`;
    expect(told).toEqual([
      `Files: 3 file(s) from ${files} are now in PostgreSQL (table stored_files); not taken (not storage keys): policies/bad name.pdf; the folder is kept, unused, as ${moved}`,
    ]);
    // The folder is kept as it was, under another name; nothing is read from it any more.
    expect(existsSync(files)).toBe(false);
    expect(existsSync(path.join(dataDir, "waybills"))).toBe(false);
    expect(await readFile(path.join(moved, "policies", "ab12", "returns.pdf"))).toEqual(policy);
    expect(await readFile(path.join(moved, "policies", "bad name.pdf"), "utf8")).toBe("not a storage key");
    // The secret an earlier version kept beside the files signs the addresses.
    const parts = partsOf(started.signer, "policies/a.pdf");
    expect(createUrlSigner("legacy-secret-kept-in-url-secret").verify(parts)).toBe("ok");

    // A file removed later does not come back at the next start.
    await started.store.delete("cforms/9f.xlsx");
    const again: string[] = [];
    const restarted = await openFileStore({
      db,
      dataDir,
      s3: undefined,
      inDatabase: true,
      fileUrlSecret: undefined,
      log: (m) => again.push(m),
    });
    expect(again).toEqual([]);
    expect(await restarted.store.exists("cforms/9f.xlsx")).toBe(false);
    expect(restarted.signer.verify(parts)).toBe("ok");

    // A folder made again later (a start on disk in between) is adopted too, beside the first one.
    await write(path.join(files, "policies", "new.pdf"), "made on disk later");
    const third: string[] = [];
    const later = await openFileStore({
      db,
      dataDir,
      s3: undefined,
      inDatabase: true,
      fileUrlSecret: undefined,
      log: (m) => third.push(m),
    });
    expect((await later.store.get("policies/new.pdf"))?.toString()).toBe("made on disk later");
    expect(third[0]).toMatch(
      /^Files: 1 file\(s\) from .* kept, unused, as .*files\.moved-to-postgresql-\d{4}-/,
    );
    expect(existsSync(files)).toBe(false);
    expect(existsSync(moved)).toBe(true);
  }, 60_000);

  it("without a folder of files nothing is said, and the store is the table", async () => {
    const { database } = await sharedDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), "portal-adopt-"));
    const told: string[] = [];
    const started = await openFileStore({
      db: database.db,
      dataDir,
      s3: undefined,
      inDatabase: true,
      fileUrlSecret: undefined,
      log: (m) => told.push(m),
    });
    expect(told).toEqual([]);
    expect(started.store.description).toBe("PostgreSQL table stored_files");
    expect(existsSync(path.join(dataDir, "files"))).toBe(false);
  }, 60_000);
});
