/** The stored documents an e-invoice is built from, with their warehouse and partner; the e-invoice rows. */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { einvoices, invoices, ledgerEntries, salesReturns, users, warehouses } from "../../db/schema";

const partnerColumns = {
  id: users.id,
  email: users.email,
  storeName: users.storeName,
  firstname: users.firstname,
  lastname: users.lastname,
  gstin: users.gstin,
  address: users.address,
  shippingAddress1: users.shippingAddress1,
  shippingCity: users.shippingCity,
  pincode: users.pincode,
  state: users.state,
  shippingState: users.shippingState,
};

function invoicesWithPlaces(db: DbOrTx) {
  return db
    .select({ invoice: invoices, warehouse: warehouses, partner: partnerColumns })
    .from(invoices)
    .innerJoin(warehouses, eq(warehouses.id, invoices.warehouseId))
    .innerJoin(users, eq(users.id, invoices.userId));
}

/** One invoice with its warehouse and partner, or null. */
export async function invoiceById(db: DbOrTx, id: number) {
  const rows = await invoicesWithPlaces(db).where(eq(invoices.id, id)).limit(1);
  return rows[0] ?? null;
}

/** One invoice by its number with its warehouse and partner, or null. */
export async function invoiceByNumber(db: DbOrTx, number: string) {
  const rows = await invoicesWithPlaces(db).where(eq(invoices.number, number)).limit(1);
  return rows[0] ?? null;
}

/** Every tax invoice, oldest first, with its warehouse and partner. */
export function taxInvoices(db: DbOrTx) {
  return invoicesWithPlaces(db)
    .where(eq(invoices.kind, "TAX INVOICE"))
    .orderBy(asc(invoices.issuedOn), asc(invoices.id));
}

function notesWithPlaces(db: DbOrTx) {
  return db
    .select({ salesReturn: salesReturns, warehouse: warehouses, partner: partnerColumns })
    .from(salesReturns)
    .innerJoin(warehouses, eq(warehouses.id, salesReturns.warehouseId))
    .innerJoin(users, eq(users.id, salesReturns.userId));
}

/** Every sales return with a credit note issued. */
export function creditNotes(db: DbOrTx) {
  return notesWithPlaces(db).where(isNotNull(salesReturns.creditNote)).orderBy(asc(salesReturns.id));
}

/** The sales return whose credit note has this number, or null. */
export async function creditNoteByNumber(db: DbOrTx, number: string) {
  const rows = await notesWithPlaces(db).where(eq(salesReturns.creditNoteNumber, number)).limit(1);
  return rows[0] ?? null;
}

/**
 * The journal's own notes, which no other document stands behind: staff notes (courier expenses,
 * corrections) and ageing notes, all numbered from the head office's D and C series. Sales-return
 * and product-removal credit notes are not among them.
 */
export const LEDGER_ONLY_NOTE_SOURCES = ["courier", "correction", "ageing"] as const;

function ledgerNotesWithPartner(db: DbOrTx) {
  return db
    .select({ entry: ledgerEntries, partner: partnerColumns })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .$dynamic();
}

