/**
 * Ledger entries posted many at a time inside one transaction (the network-sized world, issue 32):
 * the same entries as `ledgerPostings.salesInvoice` posts one at a time, appended in one multi-row
 * statement (append-only; an entry whose source posted already is skipped, as there).
 */
import type { DbOrTx } from "../../db/client";
import { assertPeriodOpen } from "../settings/public";
import { type PaymentPosting, paymentEntry, type SalesInvoicePosting, salesInvoiceEntry } from "./postings";
import * as repo from "./repo";

/** The sales entries of many tax invoices, in the order given. */
export async function postSalesInvoices(tx: DbOrTx, items: readonly SalesInvoicePosting[]): Promise<void> {
  await appendAll(tx, items, items.map(salesInvoiceEntry));
}

/** The receipt entries of many approved payments (as `ledgerPostings.payment` posts each), in the order given. */
export async function postPayments(tx: DbOrTx, items: readonly PaymentPosting[]): Promise<void> {
  await appendAll(tx, items, items.map(paymentEntry));
}

/** Appends the entries a thousand at a time, once every day they post on is open. */
async function appendAll(tx: DbOrTx, items: readonly { day: string }[], entries: repo.NewLedgerEntry[]) {
  for (const day of new Set(items.map((e) => e.day))) await assertPeriodOpen(tx, day);
  for (let i = 0; i < entries.length; i += 1000) await repo.append(tx, entries.slice(i, i + 1000));
}
