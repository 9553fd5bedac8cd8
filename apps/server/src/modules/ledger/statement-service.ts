/**
 * The partner's ledger: the statement (opening balance recomputed from the journal, running and
 * closing balances), the account types and the balance, with the details behind each entry
 * (entry-details.ts) and the lists by financial year (year-lists.ts). A partner only ever reaches
 * their own (404 otherwise), and only with enableLedger (403).
 */
import type { GetLedgerBody, LedgerAccType, LedgerStatement } from "@portal/contracts";
import {
  balanceText,
  checkLedgerRange,
  closingBalanceOf,
  LEDGER_AGEING_BUCKETS,
  ledgerAgeing,
  runningBalances,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { cachedPdf } from "../../lib/pdf-cache";
import { createEntryDetails } from "./entry-details";
import * as journal from "./repo";
import { statementDocument } from "./statement-pdf";
import * as repo from "./statement-repo";
import { accTypeNameOf, createStatementAccess, type LedgerCaller, money, toEntry } from "./statement-views";
import { createYearLists } from "./year-lists";

export type { LedgerCaller, LedgerYearListing } from "./statement-views";

export function createStatementService(deps: { db: DbOrTx; now?: () => Date }) {
  const access = createStatementAccess(deps);
  const { db, today, allowed } = access;

  return {
    /**
     * The statement's PDF, rendered once per version of what it prints (`lib/pdf-cache.ts`): the
     * period, every entry to the journal's last, the balances and the ageing as of today are all in
     * it, so a new entry or another day's ageing is a new version.
     */
    pdf: (statement: LedgerStatement, partner: { name: string; email: string }): Promise<Buffer> =>
      cachedPdf(db, statementDocument(statement, partner)),
    /**
     * The statement: opening balance first, then each entry with its running balance. A voucher
     * type filter keeps only its entries (with their true running balance); the opening and closing
     * balances stay those of every entry, and `otherEntries` holds what the filter left out.
     */
    async statement(caller: LedgerCaller, body: GetLedgerBody): Promise<LedgerStatement> {
      allowed(caller);
      const range = checkLedgerRange({ from: body.fromDate, to: body.toDate }, today());
      if (!range.ok) throw new AppError(range.status, range.message);
      const account = body.ledgerAccount;
      const voucherType = body.voucherType || null;
      // Every entry up to the last day: the opening balance, the range's rows and the ageing read it.
      const all = await journal.entries(db, caller.id, account, { to: range.to });
      const before = all.filter((r) => r.entryDate < range.from);
      const rows = all.filter((r) => r.entryDate >= range.from);
      const opening = before.reduce((s, r) => s + toPaise(r.debit) - toPaise(r.credit), 0n);
      const moves = rows.map((r) => ({
        day: r.entryDate,
        debit: toPaise(r.debit),
        credit: toPaise(r.credit),
      }));
      const running = runningBalances(opening, moves);
      const closing = closingBalanceOf(opening, moves);
      const openingShown = balanceText(opening);
      const closingShown = balanceText(closing);
      const kept = rows.flatMap((r, i) => (!voucherType || r.voucherType === voucherType ? [i] : []));
      const keptSet = new Set(kept);
      const sum = (indexes: number[], side: "debit" | "credit") =>
        indexes.reduce((s, i) => s + (moves[i]?.[side] ?? 0n), 0n);
      const others = moves.flatMap((_, i) => (keptSet.has(i) ? [] : [i]));
      const ageing = ledgerAgeing(
        all.filter((r) => toPaise(r.debit) > 0n).map((r) => ({ day: r.entryDate, amount: toPaise(r.debit) })),
        all.reduce((s, r) => s + toPaise(r.credit), 0n),
        range.to,
      );
      return {
        ledgerAccount: account,
        accTypeName: accTypeNameOf(account),
        fromDate: range.from,
        toDate: range.to,
        ledger: [
          { openingBalance: openingShown.amount, crdrOpeningBalance: openingShown.side },
          ...kept.map((i) => {
            const r = rows[i] as (typeof rows)[number];
            const b = balanceText(running[i] ?? opening);
            return { ...toEntry(r), balance: b.amount, crdrBalance: b.side };
          }),
        ],
        totalDebit: money(sum(kept, "debit")),
        totalCredit: money(sum(kept, "credit")),
        closingBalance: closingShown.amount,
        crdrClosingBalance: closingShown.side,
        voucherType,
        otherEntries: {
          count: others.length,
          debit: money(sum(others, "debit")),
          credit: money(sum(others, "credit")),
        },
        ageing: {
          asOf: range.to,
          outstanding: money(ageing.outstanding),
          buckets: LEDGER_AGEING_BUCKETS.map((b) => ({
            key: b.key,
            label: b.label,
            amount: money(ageing.buckets[b.key]),
          })),
        },
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
