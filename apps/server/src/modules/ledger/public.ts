/** What other modules may use of the ledger: post entries inside their own transaction, read balances. */

import {
  AGEING_BUCKETS,
  type AgeingBucketKey,
  ageingBuckets,
  type LineTax,
  openDebits,
  storedLineAt,
  type TaxRegime,
  taxRegimeFrom,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { balance, entries, receivableEntries } from "./repo";
import { linesOfOrders, taxInvoiceLinesOfLoad } from "./statement-repo";

export { balance as ledgerBalance } from "./repo";

/** Every entry of a partner's ledger account, in the ledger's order (day, then entry): what payables read. */
export const accountJournal = (db: DbOrTx, userId: number, ledgerAccount: number) =>
  entries(db, userId, ledgerAccount, {});
export { type CreditNoteTotals, ledgerPostings } from "./service";

/**
 * A partner's current ledger balance in paise: debit minus credit of every journal entry, on one
 * ledger account (1 or 2) or, without one, on both. Positive when the partner owes (a debit
 * balance), negative when the balance is in the partner's favour.
 */
export async function partnerBalance(db: DbOrTx, userId: number, ledgerAccount?: 1 | 2): Promise<bigint> {
  const accounts = ledgerAccount ? [ledgerAccount] : [1, 2];
  let total = 0n;
  for (const account of accounts) total += toPaise(await balance(db, userId, account));
  return total;
}
export { createLedgerService } from "./service";

/** One line a product-removal credit note reverses: the short units at the tax engine's line. */
export interface RemovedLine {
  poid: string;
  productId: number;
  quantity: number;
  tax: LineTax;
}

/**
 * The lines of a product-removal credit note (a short delivery of an order): each tax invoice line
 * of the order at its undelivered units, through the tax engine (`storedLineAt`) at the stored line's
 * unit taxable value and rate under the invoice's regime, as the note was posted. Null when the
 * order has no load or its load no tax invoice.
 */
export async function productRemovalLines(
  db: DbOrTx,
  userId: number,
  poid: string,
): Promise<{ loadId: number; regime: TaxRegime; lines: RemovedLine[] } | null> {
  const lines = await linesOfOrders(db, userId, [poid]);
  const loadId = lines[0]?.loadId;
  if (!loadId) return null;
  const invoice = await taxInvoiceLinesOfLoad(db, loadId);
  if (!invoice.taxRegime) return null;
  const regime = taxRegimeFrom(invoice.taxRegime);
  const removed = invoice.lines.flatMap((s) => {
    const line = lines.find((l) => l.poid === poid && l.productId === s.productId);
    const quantity = line && s.poid === poid ? s.quantity - (line.deliveredQuantity ?? s.quantity) : 0;
    return line && quantity > 0
      ? [{ poid, productId: s.productId, quantity, tax: storedLineAt(line, quantity, regime) }]
      : [];
  });
  return { loadId, regime, lines: removed };
}

/**
 * What each partner owes on a day by age (0–30, 31–60, 61–90, 91–180, 180+ days), both ledger
 * accounts together, each account's credits settling its oldest debits first; only partners who owe.
 */
export async function receivablesByAge(
  db: DbOrTx,
  today: string,
): Promise<{ userId: number; buckets: Record<AgeingBucketKey, bigint>; oldestDays: number }[]> {
  const { debits, credits } = await receivableEntries(db, today);
  const accountKey = (userId: number, account: number) => `${userId}:${account}`;
  const debitsOf = new Map<string, { day: string; amount: bigint }[]>();
  for (const d of debits) {
    const key = accountKey(Number(d.user_id), Number(d.ledger_account));
    const list = debitsOf.get(key) ?? [];
    list.push({ day: d.day, amount: toPaise(d.amount) });
    debitsOf.set(key, list);
  }
  const byPartner = new Map<number, { buckets: Record<AgeingBucketKey, bigint>; oldestDays: number }>();
  for (const c of credits) {
    const userId = Number(c.user_id);
    const accountDebits = debitsOf.get(accountKey(userId, Number(c.ledger_account))) ?? [];
    const totalCredits = toPaise(c.credits);
    const open = openDebits(accountDebits, totalCredits, today);
    if (open.length === 0) continue;
    const buckets = ageingBuckets(accountDebits, totalCredits, today);
    const partner = byPartner.get(userId);
    const oldestDays = Math.max(...open.map((d) => d.ageDays));
    if (!partner) {
      byPartner.set(userId, { buckets, oldestDays });
      continue;
    }
    for (const b of AGEING_BUCKETS) partner.buckets[b.key] += buckets[b.key];
    partner.oldestDays = Math.max(partner.oldestDays, oldestDays);
  }
  return [...byPartner].map(([userId, p]) => ({ userId, ...p }));
}
export { postPayments, postSalesInvoices } from "./batch";
export {
  createStatementMail,
  MONTHLY_STATEMENT_JOB,
  STATEMENT_MAIL_JOB,
  type StatementMail,
} from "./statement-mail";
