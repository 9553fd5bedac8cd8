/**
 * The file store in the database (table `stored_files`, migration 0020), chosen at start when the
 * server runs on PostgreSQL (DATABASE_URL) and no S3_BUCKET is set: every instance on the database
 * reads and writes the same files, as it shares sessions and the signing secret. Same keys and calls
 * as the disk and bucket stores. A file is one row; a stream reads it in chunks of `chunkBytes` with
 * `substring(content from a for n)` (the column is stored uncompressed, so a chunk is read without
 * the rest), one short query per chunk, so a slow download never holds a connection. Every chunk is
 * read from the version the stream started with: a file overwritten or removed meanwhile ends the
 * stream with an error rather than mixing two versions.
 */
import { Readable } from "node:stream";
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";
import { RangeNotSatisfiable, type RangeRequest, resolveRange } from "./byte-range";
import { assertStorageKey, contentTypeOfKey, type FileStore, type StoredStream } from "./file-store";

/** Bytes read per query while streaming (a 20 MB library file is 20 queries). */
export const FILE_CHUNK_BYTES = 1024 * 1024;

export interface PgFileStore extends FileStore {
  /** Writes the file only when the key is free; true when written (adopting files from a folder). */
  adopt(key: string, bytes: Buffer, contentType?: string): Promise<boolean>;
}

export function pgFileStore(db: Db, options: { chunkBytes?: number } = {}): PgFileStore {
  const chunkBytes = options.chunkBytes ?? FILE_CHUNK_BYTES;
  const byKey = (key: string) => {
    assertStorageKey(key);
    return eq(storedFiles.key, key);
  };
  const row = (key: string, bytes: Buffer, contentType: string | undefined) => ({
    key,
    content: bytes,
    size: bytes.length,
    contentType: contentType ?? contentTypeOfKey(key),
  });
  const size = async (key: string) => {
    const [found] = await db.select({ size: storedFiles.size }).from(storedFiles).where(byKey(key));
    return found ? found.size : null;
  };

  /** Bytes `start` to `end` of one version of a file, a chunk per query. */
  async function* chunks(key: string, version: number, start: number, end: number) {
    for (let at = start; at <= end; at += chunkBytes) {
      const length = Math.min(chunkBytes, end - at + 1);
      const [found] = await db
        .select({
          part: sql`substring(${storedFiles.content} from ${at + 1} for ${length})`.mapWith(
            storedFiles.content,
          ),
        })
        .from(storedFiles)
        .where(and(eq(storedFiles.key, key), eq(storedFiles.version, version)));
      if (!found) throw new Error(`The file ${key} was replaced or removed while it was being read`);
      yield found.part;
    }
  }

  /** At most one chunk is read ahead of the reader (a slow download holds two chunks, not sixteen). */
  const body = (key: string, version: number, start: number, end: number) =>
    Readable.from(chunks(key, version, start, end), { highWaterMark: 1 });

  async function stream(key: string, range?: RangeRequest): Promise<StoredStream | null> {
    const [found] = await db
      .select({ size: storedFiles.size, version: storedFiles.version })
      .from(storedFiles)
      .where(byKey(key));
    if (!found) return null;
    if (!range) {
      return { body: body(key, found.version, 0, found.size - 1), size: found.size };
    }
    const span = resolveRange(range, found.size);
    if (!span) throw new RangeNotSatisfiable(found.size);
    return {
      body: body(key, found.version, span.start, span.end),
      size: found.size,
      range: span,
    };
  }

  return {
    description: "PostgreSQL table stored_files",
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await db
        .insert(storedFiles)
        .values(row(key, bytes, contentType))
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: {
            content: sql`excluded.content`,
            size: sql`excluded.size`,
            contentType: sql`excluded.content_type`,
            version: sql`${storedFiles.version} + 1`,
            createdAt: sql`now()`,
          },
        });
    },
    async adopt(key, bytes, contentType) {
      assertStorageKey(key);
      const written = await db
        .insert(storedFiles)
        .values(row(key, bytes, contentType))
        .onConflictDoNothing()
        .returning({ key: storedFiles.key });
      return written.length > 0;
    },
    async get(key) {
      const [found] = await db.select({ content: storedFiles.content }).from(storedFiles).where(byKey(key));
      return found ? found.content : null;
    },
    stream,
    size,
    exists: async (key) => (await size(key)) !== null,
    async delete(key) {
      await db.delete(storedFiles).where(byKey(key));
    },
    async list(prefix) {
      const clean = prefix.replace(/\/+$/, "");
      if (clean) assertStorageKey(clean);
      // Keys hold no `%` or `\`; `_` is a LIKE wildcard and is escaped.
      const under = clean ? like(storedFiles.key, `${clean.replaceAll("_", "\\_")}/%`) : undefined;
      const rows = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(under)
        .orderBy(storedFiles.key);
      return rows.map((r) => r.key);
    },
  };
}
