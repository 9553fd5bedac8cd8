import type {
  AdminPayment,
  ApprovePaymentBody,
  ConfirmPaymentBody,
  OpenDocument,
  PaymentConfirmation,
  PaymentsQuery,
  PendingOrder,
  PendingPaymentsResponse,
} from "@portal/contracts";
import {
  financeMessages,
  formatDateTime,
  indiaDay,
  messages,
  backOfficeMessages as msg,
  openDebits,
  openPerOrder,
  PAYMENT_LIFECYCLE,
  PAYMENT_STATUS_LABELS,
  type Paise,
  paiseToDecimal,
  paymentAmountProblem,
  paymentModeOf,
  paymentStatusOf,
  referenceKeyOf,
  sumPaise,
  toPaise,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { retryingTransaction } from "../../db/retry";
import { movable, staffViews } from "../../lib/admin";
import { badRequest, notFound } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { recordAudit } from "../audit/public";
import { accountJournal, ledgerPostings } from "../ledger/public";
import { type Notifier, notifyPartner } from "../notifications/public";
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
    partnerEmail: user.email,
    ledgerAccount: p.ledgerAccount,
    paymentType: paymentModeOf(p.paymentType),
    referenceId: p.referenceId,
    totalAmountPayable: paiseToDecimal(toPaise(p.totalAmountPayable)),
    totalAmountPaid: paiseToDecimal(toPaise(p.totalAmountPaid)),
    amountReceived: p.amountReceived === null ? null : paiseToDecimal(toPaise(p.amountReceived)),
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
    amountReceived: p.amountReceived === null ? null : paiseToDecimal(toPaise(p.amountReceived)),
    orders: p.orders,
    status,
    statusLabel: PAYMENT_STATUS_LABELS[status],
    reason: p.reason,
    submittedAt: p.submittedAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
  };
}

const m = paiseToDecimal;

const CSV_HEADER = [
  "Id",
  "Reference",
  "Mode",
  "Ledger account",
  "Partner",
  "Partner email",
  "Status",
  "Paid",
  "Received",
  "Payable",
  "Orders",
  "Submitted",
  "Decided",
  "Reason",
] as const;

const csvCells = (p: AdminPayment) => [
  p.id,
  p.referenceId,
  p.paymentType,
  p.ledgerAccount,
  p.partnerName,
  p.partnerEmail,
  p.status,
  p.totalAmountPaid,
  p.amountReceived,
  p.totalAmountPayable,
  p.orders.join(" "),
  formatDateTime(p.submittedAt),
  p.decidedAt === null ? null : formatDateTime(p.decidedAt),
  p.reason,
];

/** A PostgreSQL unique violation (the reference index), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What the ledger says a partner owes on one account: the debits (tax invoices with their goods,
 * shipping charge and its tax; debit notes) less every credit (approved payments, credit notes) and
 * the confirmations waiting for approval, the credits settling the oldest debits first. Each open
 * invoice's open amount is spread over its orders.
 */
async function owedOn(tx: DbOrTx, userId: number, ledgerAccount: number, day: string) {
  const journal = await accountJournal(tx, userId, ledgerAccount);
  const debits = journal
    .filter((e) => toPaise(e.debit) > 0n)
    .map((e) => ({ entry: e, day: e.entryDate, amount: toPaise(e.debit) }));
  const credits = sumPaise(journal.map((e) => toPaise(e.credit)));
  const waiting = sumPaise((await repo.waiting(tx, userId, ledgerAccount)).map((w) => toPaise(w.amount)));
  const balance = sumPaise(debits.map((d) => d.amount)) - credits;
  const open = openDebits(debits, credits + waiting, day);
  const invoiceIdOf = (e: (typeof journal)[number]) =>
    e.sourceKind === "invoice" ? Number(e.sourceId) : null;
  const orderRows = await repo.ordersOfInvoices(
    tx,
    open.flatMap((o) => {
      const id = invoiceIdOf(o.entry);
      return id === null ? [] : [id];
    }),
  );
  const orders: PendingOrder[] = [];
  const documents: (OpenDocument & { open: Paise })[] = open.map((o) => {
    const invoiceId = invoiceIdOf(o.entry);
    const ofInvoice = orderRows.filter((r) => r.invoiceId === invoiceId);
    for (const part of openPerOrder(
      o.open,
      o.amount,
      ofInvoice.map((r) => ({ poid: r.poid, amount: toPaise(r.amount) })),
    )) {
      const r = ofInvoice.find((x) => x.poid === part.poid);
      if (!r) continue;
      orders.push({
        poid: r.poid,
        createdDate: indiaDay(r.createdAt),
        status: r.status,
        warehouseId: r.warehouseId,
        amountPayable: m(part.open),
      });
    }
    return {
      entryId: o.entry.id,
      kind: invoiceId === null ? "debitNote" : "invoice",
      number: o.entry.voucherNumber,
      day: o.entry.entryDate,
      invoiceId,
      loadId: invoiceId === null || o.entry.reference === null ? null : Number(o.entry.reference),
      orders: ofInvoice.map((r) => r.poid),
      amount: m(o.amount),
      openAmount: m(o.open),
      open: o.open,
    };
  });
  const owed = balance - waiting > 0n ? balance - waiting : 0n;
  return { balance, waiting, owed, documents, orders };
}

