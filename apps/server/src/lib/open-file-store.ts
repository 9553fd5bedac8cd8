/**
 * Start-up of the one file store and the one address signer (main.ts): an S3-compatible bucket when
 * S3_BUCKET is set, else the table `stored_files` when the server runs on PostgreSQL (every instance
 * on the database sees every file), else the folder DATA_DIR/files (PGlite: one process). The signing
 * secret is FILE_URL_SECRET, else one made once and kept in the database (`server_secrets`,
 * lib/shared-secret.ts): the first instance to write it wins and every instance reads that one back,
 * so instances starting together for the first time still sign and check with the same secret.
 *
 * Files kept on disk by an earlier start (DATA_DIR/files) are adopted by the table once: each is
 * written unless the table has its key already (the table wins), then the folder is renamed
 * DATA_DIR/files.moved-to-postgresql and kept untouched as a copy; it is never read again.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client";
import { diskFileStore, type FileStore, isStorageKey } from "./file-store";
import { type PgFileStore, pgFileStore } from "./pg-file-store";
import type { S3StoreConfig } from "./s3-file-store";
import { sharedSecret } from "./shared-secret";
import { createUrlSigner, newSigningSecret, type UrlSigner } from "./signed-url";

/** The name of the signing secret's row in `server_secrets`. */
export const FILE_URL_SECRET_NAME = "file-url-secret";

/** Where the folder of files goes once the table has adopted them. */
export const MOVED_FOLDER_SUFFIX = ".moved-to-postgresql";

export async function openFileStore(config: {
  db: Db;
  dataDir: string;
  s3: S3StoreConfig | undefined;
  /** Keep the files in the database (the server runs on PostgreSQL); ignored when `s3` is set. */
  inDatabase?: boolean;
  fileUrlSecret: string | undefined;
  /** Told what start-up did to files on disk (main.ts: the console). */
  log?: (message: string) => void;
}): Promise<{ store: FileStore; signer: UrlSigner }> {
  let store: FileStore;
  let adopted: string | undefined;
  const root = path.join(config.dataDir, "files");
  const legacySecret = () => {
    // The secret an earlier version kept beside the files becomes the shared one if none is kept yet.
    const legacy = path.join(root, ".url-secret");
    if (existsSync(legacy)) adopted = readFileSync(legacy, "utf8").trim();
  };
  // The AWS SDK is loaded only when a bucket is configured.
  if (config.s3) store = (await import("./s3-file-store")).s3FileStore(config.s3);
  else if (config.inDatabase) {
    const table = pgFileStore(config.db);
    await moveOldWaybills(config.dataDir, root);
    legacySecret();
    const moved = await adoptFolder(root, table);
    if (moved)
      config.log?.(
        `Files: ${moved.files} file(s) from ${root} are now in PostgreSQL (table stored_files)` +
          `${moved.skipped.length ? `; not taken (not storage keys): ${moved.skipped.join(", ")}` : ""}` +
          `; the folder is kept, unused, as ${moved.folder}`,
      );
    store = table;
  } else {
    await mkdir(root, { recursive: true });
    await moveOldWaybills(config.dataDir, root);
    store = diskFileStore(root);
    legacySecret();
  }
  const secret =
    config.fileUrlSecret ??
    (await sharedSecret(config.db, FILE_URL_SECRET_NAME, () =>
      adopted && adopted.length >= 16 ? adopted : newSigningSecret(),
    ));
  return { store, signer: createUrlSigner(secret) };
}

/** Waybill documents used to live in DATA_DIR/waybills: they move into the store's folder once. */
async function moveOldWaybills(dataDir: string, root: string) {
  const old = path.join(dataDir, "waybills");
  if (!existsSync(old) || existsSync(path.join(root, "waybills"))) return;
  await mkdir(root, { recursive: true });
  await rename(old, path.join(root, "waybills"));
}

/**
 * Every file of the folder into the table, unless the table has its key already; then the folder is
 * renamed (`files.moved-to-postgresql`, or with the time when that name is taken), so a file deleted
 * from the table later never comes back from disk. Null when there is no folder. Safe when several
 * processes sharing the folder start at once: writing is insert-if-absent, and one rename wins.
 */
async function adoptFolder(root: string, table: PgFileStore) {
  if (!existsSync(root)) return null;
  const disk = diskFileStore(root);
  let files = 0;
  const skipped: string[] = [];
  for (const key of await disk.list("")) {
    if (!isStorageKey(key)) {
      skipped.push(key);
      continue;
    }
    const bytes = await disk.get(key);
    if (bytes && (await table.adopt(key, bytes))) files++;
  }
  let folder = `${root}${MOVED_FOLDER_SUFFIX}`;
  if (existsSync(folder)) folder = `${folder}-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  try {
    await rename(root, folder);
  } catch (error) {
    // Another process sharing the folder adopted it and renamed it first.
    if ((error as { code?: string }).code !== "ENOENT") throw error;
  }
  return { files, skipped, folder };
}
