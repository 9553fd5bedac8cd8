/**
 * The file store's contract, held by both implementations: the folder on disk and the S3 store
 * against a real S3-compatible server (s3rver) over HTTP. Then the start-up of the store: the
 * signing secret every instance on one database agrees on (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, where each instance has its own connection pool).
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { serverSecrets } from "../db/schema";
import { freshDatabase } from "../test/harness";
import { startS3Server } from "../test/s3-server";
import { RangeNotSatisfiable, type RangeRequest } from "./byte-range";
import { diskFileStore, type FileStore } from "./file-store";
import { FILE_URL_SECRET_NAME, openFileStore } from "./open-file-store";
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
beforeAll(async () => {
  s3 = await startS3Server();
}, 30_000);
afterAll(() => s3.close());

const stores: [string, () => Promise<FileStore>][] = [
  ["disk", async () => diskFileStore(await mkdtemp(path.join(tmpdir(), "portal-store-")))],
  ["s3", async () => s3FileStore(s3.config)],
];

describe.each(stores)("the %s file store", (_name, make) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await make();
  });

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
