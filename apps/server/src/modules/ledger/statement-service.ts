/**
 * The partner's ledger: the statement (opening balance recomputed from the journal, running and
 * closing balances), the account types and the balance, with the details behind each entry
 * (entry-details.ts) and the lists by financial year (year-lists.ts). A partner only ever reaches
 * their own (404 otherwise), and only with enableLedger (403).
 */
import type { GetLedgerBody, LedgerAccType, LedgerStatement } from "@portal/contracts";
import { balanceText, checkLedgerRange, closingBalanceOf, runningBalances, toPaise } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { createEntryDetails } from "./entry-details";
import * as journal from "./repo";
import * as repo from "./statement-repo";
import { accTypeNameOf, createStatementAccess, type LedgerCaller, money, toEntry } from "./statement-views";
import { createYearLists } from "./year-lists";

export type { LedgerCaller, LedgerYearListing } from "./statement-views";

export function createStatementService(deps: { db: DbOrTx; now?: () => Date }) {
  const access = createStatementAccess(deps);
  const { db, today, allowed } = access;

  return {
    /** The statement: opening balance first, then each entry with its running balance. */
    async statement(caller: LedgerCaller, body: GetLedgerBody): Promise<LedgerStatement> {
      allowed(caller);
      const range = checkLedgerRange({ from: body.fromDate, to: body.toDate }, today());
      if (!range.ok) throw new AppError(range.status, range.message);
      const account = body.ledgerAccount;
      const [rows, openingText] = await Promise.all([
        journal.entries(db, caller.id, account, range),
        journal.balance(db, caller.id, account, { before: range.from }),
      ]);
      const opening = toPaise(openingText);
      const moves = rows.map((r) => ({
        day: r.entryDate,
        debit: toPaise(r.debit),
        credit: toPaise(r.credit),
      }));
      const running = runningBalances(opening, moves);
      const closing = closingBalanceOf(opening, moves);
      const openingShown = balanceText(opening);
      const closingShown = balanceText(closing);
      return {
        ledgerAccount: account,
        accTypeName: accTypeNameOf(account),
        fromDate: range.from,
        toDate: range.to,
        ledger: [
          { openingBalance: openingShown.amount, crdrOpeningBalance: openingShown.side },
          ...rows.map((r, i) => {
            const b = balanceText(running[i] ?? opening);
            return { ...toEntry(r), balance: b.amount, crdrBalance: b.side };
          }),
        ],
        totalDebit: money(moves.reduce((s, m) => s + m.debit, 0n)),
        totalCredit: money(moves.reduce((s, m) => s + m.credit, 0n)),
        closingBalance: closingShown.amount,
        crdrClosingBalance: closingShown.side,
      };
    },

    async accTypes(caller: LedgerCaller): Promise<LedgerAccType[]> {
      allowed(caller);
      const used = await repo.accountsWithEntries(db, caller.id);
      return [1, 2].map((account) => ({
        ledgerAccount: account,
        accTypeName: accTypeNameOf(account),
        hasEntries: used.includes(account),
      }));
    },

    ...createEntryDetails(access),
    ...createYearLists(access),

    /** The partner's balance on an account now (debit minus credit, paise; positive: the partner owes). */
    async balance(userId: number, ledgerAccount: number): Promise<bigint> {
      return toPaise(await journal.balance(db, userId, ledgerAccount, { upTo: today() }));
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;
