/**
 * The kiosk customer's acknowledgement through the signed link (`ack-link.ts`), without a session:
 * the order, its confirmation and its receipt PDF. A changed or forged link is refused (403), an
 * expired one too (410); the routes and the page are in `acknowledgement-routes.ts`.
 */
import type { KioskAckQuery, KioskOrder } from "@portal/contracts";
import { kioskMessages } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { AppError, forbidden, notFound } from "../../lib/errors";
import type { UrlSigner } from "../../lib/signed-url";
import { type SessionUser, sessionUserById } from "../auth/public";
import { verifyKioskAck } from "./ack-link";
import * as repo from "./repo";
import { type KioskService, storeNameOf } from "./service";

export function createKioskAcknowledgement(deps: {
  db: DbOrTx;
  signer: UrlSigner;
  kiosk: Pick<KioskService, "order" | "confirm" | "receiptPdf">;
}) {
  /** The store of a signed link's order; 403 for a changed or forged link, 410 for an expired one. */
  async function storeOf(id: number, q: KioskAckQuery): Promise<SessionUser> {
    const verdict = verifyKioskAck(deps.signer, id, q);
    if (verdict === "invalid") throw forbidden(kioskMessages.ackLinkInvalid);
    if (verdict === "expired") throw new AppError(410, kioskMessages.ackLinkExpired);
    const storeUserId = await repo.storeOfOrder(deps.db, id);
    const store = storeUserId === null ? null : await sessionUserById(deps.db, storeUserId);
    if (!store) throw notFound(kioskMessages.orderNotFound);
    return store;
  }
  return {
    async order(id: number, q: KioskAckQuery): Promise<{ order: KioskOrder; storeName: string }> {
      const store = await storeOf(id, q);
      return { order: await deps.kiosk.order(store, id), storeName: storeNameOf(store) };
    },
    /** The customer confirms: Pending becomes Confirmed (again: nothing changes; cancelled: 409). */
    async confirm(id: number, q: KioskAckQuery): Promise<KioskOrder> {
      const store = await storeOf(id, q);
      const order = await deps.kiosk.order(store, id);
      return deps.kiosk.confirm(store, order.poid, id);
    },
    async receiptPdf(id: number, q: KioskAckQuery) {
      return deps.kiosk.receiptPdf(await storeOf(id, q), id);
    },
  };
}
export type KioskAcknowledgement = ReturnType<typeof createKioskAcknowledgement>;
