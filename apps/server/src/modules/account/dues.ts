/**
 * What a partner's tax invoices are paid: the ledger's journal of each ledger account under the
 * domain's allocation rule (`settleOldestFirst`: payments and credit notes settle the oldest debit
 * first). Read only, through the ledger's public face.
 */
import type { AccountDues } from "@portal/contracts";
import {
  type InvoicePaymentStatus,
  type Paise,
  paiseToDecimal,
  settleOldestFirst,
  sumPaise,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { accountJournal } from "../ledger/public";

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
}

const LEDGER_ACCOUNTS = [1, 2] as const;

/** The partner's invoices' payment status and amounts due, and what the ledger says is owed. */
export async function partnerDues(db: DbOrTx, userId: number): Promise<PartnerDues> {
  const invoices = new Map<number, InvoiceDue>();
  let outstanding = 0n;
  let invoicesDue = 0n;
  let otherDue = 0n;
  let advance = 0n;
  for (const ledgerAccount of LEDGER_ACCOUNTS) {
    const journal = await accountJournal(db, userId, ledgerAccount);
    const debits = journal
      .filter((e) => toPaise(e.debit) > 0n)
      .map((e) => ({ entry: e, amount: toPaise(e.debit) }));
    const credits = sumPaise(journal.map((e) => toPaise(e.credit)));
    const settled = settleOldestFirst(debits, credits);
    outstanding += sumPaise(debits.map((d) => d.amount)) - credits;
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
  return { invoices, outstanding, invoicesDue, otherDue, advance };
}

export const duesSummary = (d: PartnerDues): AccountDues => ({
  outstanding: paiseToDecimal(d.outstanding),
  invoicesDue: paiseToDecimal(d.invoicesDue),
  otherDue: paiseToDecimal(d.otherDue),
  advance: paiseToDecimal(d.advance),
});
