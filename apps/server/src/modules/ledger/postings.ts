/** How a tax invoice and an approved payment read in the journal: one place for the one-at-a-time and the batched posting. */
import { VOUCHER_TYPES } from "@portal/domain";
import type * as repo from "./repo";

export interface SalesInvoicePosting {
  userId: number;
  ledgerAccount: number;
  day: string;
  invoiceId: number;
  number: string;
  total: string;
  loadId: number;
  docketNo: string | null;
}

export interface PaymentPosting {
  userId: number;
  ledgerAccount: number;
  day: string;
  paymentId: number;
  referenceId: string;
  amount: string;
  mode: string;
}

/** A sales (tax) invoice debits the partner at shipment. */
export const salesInvoiceEntry = (e: SalesInvoicePosting): repo.NewLedgerEntry => ({
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
});

/** An approved payment credits the partner. */
export const paymentEntry = (e: PaymentPosting): repo.NewLedgerEntry => ({
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
});
