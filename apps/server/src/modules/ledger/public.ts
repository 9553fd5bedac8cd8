/** What other modules may use of the ledger: post entries inside their own transaction, read balances. */

import { toPaise } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { balance, entries } from "./repo";

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