/** Every ledger-only note with its partner, oldest first. */
export function ledgerNotes(db: DbOrTx) {
  return ledgerNotesWithPartner(db)
    .where(inArray(ledgerEntries.sourceKind, [...LEDGER_ONLY_NOTE_SOURCES]))
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

/** The ledger-only note of a voucher type with this number, or null. */
export async function ledgerNoteByNumber(db: DbOrTx, voucherType: string, number: string) {
  const rows = await ledgerNotesWithPartner(db)
    .where(
      and(
        inArray(ledgerEntries.sourceKind, [...LEDGER_ONLY_NOTE_SOURCES]),
        eq(ledgerEntries.voucherType, voucherType),
        eq(ledgerEntries.voucherNumber, number),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The product-removal credit notes of short deliveries: the journal's order-cancel credit notes that
 * reverse goods (no SAC), with their partner, oldest first.
 */
const productRemovalNote = and(eq(ledgerEntries.sourceKind, "order-cancel"), isNull(ledgerEntries.sacCode));

export function productRemovalNotes(db: DbOrTx) {
  return ledgerNotesWithPartner(db)
    .where(productRemovalNote)
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

/** The product-removal credit note with this number, or null. */
export async function productRemovalNoteByNumber(db: DbOrTx, number: string) {
  const rows = await ledgerNotesWithPartner(db)
    .where(and(productRemovalNote, eq(ledgerEntries.voucherNumber, number)))
    .limit(1);
  return rows[0] ?? null;
}

/** The tax invoices of loads, with their warehouse and partner (the invoices product-removal notes reverse). */
export function taxInvoicesOfLoads(db: DbOrTx, loadIds: readonly number[]) {
  if (loadIds.length === 0) return Promise.resolve([]);
  return invoicesWithPlaces(db).where(
    and(eq(invoices.kind, "TAX INVOICE"), inArray(invoices.loadId, [...new Set(loadIds)])),
  );
}

/** Tax invoices by number (the invoices credit notes refer to). */
export function invoicesByNumber(db: DbOrTx, numbers: readonly string[]) {
  const wanted = numbers.filter((n) => n !== "");
  if (wanted.length === 0) return Promise.resolve([]);
  return db.select().from(invoices).where(inArray(invoices.number, wanted));
}

/** The e-invoice rows of documents ("type|number" keys), or every row when keys is null. */
export function einvoiceRows(db: DbOrTx, keys: readonly string[] | null) {
  const query = db.select().from(einvoices);
  if (keys === null) return query;
  if (keys.length === 0) return Promise.resolve([]);
  return query.where(inArray(sql`${einvoices.docType} || '|' || ${einvoices.docNumber}`, [...keys]));
}

export type EinvoiceOutcome =
  | { state: "registered"; irn: string; ackNo: string; ackAt: Date; signedQr: string }
  | { state: "failed"; errorCode: string; errorMessage: string };

/**
 * Writes a registration attempt's outcome: the document's row is made or updated in one statement,
 * and a registered row is never overwritten (two instances racing both end registered, once).
 */
export async function saveOutcome(
  db: DbOrTx,
  doc: { docType: string; docNumber: string; docDay: string; userId: number; invoiceId: number | null },
  outcome: EinvoiceOutcome,
  actorId: number,
  at: Date,
) {
  const columns =
    outcome.state === "registered"
      ? { ...outcome, errorCode: null, errorMessage: null, registeredAt: at }
      : { ...outcome, irn: null, ackNo: null, ackAt: null, signedQr: null };
  const [row] = await db
    .insert(einvoices)
    .values({ ...doc, ...columns, attempts: 1, updatedAt: at, createdAt: at, updatedBy: actorId })
    .onConflictDoUpdate({
      target: [einvoices.docType, einvoices.docNumber],
      set: { ...columns, attempts: sql`${einvoices.attempts} + 1`, updatedAt: at, updatedBy: actorId },
      setWhere: sql`${einvoices.state} <> 'registered'`,
    })
    .returning();
  if (row) return row;
  const [current] = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.docType, doc.docType), eq(einvoices.docNumber, doc.docNumber)));
  if (!current) throw new Error(`e-invoice row of ${doc.docNumber} vanished`);
  return current;
}

/** Marks a registered row cancelled (only while it is registered); answers the row, or null when it was not. */
export async function markCancelled(db: DbOrTx, id: number, reason: string, actorId: number, at: Date) {
  const [row] = await db
    .update(einvoices)
    .set({ state: "cancelled", cancelReason: reason, cancelledAt: at, updatedAt: at, updatedBy: actorId })
    .where(and(eq(einvoices.id, id), eq(einvoices.state, "registered")))
    .returning();
  return row ?? null;
}
