/** What other modules may use of the ledger: post entries inside their own transaction, read balances. */

import { AGEING_BUCKETS, type AgeingBucketKey, ageingBuckets, openDebits, toPaise } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { balance, entries, receivableEntries } from "./repo";

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
export {
  createStatementMail,
  MONTHLY_STATEMENT_JOB,
  STATEMENT_MAIL_JOB,
  type StatementMail,
} from "./statement-mail";
