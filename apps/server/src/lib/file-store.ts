/**
 * Where content files live. The disk store keeps them under a folder (DATA_DIR/files); an
 * S3-compatible bucket would implement the same interface (no SDK is bundled). Keys are short
 * lower-case paths such as `policies/2f9c…/returns-policy.pdf`; they are never served directly,
 * only through signed addresses (lib/signed-url.ts).
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*){0,4}$/;
/** A storage key: lower-case segments of letters, digits, dot, dash and underscore; no `..`. */
export const isStorageKey = (key: string) => key.length <= 200 && KEY.test(key) && !key.includes("..");

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
};
/** The content type a key's extension names (keys are made by the server with the detected extension). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
export const extensionOf = (mime: string) =>
  Object.entries(CONTENT_TYPES).find(([, m]) => m === mime)?.[0] ??
  (mime === "audio/vnd.wave" || mime === "audio/x-wav" ? "wav" : "bin");

export function diskFileStore(root: string): FileStore {
  const where = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = where(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async get(key) {
      try {
        return await readFile(where(key));
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(where(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(where(key), { force: true });
    },
  };
}
