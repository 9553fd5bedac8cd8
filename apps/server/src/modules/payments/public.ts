/** What other modules may use of payments: the kiosk debit-limit rule, read from the ledger. */
import {
  exceedsKioskDebitLimit,
  messages,
  type Paise,
  paiseToDecimal,
  sumPaise,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { partnerBalance } from "../ledger/public";
import { waiting } from "./repo";

/** What the partner's payment confirmations on a ledger account waiting for accounts staff come to. */
export async function awaitingApproval(db: DbOrTx, userId: number, ledgerAccount: number): Promise<Paise> {
  return sumPaise((await waiting(db, userId, ledgerAccount)).map((w) => toPaise(w.amount)));
}

/**
 * The partner's debit balance: debits minus credits of every entry of their ledger (both ledger
 * accounts), as exact decimal text ("5000.00"); negative when in credit.
 */
export async function kioskDebitBalance(db: DbOrTx, userId: number): Promise<string> {
  return paiseToDecimal(await partnerBalance(db, userId));
}

/**
 * Refuses a kiosk order (400 "Your Debit Balance is Greater than 5000") when the partner's debit
 * balance is greater than 5000; call it inside the order's transaction before anything is written.
 */
export async function assertKioskDebitWithinLimit(db: DbOrTx, userId: number): Promise<void> {
  if (exceedsKioskDebitLimit(await kioskDebitBalance(db, userId))) throw badRequest(messages.kioskDebitLimit);
}
export { submitPayments } from "./batch";
export { createPaymentsService } from "./service";
