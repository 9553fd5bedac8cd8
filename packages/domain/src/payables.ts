/**
 * What a partner owes and how a payment is judged, written once: which company (and so which ledger
 * account) serves a partner, the open documents of a ledger account (credits settle the oldest debits
 * first, FIFO: `openDebits` in ledger.ts), an invoice's open amount spread over its orders, and the checks of a payment
 * confirmation and of its approval.
 */
import { ALTERNATE_COMPANY, type Company, MAIN_COMPANY } from "./back-office";
import type { Paise } from "./money";
import { ALTERNATE_COMPANY_WINDOW } from "./users";

/**
 * The company that sells to a partner, and the ledger account its orders, invoices, payables and
 * payments sit on: COCO franchises created in the spec's window are served by the alternate company
 * (account 2), everyone else by the main company (account 1). Decided here only.
 */
export function servingCompanyOf(franchise: { concept: string; createdAt: Date } | null | undefined): {
  company: Company;
  ledgerAccount: 1 | 2;
} {
  const alternate =
    franchise?.concept === "COCO" &&
    franchise.createdAt >= ALTERNATE_COMPANY_WINDOW.from &&
    franchise.createdAt < ALTERNATE_COMPANY_WINDOW.to;
  return alternate
    ? { company: ALTERNATE_COMPANY, ledgerAccount: 2 }
    : { company: MAIN_COMPANY, ledgerAccount: 1 };
}

/**
 * An invoice's open amount spread over its orders: each order's part is at most what it was invoiced
 * for, the orders settled first to last as the invoice was, so the parts always add up to the open
 * amount (the last order takes any remainder).
 */
export function openPerOrder(
  open: Paise,
  invoiced: Paise,
  orders: readonly { poid: string; amount: Paise }[],
): { poid: string; open: Paise }[] {
  let before = 0n;
  let paid = invoiced - open;
  return orders
    .map((o, index) => {
      const amount = index === orders.length - 1 ? invoiced - before : o.amount;
      before += amount;
      let settled = paid > 0n ? paid : 0n;
      if (settled > amount) settled = amount;
      paid -= settled;
      return { poid: o.poid, open: amount - settled };
    })
    .filter((p) => p.open > 0n);
}

/** A reference (UTR, cheque number) as it is compared: case and spaces aside. */
export const referenceKeyOf = (referenceId: string) => referenceId.replace(/\s+/g, "").toUpperCase();

/**
 * The amount of a confirmation: at least what the chosen documents come to (the spec's rule), and
 * at most what is owed on the account (balance less payments waiting for approval).
 */
export function paymentAmountProblem(paid: Paise, payable: Paise, owed: Paise): "below" | "above" | null {
  if (paid < payable) return "below";
  if (paid > owed) return "above";
  return null;
}
