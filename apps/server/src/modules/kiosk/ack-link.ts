/**
 * The customer's acknowledgement link of a kiosk order: a signed public address the mail carries,
 * opened without a session. The signature (the one file signer, `lib/signed-url.ts`) covers the
 * order's id and the expiry, so a changed id, expiry or signature is refused (403) and a past
 * expiry too (410); it is good for KIOSK_ACK_LINK_DAYS from the mail.
 */
import type { KioskAckQuery } from "@portal/contracts";
import { KIOSK_ACK_LINK_DAYS } from "@portal/domain";
import type { UrlSigner, Verdict } from "../../lib/signed-url";

export const KIOSK_ACK_PATH = "/api/kajukatli/acknowledgement";
const DISPOSITION = "inline";

/** What the signature covers besides the expiry: the order (keys of stored files never start so). */
export const kioskAckKey = (id: number) => `kiosk-ack/${id}`;

export interface KioskAckLink {
  /** The page: the order and its Confirm button. */
  url: string;
  /** The query both the page and its receipt carry. */
  query: string;
  expiresAt: string;
}

/** A signed acknowledgement link for kiosk order `id`, good for KIOSK_ACK_LINK_DAYS. */
export function signKioskAck(signer: UrlSigner, publicUrl: string, id: number): KioskAckLink {
  const signed = signer.sign(kioskAckKey(id), KIOSK_ACK_LINK_DAYS * 86_400, DISPOSITION);
  const given = new URL(signed.url, "http://x").searchParams;
  const query = new URLSearchParams({
    expires: given.get("expires") ?? "",
    signature: given.get("signature") ?? "",
  }).toString();
  return { url: `${publicUrl}${KIOSK_ACK_PATH}/${id}?${query}`, query, expiresAt: signed.expiresAt };
}

/** Whether a link's parts were signed here for this order and are still good. */
export function verifyKioskAck(signer: UrlSigner, id: number, q: KioskAckQuery): Verdict {
  return signer.verify({
    key: kioskAckKey(id),
    expires: q.expires,
    disposition: DISPOSITION,
    signature: q.signature,
  });
}
