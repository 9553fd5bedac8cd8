import type { AdminPayment, ConfirmPaymentBody, PaymentConfirmation } from "@portal/contracts";
import {
  financeMessages,
  indiaDay,
  messages,
  backOfficeMessages as msg,
  PAYMENT_LIFECYCLE,
  PAYMENT_STATUS_LABELS,
  paiseToDecimal,
  paymentModeOf,
  paymentStatusOf,
  sumPaise,
  toPaise,
} from "@portal/domain";
import type { Db } from "../../db/client";
import { movable, staffViews } from "../../lib/admin";
import { badRequest, notFound } from "../../lib/errors";
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
    paymentType: paymentModeOf(p.paymentType),
    referenceId: p.referenceId,
    totalAmountPayable: paiseToDecimal(toPaise(p.totalAmountPayable)),
    totalAmountPaid: paiseToDecimal(toPaise(p.totalAmountPaid)),
    orders: p.orders,
    status: paymentStatusOf(p.status),
    reason: p.reason,
    submittedAt: p.submittedAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

function toConfirmation(p: repo.PaymentRow): PaymentConfirmation {
  const status = paymentStatusOf(p.status);
  return {
    id: p.id,
    ledgerAccount: p.ledgerAccount,
    paymentType: paymentModeOf(p.paymentType),
    referenceId: p.referenceId,
    totalAmountPayable: paiseToDecimal(toPaise(p.totalAmountPayable)),
    totalAmountPaid: paiseToDecimal(toPaise(p.totalAmountPaid)),
    orders: p.orders,
    status,
    statusLabel: PAYMENT_STATUS_LABELS[status],
    reason: p.reason,
    submittedAt: p.submittedAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

/** The history's confirmation: the payable is given (what the invoices of a month came to). */
type RecordedPayment = ConfirmPaymentBody & { paymentData: { totalAmountPayable: string } };

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
        // The partner finds the decision (and any reason) in their confirmations.
        target: "/account/confirmPayment",
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
    /** The partner's orders on a ledger account that wait for payment, and their total payable. */
    async pending(userId: number, accountId: number) {
      const orders = await repo.pendingOrders(db, userId, accountId);
      return {
        accountId,
        orders: orders.map((o) => ({
          poid: o.poid,
          createdDate: indiaDay(o.createdAt),
          status: o.status,
          warehouseId: o.warehouseId,
          amountPayable: paiseToDecimal(toPaise(o.payable)),
        })),
        totalPayable: paiseToDecimal(sumPaise(orders.map((o) => toPaise(o.payable)))),
      };
    },

    /**
     * POST /api/payment/processConfirmPayment: the orders must be the partner's own pending ones on
     * the account; the payable is worked out here from them (never taken from the request), and the
     * amount paid must reach it. The confirmation then waits for accounts staff.
     */
    async confirm(userId: number, body: ConfirmPaymentBody, at = now()) {
      const d = body.paymentData;
      const orders = [...new Set(d.orders)];
      const row = await db.transaction(async (tx) => {
        await repo.lockPartner(tx, userId);
        const pending = await repo.pendingOrders(tx, userId, d.ledgerAccount, orders);
        if (pending.length !== orders.length) throw badRequest(messages.selectOrdersForPayment);
        const payable = sumPaise(pending.map((o) => toPaise(o.payable)));
        if (toPaise(d.totalAmountPaid) < payable) throw badRequest(messages.checkAmountPaid);
        return repo.insert(tx, {
          userId,
          ledgerAccount: d.ledgerAccount,
          paymentType: d.paymentType,
          referenceId: d.referenceId,
          totalAmountPayable: paiseToDecimal(payable),
          totalAmountPaid: paiseToDecimal(toPaise(d.totalAmountPaid)),
          orders,
          status: "submitted",
          submittedAt: at,
        });
      });
      return {
        message: financeMessages.paymentConfirmed(row.referenceId),
        referenceId: row.referenceId,
        id: row.id,
      };
    },

    /** The partner's own confirmations, newest first, with their status and any reason. */
    async confirmations(userId: number) {
      return { rows: (await repo.ofPartner(db, userId)).map(toConfirmation) };
    },
    async confirmation(userId: number, id: number) {
      const row = await repo.ownById(db, userId, id);
      if (!row) throw notFound(financeMessages.paymentNotFound);
      return toConfirmation(row);
    },

    /** A confirmation recorded as given (the demo history); partners go through `confirm`. */
    async submit(userId: number, body: RecordedPayment, at = now()) {
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