/** The history's confirmation: the payable is given (what the invoices of a month came to). */
type RecordedPayment = {
  paymentData: Omit<ConfirmPaymentBody["paymentData"], "documents"> & { totalAmountPayable: string };
};

export function createPaymentsService(deps: {
  db: Db;
  now?: () => Date;
  /** How the partner is told (default `notifyPartner`: a notification and a mail). */
  notify?: Notifier;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const notify = deps.notify ?? notifyPartner;

  async function decide(
    actor: Actor,
    id: number,
    to: "approved" | "rejected",
    reason: string | null,
    at: Date,
    amountReceived?: string,
  ) {
    await retryingTransaction(db, async (tx) => {
      const p = movable(await repo.lock(tx, id), PAYMENT_LIFECYCLE, to, "staff", msg.paymentNotFound);
      const claimed = toPaise(p.totalAmountPaid);
      // Staff credit what the bank received, which may differ from the claim (never more than it).
      const received = amountReceived === undefined ? claimed : toPaise(amountReceived);
      if (to === "approved" && received <= 0n) throw badRequest(financeMessages.receivedNotPositive);
      if (to === "approved" && received > claimed)
        throw badRequest(financeMessages.receivedAboveClaim(claimed));
      await repo.decide(tx, id, {
        status: to,
        reason,
        decidedAt: at,
        decidedBy: actor?.id ?? null,
        // A rejected confirmation frees its reference; an approved one keeps it for good.
        ...(to === "approved" ? { amountReceived: m(received) } : { referenceKey: null }),
      });
      const day = indiaDay(at);
      if (to === "approved") {
        await ledgerPostings.payment(tx, {
          userId: p.userId,
          ledgerAccount: p.ledgerAccount,
          day,
          paymentId: p.id,
          referenceId: p.referenceId,
          amount: m(received),
          mode: p.paymentType,
        });
      }
      await notify(tx, {
        userId: p.userId,
        title: to === "approved" ? "Payment approved" : "Payment rejected",
        message:
          to === "approved"
            ? received === claimed
              ? `Your payment ${p.referenceId} of ₹${m(received)} is approved and credited to your ledger.`
              : `Your payment ${p.referenceId} is approved: ₹${m(received)} was received (you confirmed ₹${m(claimed)}) and credited to your ledger.`
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
        before: { status: p.status, amountClaimed: m(claimed) },
        after:
          to === "approved"
            ? { status: to, amountClaimed: m(claimed), amountReceived: m(received) }
            : { status: to, reason },
        at,
      });
    });
    return id;
  }

  const views = staffViews(db, repo.list, toAdminPayment, msg.paymentNotFound);

  /** The staff decisions; each resolves to the payment's id without reading the payment back. */
  const steps = {
    approve: (actor: Actor, id: number, at = now(), body: ApprovePaymentBody = {}) =>
      decide(actor, id, "approved", null, at, body.amountReceived),
    reject: (actor: Actor, id: number, reason: string, at = now()) =>
      decide(actor, id, "rejected", reason, at),
  };

  const service = {
    /**
     * GET /api/payment/pending: what the ledger says is owed on the account (balance less
     * confirmations waiting for approval), its open invoices and debit notes oldest first, and the
     * orders of the open invoices with their open part.
     */
    async pending(userId: number, accountId: number, at = now()): Promise<PendingPaymentsResponse> {
      const owed = await owedOn(db, userId, accountId, indiaDay(at));
      return {
        accountId,
        orders: owed.orders,
        totalPayable: m(owed.owed),
        balance: m(owed.balance),
        awaitingApproval: m(owed.waiting),
        openDocuments: owed.documents.map(({ open: _open, ...d }) => d),
      };
    },

    /**
     * POST /api/payment/processConfirmPayment: the partner pays open documents of the account,
     * named by their orders or by `documents` (entry ids); the payable is what those documents still
     * owe, worked out here. The amount paid must reach it and may not exceed what is owed on the
     * account; a reference already used by the partner (waiting or approved) is refused. The
     * confirmation then waits for accounts staff.
     */
    async confirm(
      userId: number,
      body: ConfirmPaymentBody,
      at = now(),
      /** The store member who confirmed it (null: the owner). */
      submittedByMemberId: number | null = null,
    ) {
      const d = body.paymentData;
      const poids = [...new Set(d.orders)];
      const entryIds = new Set(d.documents);
      const key = referenceKeyOf(d.referenceId);
      try {
        const row = await retryingTransaction(db, async (tx) => {
          await repo.lockPartner(tx, userId);
          if (await repo.referenceInUse(tx, userId, key))
            throw badRequest(financeMessages.referenceUsed(d.referenceId));
          const owed = await owedOn(tx, userId, d.ledgerAccount, indiaDay(at));
          const chosen = owed.documents.filter(
            (doc) => entryIds.has(doc.entryId) || doc.orders.some((poid) => poids.includes(poid)),
          );
          const named = new Set(chosen.flatMap((doc) => [...doc.orders]));
          if (
            chosen.length === 0 ||
            poids.some((poid) => !named.has(poid)) ||
            [...entryIds].some((id) => !chosen.some((doc) => doc.entryId === id))
          )
            throw badRequest(messages.selectOrdersForPayment);
          const payable = sumPaise(chosen.map((doc) => doc.open));
          const paid = toPaise(d.totalAmountPaid);
          const problem = paymentAmountProblem(paid, payable, owed.owed);
          if (problem === "below") throw badRequest(messages.checkAmountPaid);
          if (problem === "above") throw badRequest(financeMessages.amountAboveOwed(owed.owed));
          return repo.insert(tx, {
            userId,
            ledgerAccount: d.ledgerAccount,
            paymentType: d.paymentType,
            referenceId: d.referenceId,
            referenceKey: key,
            totalAmountPayable: m(payable),
            totalAmountPaid: m(paid),
            orders: [...named].sort(),
            status: "submitted",
            submittedAt: at,
            submittedByMemberId,
          });
        });
        return {
          message: financeMessages.paymentConfirmed(row.referenceId),
          referenceId: row.referenceId,
          id: row.id,
        };
      } catch (error) {
        // Two confirmations with one reference at once: the index lets one through.
        if (isUniqueViolation(error)) throw badRequest(financeMessages.referenceUsed(d.referenceId));
        throw error;
      }
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
        referenceKey: referenceKeyOf(d.referenceId),
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
    /** The staff list: filters, `q` (reference, orders, partner) and a sort over all rows. */
    list: async (q: PaymentsQuery) => {
      const { rows, total } = await repo.list(db, q);
      return { rows: rows.map(toAdminPayment), total };
    },
    /** Every confirmation the list's filters and search match, as CSV (India's times). */
    csv: (reply: FastifyReply, q: PaymentsQuery) =>
      sendCsvPages(
        reply,
        "payments.csv",
        CSV_HEADER,
        async (page, pageSize) => (await service.list({ ...q, page, pageSize })).rows,
        csvCells,
      ),
    get: views.get,
    /** The decisions alone, for a caller that does not show their result (the demo world's batch). */
    steps,
    approve: async (actor: Actor, id: number, at?: Date, body?: ApprovePaymentBody) =>
      views.get(await steps.approve(actor, id, at, body)),
    reject: async (actor: Actor, id: number, reason: string, at?: Date) =>
      views.get(await steps.reject(actor, id, reason, at)),
  };
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
