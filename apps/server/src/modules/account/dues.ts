/**
 * What a partner's tax invoices are paid: the ledger's journal of each ledger account under the
 * domain's allocation rule (`settleOldestFirst`: payments and credit notes settle the oldest debit
 * first). Read only, through the ledger's public face.
 */
import type { AccountDues } from "@portal/contracts";
import {
  type InvoicePaymentStatus,
  invoicePaymentStatusOf,
  type Paise,
  paiseToDecimal,
  settleOldestFirst,
  sumPaise,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { accountJournal } from "../ledger/public";
import { awaitingApproval } from "../payments/public";
import { invoiceSettlements } from "./repo";

export interface InvoiceDue {
  invoiceId: number;
  ledgerAccount: number;
  amount: Paise;
  settled: Paise;
  due: Paise;
  status: InvoicePaymentStatus;
}

export interface PartnerDues {
  /** Each tax invoice's figures, by invoice id. */
  invoices: Map<number, InvoiceDue>;
  /** Figures of the whole account (both ledger accounts), in paise. */
  outstanding: Paise;
  invoicesDue: Paise;
  otherDue: Paise;
  advance: Paise;
  /** The ledger balance of each ledger account (debits less credits). */
  balances: Map<number, Paise>;
}

/** What some of the partner's tax invoices are paid (a page's): `PartnerDues.invoices` without the account's totals. */
export interface InvoiceDues {
  invoices: Map<number, InvoiceDue>;
}

/** What the partner's payment confirmations waiting for accounts staff change of what is owed. */
export interface PendingDues {
  /** The confirmations still waiting for approval (both ledger accounts). */
  awaitingApproval: Paise;
  /** What is owed once they are approved: per ledger account its balance less its waiting confirmations, never below 0. */
  owedAfterPending: Paise;
}

const LEDGER_ACCOUNTS = [1, 2] as const;

/** The partner's invoices' payment status and amounts due, and what the ledger says is owed. */
export async function partnerDues(db: DbOrTx, userId: number): Promise<PartnerDues> {
  const invoices = new Map<number, InvoiceDue>();
  let outstanding = 0n;
  let invoicesDue = 0n;
  let otherDue = 0n;
  let advance = 0n;
  const balances = new Map<number, Paise>();
  for (const ledgerAccount of LEDGER_ACCOUNTS) {
    const journal = await accountJournal(db, userId, ledgerAccount);
    const debits = journal
      .filter((e) => toPaise(e.debit) > 0n)
      .map((e) => ({ entry: e, amount: toPaise(e.debit) }));
    const credits = sumPaise(journal.map((e) => toPaise(e.credit)));
    const settled = settleOldestFirst(debits, credits);
    const balance = sumPaise(debits.map((d) => d.amount)) - credits;
    balances.set(ledgerAccount, balance);
    outstanding += balance;
    advance += settled.unapplied;
    for (const d of settled.debits) {
      if (d.entry.sourceKind !== "invoice") {
        otherDue += d.due;
        continue;
      }
      invoicesDue += d.due;
      const invoiceId = Number(d.entry.sourceId);
      invoices.set(invoiceId, {
        invoiceId,
        ledgerAccount,
        amount: d.amount,
        settled: d.settled,
        due: d.due,
        status: d.status,
      });
    }
  }
  return { invoices, outstanding, invoicesDue, otherDue, advance, balances };
}

/**
 * What some tax invoices are paid, the figures `partnerDues` gives them, computed by the database
 * over the account's sums and the journal from the earliest of them on (`invoiceSettlements`), not
 * by reading the whole journal: what a history, load or invoice page needs for its rows.
 */
export async function invoiceDues(
  db: DbOrTx,
  userId: number,
  invoiceIds: readonly number[],
): Promise<InvoiceDues> {
  return duesOfSettlements(await invoiceSettlements(db, userId, [...new Set(invoiceIds)]));
}

/** The dues of settled invoices (`invoiceSettlements`' rows, or the history page's own). */
export function duesOfSettlements(
  rows: readonly { invoiceId: number; ledgerAccount: number; amount: string; settled: string }[],
): InvoiceDues {
  const invoices = new Map<number, InvoiceDue>();
  for (const r of rows) {
    const amount = toPaise(r.amount);
    const settled = toPaise(r.settled);
    const due = amount - settled;
    invoices.set(r.invoiceId, {
      invoiceId: r.invoiceId,
      ledgerAccount: r.ledgerAccount,
      amount,
      settled,
      due,
      status: invoicePaymentStatusOf(amount, due),
    });
  }
  return { invoices };
}

/**
 * The payments awaiting approval beside the dues: not taken off the ledger balance (a sum of its
 * entries), but what remains owed once they are approved (as Confirm Payment's payable, per account).
 */
export async function pendingDues(db: DbOrTx, userId: number, dues: PartnerDues): Promise<PendingDues> {
  let waitingTotal = 0n;
  let owedAfterPending = 0n;
  for (const ledgerAccount of LEDGER_ACCOUNTS) {
    const waiting = await awaitingApproval(db, userId, ledgerAccount);
    const left = (dues.balances.get(ledgerAccount) ?? 0n) - waiting;
    waitingTotal += waiting;
    owedAfterPending += left > 0n ? left : 0n;
  }
  return { awaitingApproval: waitingTotal, owedAfterPending };
}

export const duesSummary = (d: PartnerDues, pending: PendingDues): AccountDues => ({
  outstanding: paiseToDecimal(d.outstanding),
  invoicesDue: paiseToDecimal(d.invoicesDue),
  otherDue: paiseToDecimal(d.otherDue),
  advance: paiseToDecimal(d.advance),
  awaitingApproval: paiseToDecimal(pending.awaitingApproval),
  owedAfterPending: paiseToDecimal(pending.owedAfterPending),
});
