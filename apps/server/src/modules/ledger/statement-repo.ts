/** Queries of the partner's ledger screens: the journal and the documents its entries refer to. */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  invoices,
  ledgerEntries,
  loads,
  payments,
  purchaseOrderLines,
  purchaseOrders,
  salesReturns,
} from "../../db/schema";

export type EntryRow = typeof ledgerEntries.$inferSelect;

/** The accounts the user has entries on. */
export async function accountsWithEntries(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ account: ledgerEntries.ledgerAccount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return rows.map((r) => r.account);
}

/** One entry of the user's (null when it is not theirs or on another account). */
export async function ownEntry(db: DbOrTx, userId: number, id: number, ledgerAccount?: number) {
  const where = [eq(ledgerEntries.id, id), eq(ledgerEntries.userId, userId)];
  if (ledgerAccount !== undefined) where.push(eq(ledgerEntries.ledgerAccount, ledgerAccount));
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(...where))
    .limit(1);
  return row ?? null;
}

/** The user's entries of some kinds (by what wrote them) between two days, oldest first. */
export async function entriesOfKinds(
  db: DbOrTx,
  userId: number,
  ledgerAccount: number,
  kinds: readonly string[],
  range: { from: string; to: string },
) {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.ledgerAccount, ledgerAccount),
        inArray(ledgerEntries.sourceKind, [...kinds]),
        gte(ledgerEntries.entryDate, range.from),
        lte(ledgerEntries.entryDate, range.to),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

/** Debits and credits up to a day, for the ageing detail (oldest first). */
export async function movementsUpTo(db: DbOrTx, userId: number, ledgerAccount: number, upTo: string) {
  return db
    .select({
      id: ledgerEntries.id,
      entryDate: ledgerEntries.entryDate,
      voucherNumber: ledgerEntries.voucherNumber,
      debit: ledgerEntries.debit,
      credit: ledgerEntries.credit,
      sourceKind: ledgerEntries.sourceKind,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.ledgerAccount, ledgerAccount),
        lte(ledgerEntries.entryDate, upTo),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

export async function ownLoad(db: DbOrTx, userId: number, loadId: number) {
  const [row] = await db
    .select()
    .from(loads)
    .where(and(eq(loads.id, loadId), eq(loads.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function taxInvoiceOfLoad(db: DbOrTx, loadId: number) {
  const [row] = await db
    .select({ id: invoices.id, number: invoices.number, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.loadId, loadId), eq(invoices.kind, "TAX INVOICE")))
    .limit(1);
  return row ?? null;
}

export async function ownInvoice(db: DbOrTx, userId: number, invoiceId: number) {
  const [row] = await db
    .select({ id: invoices.id, loadId: invoices.loadId })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function ordersOfLoad(db: DbOrTx, userId: number, loadId: number) {
  return db
    .select({
      poid: purchaseOrders.poid,
      status: purchaseOrders.status,
      createdAt: purchaseOrders.createdAt,
      shippedAt: purchaseOrders.shippedAt,
      deliveredAt: purchaseOrders.deliveredAt,
      totalQuantity: purchaseOrders.totalQuantity,
      netPayment: purchaseOrders.netPayment,
      gapReport: purchaseOrders.gapReport,
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.loadId, loadId), eq(purchaseOrders.userId, userId)))
    .orderBy(asc(purchaseOrders.poid));
}

/** Lines of the user's orders, with the shipping of the load each order went in. */
export async function linesOfOrders(db: DbOrTx, userId: number, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return db
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      productName: purchaseOrderLines.productName,
      quantity: purchaseOrderLines.quantity,
      deliveredQuantity: purchaseOrderLines.deliveredQuantity,
      actualPrice: purchaseOrderLines.actualPrice,
      baseCost: purchaseOrderLines.baseCost,
      gstRate: purchaseOrderLines.gstRate,
      loadId: purchaseOrders.loadId,
      shippingDate: loads.actualShippingDate,
      shippingState: purchaseOrders.shippingState,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .leftJoin(loads, eq(loads.id, purchaseOrders.loadId))
    .where(and(eq(purchaseOrders.userId, userId), inArray(purchaseOrderLines.poid, [...poids])))
    .orderBy(asc(purchaseOrderLines.id));
}

export async function ownSalesReturn(
  db: DbOrTx,
  userId: number,
  by: { id: number } | { referenceId: string },
) {
  const [row] = await db
    .select()
    .from(salesReturns)
    .where(
      and(
        eq(salesReturns.userId, userId),
        "id" in by ? eq(salesReturns.id, by.id) : eq(salesReturns.referenceId, by.referenceId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function ownPayment(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's orders shipped (invoiced) on an account between two India days, with their tax invoice. */
export async function ordersInvoicedBetween(
  db: DbOrTx,
  userId: number,
  ledgerAccount: number,
  range: { from: string; to: string },
) {
  return db
    .select({
      poid: purchaseOrders.poid,
      loadId: purchaseOrders.loadId,
      status: purchaseOrders.status,
      netPayment: purchaseOrders.netPayment,
      shippingCharge: purchaseOrders.shippingChargeAmount,
      shippedDate: loads.actualShippingDate,
      invoiceNumber: invoices.number,
    })
    .from(purchaseOrders)
    .innerJoin(loads, eq(loads.id, purchaseOrders.loadId))
    .leftJoin(invoices, and(eq(invoices.loadId, loads.id), eq(invoices.kind, "TAX INVOICE")))
    .where(
      and(
        eq(purchaseOrders.userId, userId),
        eq(purchaseOrders.ledgerAccount, ledgerAccount),
        sql`${loads.actualShippingDate} IS NOT NULL`,
        gte(loads.actualShippingDate, range.from),
        lte(loads.actualShippingDate, range.to),
      ),
    )
    .orderBy(asc(loads.actualShippingDate), asc(purchaseOrders.poid));
}

/** Tax totals of invoices, from their stored documents. */
export async function invoiceTotals(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, InvoiceTotals>();
  const rows = await db
    .select({ id: invoices.id, totals: sql<InvoiceTotals>`${invoices.document} -> 'totals'` })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.totals]));
}
/** The totals of sales returns' credit notes (returns raised from an invoice, once approved), by return id. */
export async function srCreditNoteTotals(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, InvoiceTotals>();
  const rows = await db
    .select({
      id: salesReturns.id,
      totals: sql<InvoiceTotals | null>`${salesReturns.creditNote} -> 'totals'`,
    })
    .from(salesReturns)
    .where(inArray(salesReturns.id, [...ids]));
  return new Map(rows.flatMap((r) => (r.totals ? [[r.id, r.totals] as const] : [])));
}
export interface InvoiceTotals {
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  vat: string;
  total: string;
}

/** The lines of a load's tax invoice as shipped (stored in the invoice document). */
export async function shippedLinesOfLoad(db: DbOrTx, loadId: number) {
  return (await taxInvoiceLinesOfLoad(db, loadId)).lines;
}

/** The load's tax invoice: its regime and its lines (what shipped). */
export async function taxInvoiceLinesOfLoad(db: DbOrTx, loadId: number) {
  const [row] = await db
    .select({ taxRegime: invoices.taxRegime, lines: sql<ShippedLine[]>`${invoices.document} -> 'lines'` })
    .from(invoices)
    .where(and(eq(invoices.loadId, loadId), eq(invoices.kind, "TAX INVOICE")))
    .limit(1);
  return { taxRegime: row?.taxRegime ?? null, lines: row?.lines ?? [] };
}
export interface ShippedLine {
  poid: string;
  productId: number;
  name: string;
  quantity: number;
  actualPrice: string;
}
