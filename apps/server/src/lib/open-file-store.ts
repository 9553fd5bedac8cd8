/**
 * Start-up of the one file store and the one address signer (main.ts): an S3-compatible bucket when
 * S3_BUCKET is set, else the folder DATA_DIR/files. The signing secret is FILE_URL_SECRET, else one
 * made once and kept in the database (`server_secrets`, lib/shared-secret.ts): the first instance to
 * write it wins and every instance reads that one back, so instances starting together for the first
 * time still sign and check with the same secret.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import type { DbOrTx } from "../db/client";
import { diskFileStore, type FileStore } from "./file-store";
import type { S3StoreConfig } from "./s3-file-store";
import { sharedSecret } from "./shared-secret";
import { createUrlSigner, newSigningSecret, type UrlSigner } from "./signed-url";

/** The name of the signing secret's row in `server_secrets`. */
export const FILE_URL_SECRET_NAME = "file-url-secret";

export async function openFileStore(config: {
  db: DbOrTx;
  dataDir: string;
  s3: S3StoreConfig | undefined;
  fileUrlSecret: string | undefined;
}): Promise<{ store: FileStore; signer: UrlSigner }> {
  let store: FileStore;
  let adopted: string | undefined;
  // The AWS SDK is loaded only when a bucket is configured.
  if (config.s3) store = (await import("./s3-file-store")).s3FileStore(config.s3);
  else {
    const root = path.join(config.dataDir, "files");
    await mkdir(root, { recursive: true });
    // Waybill documents used to live in DATA_DIR/waybills: they move into the store's folder once.
    const old = path.join(config.dataDir, "waybills");
    if (existsSync(old) && !existsSync(path.join(root, "waybills")))
      await rename(old, path.join(root, "waybills"));
    store = diskFileStore(root);
    // The secret an earlier version kept beside the files becomes the shared one if none is kept yet.
    const legacy = path.join(root, ".url-secret");
    if (existsSync(legacy)) adopted = readFileSync(legacy, "utf8").trim();
  }
  const secret =
    config.fileUrlSecret ??
    (await sharedSecret(config.db, FILE_URL_SECRET_NAME, () =>
      adopted && adopted.length >= 16 ? adopted : newSigningSecret(),
    ));
  return { store, signer: createUrlSigner(secret) };
}
