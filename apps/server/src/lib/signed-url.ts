/**
 * Short-lived signed addresses for files kept by the server (one place; any module may use it).
 *
 * An address is `/api/files/<key>?expires=<unix seconds>&disposition=<inline|attachment>&signature=<hmac>`
 * where the signature is HMAC-SHA256 (base64url) over the key, the expiry and the disposition with a
 * secret only the server knows. The file route checks it with `verify`: a changed key, expiry or
 * disposition, or a forged signature, is refused (403); a past expiry is refused (410).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const FILES_PREFIX = "/api/files/";
export type Disposition = "inline" | "attachment";
export type Verdict = "ok" | "expired" | "invalid";

export interface SignedAddress {
  url: string;
  expiresAt: string;
}

export interface UrlSigner {
  /** A signed address for `key`, good for `ttlSeconds` (zero or less: already expired). */
  sign(key: string, ttlSeconds: number, disposition?: Disposition): SignedAddress;
  /** Whether the parts of an address were signed here and are still good. */
  verify(parts: { key: string; expires: string; disposition: string; signature: string }): Verdict;
}

/** A fresh random secret (32 bytes, base64url). */
export const newSigningSecret = () => randomBytes(32).toString("base64url");

export function createUrlSigner(secret: string, now: () => number = () => Date.now()): UrlSigner {
  if (secret.length < 16) throw new Error("The file signing secret must be at least 16 characters");
  const mac = (key: string, expires: string, disposition: string) =>
    createHmac("sha256", secret).update(`${key}\n${expires}\n${disposition}`).digest("base64url");
  return {
    sign(key, ttlSeconds, disposition = "inline") {
      const expires = String(Math.floor(now() / 1000) + Math.floor(ttlSeconds));
      const query = new URLSearchParams({ expires, disposition, signature: mac(key, expires, disposition) });
      const path = key.split("/").map(encodeURIComponent).join("/");
      return {
        url: `${FILES_PREFIX}${path}?${query.toString()}`,
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
      };
    },
    verify({ key, expires, disposition, signature }) {
      if (!/^\d{1,12}$/.test(expires)) return "invalid";
      const expected = Buffer.from(mac(key, expires, disposition));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return Number(expires) * 1000 < now() ? "expired" : "ok";
    },
  };
}
