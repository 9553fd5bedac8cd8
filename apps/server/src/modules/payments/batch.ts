/**
 * Payment confirmations submitted, and approved by accounts, many at a time in one transaction
 * (the network-sized world, issue 32): the same rows as `submit` and `steps.approve` write one at a
 * time (the confirmation, its decision, the ledger's receipt, the partner's notice and the audit
 * entry), in a few statements. The notices and audit entries are handed to the caller's `records`.
 */
import type { ConfirmPaymentBody } from "@portal/contracts";
import { indiaDay, backOfficeMessages as msg, paiseToDecimal, referenceKeyOf, toPaise } from "@portal/domain";
import { and, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { payments, purchaseOrders } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import type { AuditEntry } from "../audit/public";
import { postPayments } from "../ledger/public";
import type { PartnerNotice } from "../notifications/public";

/** A confirmation of the history: the payable is given (what the invoices of a month came to). */
type RecordedPayment = {
  paymentData: Omit<ConfirmPaymentBody["paymentData"], "documents"> & { totalAmountPayable: string };
};

/**
 * Submits each payment of `items` (in the order given) and approves, in full, those with a
 * `decideAt`. Resolves to the payments' ids.
 */
export async function submitPayments(
  tx: DbOrTx,
  actor: { id: number } | null,
  items: readonly { userId: number; body: RecordedPayment; at: Date; approveAt: Date | null }[],
  records: { notices: PartnerNotice[]; audit: AuditEntry[] },
): Promise<number[]> {
  if (items.length === 0) return [];
  const all = [...new Set(items.flatMap((i) => i.body.paymentData.orders))];
  const owner = new Map<string, number>();
  for (let k = 0; k < all.length; k += 5000) {
    const rows = await tx
      .select({ poid: purchaseOrders.poid, userId: purchaseOrders.userId })
      .from(purchaseOrders)
      .where(and(inArray(purchaseOrders.poid, all.slice(k, k + 5000))));
    for (const r of rows) owner.set(r.poid, r.userId);
  }
  const rows = items.map(({ userId, body, at }) => {
    const d = body.paymentData;
    if (toPaise(d.totalAmountPaid) < toPaise(d.totalAmountPayable)) throw badRequest(msg.amountBelowPayable);
    const orders = [...new Set(d.orders)];
    if (orders.some((poid) => owner.get(poid) !== userId)) throw badRequest(msg.paymentOrdersUnknown);
    return {
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
    } satisfies typeof payments.$inferInsert;
  });
  const ids: number[] = [];
  for (let k = 0; k < rows.length; k += 1000)
    ids.push(
      ...(
        await tx
          .insert(payments)
          .values(rows.slice(k, k + 1000))
          .returning({ id: payments.id })
      ).map((r) => r.id),
    );
  const approved = items.flatMap((i, k) => {
    const id = ids[k];
    const row = rows[k];
    return i.approveAt && id !== undefined && row ? [{ id, row, at: i.approveAt }] : [];
  });
  if (approved.length === 0) return ids;
  for (const a of approved) {
    const m = paiseToDecimal(toPaise(a.row.totalAmountPaid));
    records.notices.push({
      userId: a.row.userId,
      title: "Payment approved",
      message: `Your payment ${a.row.referenceId} of ₹${m} is approved and credited to your ledger.`,
      target: "/account/confirmPayment",
      at: a.at,
    });
    records.audit.push({
      actorId: actor?.id ?? null,
      action: "payment.approve",
      entity: "payment",
      entityId: a.id,
      before: { status: "submitted", amountClaimed: m },
      after: { status: "approved", amountClaimed: m, amountReceived: m },
      at: a.at,
    });
  }
  for (let k = 0; k < approved.length; k += 2000) {
    const values = sql.join(
      approved
        .slice(k, k + 2000)
        .map(
          (a) =>
            sql`(${a.id}::integer, ${a.at.toISOString()}::timestamptz, ${paiseToDecimal(toPaise(a.row.totalAmountPaid))}::numeric)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE ${payments} AS p
      SET status = 'approved', reason = NULL, decided_at = v.decided_at, decided_by = ${actor?.id ?? null}::integer,
          amount_received = v.amount_received
      FROM (VALUES ${values}) AS v(id, decided_at, amount_received)
      WHERE p.id = v.id`);
  }
  await postPayments(
    tx,
    approved.map((a) => ({
      userId: a.row.userId,
      ledgerAccount: a.row.ledgerAccount,
      day: indiaDay(a.at),
      paymentId: a.id,
      referenceId: a.row.referenceId,
      amount: paiseToDecimal(toPaise(a.row.totalAmountPaid)),
      mode: a.row.paymentType,
    })),
  );
  return ids;
}
