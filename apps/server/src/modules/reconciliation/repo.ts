/**
 * Read-only queries of the reconciliation report over the other areas' tables (orders, loads,
 * invoices, ledger, payments, sales returns): it reads the stored documents as they are, and never
 * writes. Everything is read at once, in key order, so the report is the same on PGlite and PostgreSQL.
 */
import { TAX_INVOICE } from "@portal/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  invoices,
  ledgerEntries,
  loads,
  payments,
  purchaseOrderLines,
  purchaseOrders,
  salesReturns,
  users,
} from "../../db/schema";

export async function orders(db: DbOrTx) {
  return db
    .select({
      poid: purchaseOrders.poid,
      userId: purchaseOrders.userId,
      ledgerAccount: purchaseOrders.ledgerAccount,
      status: purchaseOrders.status,
      netPayment: purchaseOrders.netPayment,
      loadId: purchaseOrders.loadId,
    })
    .from(purchaseOrders)
    .orderBy(asc(purchaseOrders.poid));
}

export async function orderLines(db: DbOrTx) {
  return db
    .select({
      id: purchaseOrderLines.id,
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      orderedQuantity: purchaseOrderLines.orderedQuantity,
      quantity: purchaseOrderLines.quantity,
      deliveredQuantity: purchaseOrderLines.deliveredQuantity,
      actualPrice: purchaseOrderLines.actualPrice,
      baseCost: purchaseOrderLines.baseCost,
      gstRate: purchaseOrderLines.gstRate,
    })
    .from(purchaseOrderLines)
    .orderBy(asc(purchaseOrderLines.poid), asc(purchaseOrderLines.id));
}

export async function allLoads(db: DbOrTx) {
  return db
    .select({
      id: loads.id,
      userId: loads.userId,
      status: loads.status,
      deliveredAt: loads.deliveredAt,
      totalQuantity: loads.totalQuantity,
      total: loads.total,
    })
    .from(loads)
    .orderBy(asc(loads.id));
}

export async function taxInvoices(db: DbOrTx) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      userId: invoices.userId,
      warehouseId: invoices.warehouseId,
      loadId: invoices.loadId,
      financialYear: invoices.financialYear,
      seq: invoices.seq,
      issuedOn: invoices.issuedOn,
      total: invoices.total,
      document: invoices.document,
    })
    .from(invoices)
    .where(eq(invoices.kind, TAX_INVOICE))
    .orderBy(asc(invoices.id));
}

export async function entries(db: DbOrTx) {
  return db
    .select({
      id: ledgerEntries.id,
      userId: ledgerEntries.userId,
      ledgerAccount: ledgerEntries.ledgerAccount,
      voucherNumber: ledgerEntries.voucherNumber,
      debit: ledgerEntries.debit,
      credit: ledgerEntries.credit,
      sourceKind: ledgerEntries.sourceKind,
      sourceId: ledgerEntries.sourceId,
    })
    .from(ledgerEntries)
    .orderBy(asc(ledgerEntries.id));
}

export async function allPayments(db: DbOrTx) {
  return db
    .select({
      id: payments.id,
      userId: payments.userId,
      ledgerAccount: payments.ledgerAccount,
      referenceId: payments.referenceId,
      totalAmountPaid: payments.totalAmountPaid,
      amountReceived: payments.amountReceived,
      status: payments.status,
    })
    .from(payments)
    .orderBy(asc(payments.id));
}

export async function allSalesReturns(db: DbOrTx) {
  return db
    .select({
      id: salesReturns.id,
      referenceId: salesReturns.referenceId,
      userId: salesReturns.userId,
      ledgerAccount: salesReturns.ledgerAccount,
      status: salesReturns.status,
      amount: salesReturns.amount,
    })
    .from(salesReturns)
    .orderBy(asc(salesReturns.id));
}

export async function partners(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      storeName: users.storeName,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
