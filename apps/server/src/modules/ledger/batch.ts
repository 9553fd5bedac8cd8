/**
 * Ledger entries posted many at a time inside one transaction (the network-sized world, issue 32):
 * the same entries as `ledgerPostings.salesInvoice` posts one at a time, appended in one multi-row
 * statement (append-only; an entry whose source posted already is skipped, as there).
 */
import { VOUCHER_TYPES } from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { assertPeriodOpen } from "../settings/public";
import * as repo from "./repo";

/** The sales entries of many tax invoices, in the order given. */
export async function postSalesInvoices(
  tx: DbOrTx,
  items: readonly {
    userId: number;
    ledgerAccount: number;
    day: string;
    invoiceId: number;
    number: string;
    total: string;
    loadId: number;
    docketNo: string | null;
  }[],
): Promise<void> {
  for (const day of new Set(items.map((e) => e.day))) await assertPeriodOpen(tx, day);
  const entries: repo.NewLedgerEntry[] = items.map((e) => ({
    userId: e.userId,
    ledgerAccount: e.ledgerAccount,
    entryDate: e.day,
    voucherType: VOUCHER_TYPES.sales,
    voucherNumber: e.number,
    debit: e.total,
    credit: "0",
    description: `Sales invoice ${e.number} for load ${e.loadId}`,
    reference: String(e.loadId),
    sourceKind: "invoice",
    sourceId: String(e.invoiceId),
    docketNumber: e.docketNo,
  }));
  for (let i = 0; i < entries.length; i += 1000) await repo.append(tx, entries.slice(i, i + 1000));
}

/** The receipt entries of many approved payments (as `ledgerPostings.payment` posts each), in the order given. */
export async function postPayments(
  tx: DbOrTx,
  items: readonly {
    userId: number;
    ledgerAccount: number;
    day: string;
    paymentId: number;
    referenceId: string;
    amount: string;
    mode: string;
  }[],
): Promise<void> {
  for (const day of new Set(items.map((e) => e.day))) await assertPeriodOpen(tx, day);
  const entries: repo.NewLedgerEntry[] = items.map((e) => ({
    userId: e.userId,
    ledgerAccount: e.ledgerAccount,
    entryDate: e.day,
    voucherType: VOUCHER_TYPES.receipt,
    voucherNumber: e.referenceId,
    debit: "0",
    credit: e.amount,
    description: `Payment received by ${e.mode}, reference ${e.referenceId}`,
    reference: e.referenceId,
    sourceKind: "payment",
    sourceId: String(e.paymentId),
  }));
  for (let i = 0; i < entries.length; i += 1000) await repo.append(tx, entries.slice(i, i + 1000));
}
