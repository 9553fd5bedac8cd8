/** GSTR-1's queries: a month's tax invoices and credit/debit notes of one issuing company, as stored. */
import type { Invoice } from "@portal/contracts";
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  invoices,
  ledgerEntries,
  purchaseOrderLines,
  purchaseOrders,
  salesReturns,
  users,
} from "../../db/schema";

/** A stored tax invoice line (the invoice's `document.lines`, the printed invoice's). */
export type StoredInvoiceLine = Invoice["lines"][number];
/** A stored tax invoice's shipping charge (`document.shippingCharge`). */
export type StoredShippingCharge = NonNullable<Invoice["shippingCharge"]>;

/** The month's tax invoices of a company (by the company letter of their number) with the buyer's GSTIN the invoice recorded at issue. */
export function taxInvoices(db: DbOrTx, companyLetter: string, from: string, to: string) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      taxRegime: invoices.taxRegime,
      total: invoices.total,
      shipState: sql<string | null>`${invoices.document} -> 'partner' ->> 'shipState'`,
      lines: sql<StoredInvoiceLine[]>`${invoices.document} -> 'lines'`,
      shippingCharge: sql<StoredShippingCharge | null>`${invoices.document} -> 'shippingCharge'`,
      partnerGstin: invoices.buyerGstin,
      partnerState: users.state,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(
      and(
        eq(invoices.kind, "TAX INVOICE"),
        gte(invoices.issuedOn, from),
        lte(invoices.issuedOn, to),
        sql`substr(${invoices.number}, 2, 1) = ${companyLetter}`,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
}

/** The month's credit and debit notes on a ledger account, with the partner's GSTIN and state. */
export function notes(db: DbOrTx, ledgerAccount: number, from: string, to: string) {
  return db
    .select({
      entry: ledgerEntries,
      partnerGstin: users.gstin,
      partnerState: users.state,
    })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .where(
      and(
        eq(ledgerEntries.ledgerAccount, ledgerAccount),
        gte(ledgerEntries.entryDate, from),
        lte(ledgerEntries.entryDate, to),
        isNotNull(ledgerEntries.noteType),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

/** The month's journal on a ledger account (what the totals test adds up). */
export function journal(db: DbOrTx, ledgerAccount: number, from: string, to: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.ledgerAccount, ledgerAccount),
        gte(ledgerEntries.entryDate, from),
        lte(ledgerEntries.entryDate, to),
      ),
    );
}

/** Sales returns' credit notes and the place of supply of the invoice each reverses. */
export async function salesReturnNotes(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: salesReturns.id,
      creditNote: salesReturns.creditNote,
      shipState: sql<string | null>`${invoices.document} -> 'partner' ->> 'shipState'`,
    })
    .from(salesReturns)
    .leftJoin(invoices, eq(invoices.id, salesReturns.invoiceId))
    .where(inArray(salesReturns.id, [...ids]));
}

/** The lines of orders (unit facts and delivered quantities) and their loads' tax invoices. */
export async function ordersWithTaxInvoices(db: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return { lines: [], invoices: [] };
  const lines = await db
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      hsnCode: purchaseOrderLines.hsnCode,
      baseCost: purchaseOrderLines.baseCost,
      gstRate: purchaseOrderLines.gstRate,
      deliveredQuantity: purchaseOrderLines.deliveredQuantity,
      loadId: purchaseOrders.loadId,
      shippingState: purchaseOrders.shippingState,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(inArray(purchaseOrderLines.poid, [...poids]));
  const loadIds = [...new Set(lines.flatMap((l) => (l.loadId ? [l.loadId] : [])))];
  const taxInvoicesOfLoads =
    loadIds.length === 0
      ? []
      : await db
          .select({
            loadId: invoices.loadId,
            taxRegime: invoices.taxRegime,
            lines: sql<StoredInvoiceLine[]>`${invoices.document} -> 'lines'`,
          })
          .from(invoices)
          .where(and(eq(invoices.kind, "TAX INVOICE"), inArray(invoices.loadId, loadIds)));
  return { lines, invoices: taxInvoicesOfLoads };
}
