import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Waybill documents on disk under DATA_DIR/waybills/<waybill id>/<random>.pdf, and the short-lived
 * signed addresses they are downloaded through (HMAC-SHA256 of path and expiry with a key kept in
 * DATA_DIR/secrets, so every instance sharing DATA_DIR accepts the same links).
 */
export function createFileStore(dataDir: string) {
  const root = path.resolve(dataDir);
  const key = signingKey(root);
  const full = (relative: string) => {
    const resolved = path.resolve(root, relative);
    if (!resolved.startsWith(`${root}${path.sep}`)) throw new Error("path outside the data folder");
    return resolved;
  };
  const signatureOf = (relative: string, expires: number) =>
    createHmac("sha256", key).update(`${relative}\n${expires}`).digest("base64url");

  return {
    root,
    /** Writes a new document of a waybill; returns its relative path. */
    async save(waybillId: number, bytes: Buffer): Promise<string> {
      const relative = `waybills/${waybillId}/${randomBytes(16).toString("base64url")}.pdf`;
      const target = full(relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { flag: "wx" });
      return relative;
    },
    read: (relative: string) => readFile(full(relative)),
    remove: (relative: string) => rm(full(relative), { force: true }),
    sign(relative: string, expires: number) {
      return signatureOf(relative, expires);
    },
    /** "ok", "expired" or "invalid" (tampered path, expiry or signature). */
    verify(relative: string, expires: number, sig: string, now: number): "ok" | "expired" | "invalid" {
      const expected = Buffer.from(signatureOf(relative, expires));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
      return now > expires ? "expired" : "ok";
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

function signingKey(root: string): Buffer {
  const file = path.join(root, "secrets", "file-signing.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      // Another instance wrote it first: use theirs.
      if ((error as { code?: string }).code !== "EEXIST") throw error;
    }
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
}
