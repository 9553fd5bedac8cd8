/**
 * The reconciliation report's checks (order → load → invoice → ledger → payable), each with the
 * sentence staff read for it. Tolerances are zero: amounts agree to the paisa, quantities exactly.
 */
export const RECONCILIATION_KINDS = [
  "order-value",
  "load-quantity",
  "load-value",
  "invoice-quantity",
  "invoice-line-amount",
  "invoice-total",
  "invoice-ledger",
  "payment-ledger",
  "credit-note-ledger",
  "payable-ledger",
  "invoice-series-gap",
  "invoice-series-date",
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_KIND_LABELS: Record<ReconciliationKind, string> = {
  "order-value": "Order value is not its confirmed quantities at its prices",
  "load-quantity": "Load quantity is not what its orders confirmed",
  "load-value": "Load value is not its lines at the orders' prices",
  "invoice-quantity": "Invoice quantity is not the load's",
  "invoice-line-amount": "Invoice line is not taxable + tax",
  "invoice-total": "Invoice total is not its lines + shipping charge",
  "invoice-ledger": "Invoice and its ledger debit disagree",
  "payment-ledger": "Payment and its ledger credit disagree",
  "credit-note-ledger": "Credit note and its ledger credit disagree",
  "payable-ledger": "Payable shown is not the ledger balance",
  "invoice-series-gap": "Invoice series has a gap",
  "invoice-series-date": "Invoice number out of date order",
};
