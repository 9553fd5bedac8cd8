/**
 * Where every file the server keeps lives: content library files, waybill documents, C-form files.
 * One interface, three implementations: a folder on disk (`DATA_DIR/files`, the default on PGlite),
 * an S3-compatible bucket (`lib/s3-file-store.ts`, chosen at start when `S3_BUCKET` is set) and a
 * table of the database (`lib/pg-file-store.ts`, chosen on PostgreSQL without a bucket). Modules
 * speak in keys (`policies/2f9c…/returns-policy.pdf`, `waybills/12/9af3….pdf`, `cforms/<uuid>.xlsx`),
 * never in paths; files are never served directly, only through signed addresses
 * (lib/signed-url.ts) or routes that check who is asking.
 */
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { type ByteSpan, RangeNotSatisfiable, type RangeRequest, resolveRange } from "./byte-range";

export interface StoredStream {
  body: Readable;
  /** The whole file's size in bytes (also when only a range of it is in `body`). */
  size: number;
  /** Set when a range was asked: `body` holds exactly these bytes of the file. */
  range?: ByteSpan;
}

export interface FileStore {
  /** Where the files are, for logs ("disk /data/files", "s3 bucket portal"). */
  readonly description: string;
  /** Writes (or overwrites) the file of `key`. */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The file as a stream with its size, or null when there is none. With `range`, only the bytes
   * it asks for (their span in `range` of the answer); a range the file holds none of throws
   * `RangeNotSatisfiable` with the file's size.
   */
  stream(key: string, range?: RangeRequest): Promise<StoredStream | null>;
  /** The file's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (`waybills/12/`), sorted. */
  list(prefix: string): Promise<string[]>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*){0,4}$/;
/** A storage key: segments of letters, digits, dot, dash and underscore; no `..`, no leading dot. */
export const isStorageKey = (key: string) => key.length <= 200 && KEY.test(key) && !key.includes("..");

export function assertStorageKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  webm: "video/webm",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
/** The content type a key's extension names (keys are made by the server with the detected extension). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
export const extensionOf = (mime: string) =>
  Object.entries(CONTENT_TYPES).find(([, m]) => m === mime)?.[0] ??
  (mime === "audio/vnd.wave" || mime === "audio/x-wav" ? "wav" : "bin");

const missing = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR";
};

/** Files in a folder: a key's segments are sub-folders. Writes go to a temporary file first. */
export function diskFileStore(root: string): FileStore & { root: string } {
  const base = path.resolve(root);
  const where = (key: string) => {
    assertStorageKey(key);
    return path.join(base, ...key.split("/"));
  };
  async function walk(dir: string, prefix: string, out: string[]) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const e of entries) {
      if (e.name.startsWith(".") || e.name.endsWith(".tmp")) continue;
      const key = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), key, out);
      else if (e.isFile()) out.push(key);
    }
  }
  const size = async (key: string) => {
    try {
      const s = await stat(where(key));
      return s.isFile() ? s.size : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  };
  return {
    root: base,
    description: `disk ${base}`,
    async put(key, bytes) {
      const file = where(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key) {
      try {
        return await readFile(where(key));
      } catch (error) {
        if (missing(error) || (error as { code?: string }).code === "EISDIR") return null;
        throw error;
      }
    },
    async stream(key, range) {
      const found = await size(key);
      if (found === null) return null;
      if (!range) return { body: createReadStream(where(key)), size: found };
      const span = resolveRange(range, found);
      if (!span) throw new RangeNotSatisfiable(found);
      return {
        body: createReadStream(where(key), { start: span.start, end: span.end }),
        size: found,
        range: span,
      };
    },
    size,
    exists: async (key) => (await size(key)) !== null,
    async delete(key) {
      await rm(where(key), { force: true });
    },
    async list(prefix) {
      const clean = prefix.replace(/\/+$/, "");
      if (clean) assertStorageKey(clean);
      const out: string[] = [];
      await walk(clean ? path.join(base, ...clean.split("/")) : base, clean, out);
      return out.sort();
    },
  };
}
