import type { AdminPayment, ConfirmPaymentBody } from "@portal/contracts";
import {
  indiaDay,
  backOfficeMessages as msg,
  PAYMENT_LIFECYCLE,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paiseToDecimal,
  toPaise,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { movable, staffViews } from "../../lib/admin";
import { badRequest } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { ledgerPostings } from "../ledger/public";
import { notifyPartner } from "../notifications/public";
import { type Actor, partnerNameOf } from "../order-desk/public";
import * as repo from "./repo";

function toAdminPayment({
  row: p,
  user,
}: Awaited<ReturnType<typeof repo.list>>["rows"][number]): AdminPayment {
  return {
    id: p.id,
    userId: p.userId,
    partnerName: partnerNameOf(user),
    ledgerAccount: p.ledgerAccount,
    paymentType: (PAYMENT_MODES as readonly string[]).includes(p.paymentType)
      ? (p.paymentType as AdminPayment["paymentType"])
      : "Neft",
    referenceId: p.referenceId,
    totalAmountPayable: paiseToDecimal(toPaise(p.totalAmountPayable)),
    totalAmountPaid: paiseToDecimal(toPaise(p.totalAmountPaid)),
    orders: p.orders,
    status: (PAYMENT_STATUSES as readonly string[]).includes(p.status)
      ? (p.status as PaymentStatus)
      : "submitted",
    reason: p.reason,
    submittedAt: p.submittedAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

export function createPaymentsService(deps: { db: Db; now?: () => Date; quiet?: boolean }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function decide(
    actor: Actor,
    id: number,
    to: "approved" | "rejected",
    reason: string | null,
    at: Date,
  ) {
    await db.transaction(async (tx) => {
      const p = movable(await repo.lock(tx, id), PAYMENT_LIFECYCLE, to, msg.paymentNotFound);
      await repo.decide(tx, id, { status: to, reason, decidedAt: at, decidedBy: actor?.id ?? null });
      const day = indiaDay(at);
      if (to === "approved") {
        await ledgerPostings.payment(tx, {
          userId: p.userId,
          ledgerAccount: p.ledgerAccount,
          day,
          paymentId: p.id,
          referenceId: p.referenceId,
          amount: p.totalAmountPaid,
          mode: p.paymentType,
        });
      }
      await notifyPartner(tx, {
        ...(deps.quiet ? { mail: false } : {}),
        userId: p.userId,
        title: to === "approved" ? "Payment approved" : "Payment rejected",
        message:
          to === "approved"
            ? `Your payment ${p.referenceId} of ₹${p.totalAmountPaid} is approved and credited to your ledger.`
            : `Your payment ${p.referenceId} was rejected: ${reason}`,
        target: "/account/ledger",
        at,
      });
      await recordAudit(tx, {
        actorId: actor?.id ?? null,
        action: `payment.${to === "approved" ? "approve" : "reject"}`,
        entity: "payment",
        entityId: id,
        before: { status: p.status },
        after: { status: to, reason },
        at,
      });
    });
    return viewAfter(id);
  }

  const views = staffViews(db, repo.list, toAdminPayment, msg.paymentNotFound, deps.quiet);
  const { viewAfter } = views;

  const service = {
    /** The partner's payment confirmation; it waits for accounts staff. */
    async submit(userId: number, body: ConfirmPaymentBody, at = now()) {
      const d = body.paymentData;
      if (toPaise(d.totalAmountPaid) < toPaise(d.totalAmountPayable))
        throw badRequest(msg.amountBelowPayable);
      const orders = [...new Set(d.orders)];
      const own = await repo.ownOrders(db, userId, orders);
      if (own.length !== orders.length) throw badRequest(msg.paymentOrdersUnknown);
      const row = await repo.insert(db, {
        userId,
        ledgerAccount: d.ledgerAccount,
        paymentType: d.paymentType,
        referenceId: d.referenceId,
        totalAmountPayable: d.totalAmountPayable,
        totalAmountPaid: d.totalAmountPaid,
        orders,
        status: "submitted",
        submittedAt: at,
      });
      return {
        message: `Payment confirmation submitted. Reference number ${row.referenceId}.`,
        referenceId: row.referenceId,
        id: row.id,
      };
    },
    list: views.list,
    get: views.get,
    approve: (actor: Actor, id: number, at = now()) => decide(actor, id, "approved", null, at),
    reject: (actor: Actor, id: number, reason: string, at = now()) =>
      decide(actor, id, "rejected", reason, at),
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
