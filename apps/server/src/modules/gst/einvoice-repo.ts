/** The stored documents an e-invoice is built from, with their warehouse and partner; the e-invoice rows. */
import { VOUCHER_TYPES } from "@portal/domain";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
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

function notesWithPlaces(db: DbOrTx) {
  return db
    .select({ salesReturn: salesReturns, warehouse: warehouses, partner: partnerColumns })
    .from(salesReturns)
    .innerJoin(warehouses, eq(warehouses.id, salesReturns.warehouseId))
    .innerJoin(users, eq(users.id, salesReturns.userId));
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
 * A product-removal credit note of a short delivery: a journal order-cancel credit note that
 * reverses goods (no SAC). (`documentFacts` reads the same rows: source_kind and sac_code.)
 */
const productRemovalNote = and(eq(ledgerEntries.sourceKind, "order-cancel"), isNull(ledgerEntries.sacCode));

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

/**
 * Why a document takes no e-invoice: dated before e-invoicing began, a buyer without GSTIN, a credit
 * note whose invoice is not on record, a ledger note that states no GST. Null: it takes one.
 */
export type NotNeededCode = "before" | "no-gstin" | "no-invoice" | "outside-gst";
/** The four kinds of document on the desk: tax invoice, sales-return note, product-removal note, ledger note. */
export type DocumentKind = "INV" | "SR" | "RM" | "LN";

/** What the desk and each document's e-invoice read of a document, decided in SQL (`documentFacts`). */
export interface DocumentFact {
  kind: DocumentKind;
  /** The source row: invoices.id (INV), sales_returns.id (SR), ledger_entries.id (RM, LN). */
  id: number;
  type: "INV" | "CRN" | "DBN";
  number: string;
  day: string;
  userId: number;
  partnerName: string;
  buyerGstin: string | null;
  invoiceId: number | null;
  reason: NotNeededCode | null;
}

/**
 * `statedNoteTax`'s pattern (packages/domain/src/einvoice-rules.ts) as a PostgreSQL regular
 * expression: a ledger note states its GST when its description ends "(SAC nnnn; taxable x.xx, IGST
 * r% x.xx)" or "(…, CGST r% x.xx + SGST r% x.xx)". Only the verdict (matches or not) is read here;
 * `einvoice-desk.test.ts` holds it to `statedNoteTax`'s verdict over every ledger note of the demo
 * world and the domain's own examples, and building a note's e-invoice throws if the two disagree.
 */
const RUPEES = String.raw`[0-9]+\.[0-9]{2}`;
const PERCENT = String.raw`[0-9]+(?:\.[0-9]+)?%`;
export const STATED_NOTE_TAX_SQL = String.raw`^.* \(SAC [0-9]{4,8}; taxable ${RUPEES}, (?:IGST ${PERCENT} ${RUPEES}|CGST ${PERCENT} ${RUPEES} \+ SGST ${PERCENT} ${RUPEES})\)$`;

/** The buyer's GSTIN as an invoice recorded it at issue (migration 0040), else as its document billed it. */
const invoiceGstin = (alias: string) =>
  sql.raw(
    `coalesce(nullif(${alias}.buyer_gstin, ''), nullif(${alias}.document -> 'partner' ->> 'billingGstNo', ''))`,
  );
const partnerName = sql.raw(`coalesce(u.store_name, u.firstname || ' ' || u.lastname)`);

/**
 * Every document of the e-invoice desk with whether it takes an e-invoice, as one SQL relation: the
 * rules of "not needed" live here ONCE. Both the desk's list (paged, filtered and counted in the
 * database) and each single document's e-invoice (register, cancel, JSON) read their verdict from
 * this relation, so the TypeScript builders in einvoice-service.ts only build what it says is needed.
 * Why SQL rather than a reason stored when the document is made: the verdict depends on rows written
 * later or elsewhere (the credited invoice, a partner's GSTIN), and an old database needs no backfill.
 * Columns: kind, id, type, number, day, user_id, partner_name, buyer_gstin, invoice_id, reason, and
 * kind_rank, src_day (the order documents are listed in within their kind).
 */
export function documentFacts(startDay: string) {
  const reasonOf = (day: SQL, gstin: SQL, hasInvoice: SQL) => sql`CASE
      WHEN ${day} COLLATE "C" < ${startDay} THEN 'before'
      WHEN ${gstin} IS NULL OR ${gstin} = '' THEN 'no-gstin'
      WHEN NOT (${hasInvoice}) THEN 'no-invoice'
    END`;
  const invGstin = invoiceGstin("i");
  const srGstin = sql`CASE WHEN ci.id IS NOT NULL THEN ${invoiceGstin("ci")} ELSE u.gstin END`;
  const srDay = sql`(sr.credit_note ->> 'day')`;
  const rmHas = sql`(le.entry_date::text COLLATE "C" >= ${startDay} AND ri.id IS NOT NULL)`;
  const rmGstin = sql`CASE WHEN ${rmHas} THEN ${invoiceGstin("ri")} ELSE nullif(u.gstin, '') END`;
  return sql`
    SELECT 'INV' AS kind, i.id, 'INV' AS type, i.number, i.issued_on::text AS day, i.user_id,
           ${partnerName} AS partner_name, ${invGstin} AS buyer_gstin, i.id AS invoice_id,
           ${reasonOf(sql`i.issued_on::text`, invGstin, sql`TRUE`)} AS reason,
           1 AS kind_rank, i.issued_on::text AS src_day
      FROM invoices i JOIN users u ON u.id = i.user_id
     WHERE i.kind = 'TAX INVOICE'
    UNION ALL
    SELECT 'SR', sr.id, 'CRN', sr.credit_note ->> 'number', ${srDay}, sr.user_id,
           ${partnerName}, ${srGstin}, ci.id,
           ${reasonOf(srDay, srGstin, sql`ci.id IS NOT NULL`)},
           2, ''
      FROM sales_returns sr JOIN users u ON u.id = sr.user_id
      LEFT JOIN invoices ci ON ci.number = sr.credit_note ->> 'invoiceNumber'
     WHERE jsonb_typeof(sr.credit_note) = 'object'
    UNION ALL
    SELECT 'RM', le.id, 'CRN', le.voucher_number, le.entry_date::text, le.user_id,
           ${partnerName}, ${rmGstin}, CASE WHEN ${rmHas} THEN ri.id END,
           ${reasonOf(sql`le.entry_date::text`, rmGstin, rmHas)},
           3, le.entry_date::text
      FROM ledger_entries le JOIN users u ON u.id = le.user_id
      LEFT JOIN LATERAL (
        SELECT inv.id, inv.buyer_gstin, inv.document
          FROM purchase_orders po
          JOIN invoices inv ON inv.load_id = po.load_id AND inv.kind = 'TAX INVOICE' AND inv.tax_regime <> ''
         WHERE po.poid = coalesce(le.reference, le.source_id) AND po.user_id = le.user_id
           AND EXISTS (SELECT 1 FROM purchase_order_lines l WHERE l.poid = po.poid)
         LIMIT 1
      ) ri ON TRUE
     WHERE le.source_kind = 'order-cancel' AND le.sac_code IS NULL
    UNION ALL
    SELECT 'LN', le.id, CASE WHEN le.voucher_type = ${VOUCHER_TYPES.debitNote} THEN 'DBN' ELSE 'CRN' END,
           le.voucher_number, le.entry_date::text, le.user_id,
           ${partnerName}, nullif(u.gstin, ''), NULL::integer,
           CASE
             WHEN le.entry_date::text COLLATE "C" < ${startDay} THEN 'before'
             WHEN le.description !~ ${STATED_NOTE_TAX_SQL} THEN 'outside-gst'
             WHEN u.gstin IS NULL OR u.gstin = '' THEN 'no-gstin'
           END,
           4, le.entry_date::text
      FROM ledger_entries le JOIN users u ON u.id = le.user_id
     WHERE le.source_kind IN (${sql.join(
       LEDGER_ONLY_NOTE_SOURCES.map((s) => sql`${s}`),
       sql`, `,
     )})`;
}

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

interface FactRow {
  kind: DocumentKind;
  id: number;
  type: DocumentFact["type"];
  number: string;
  day: string;
  user_id: number;
  partner_name: string;
  buyer_gstin: string | null;
  invoice_id: number | null;
  reason: NotNeededCode | null;
}
const toFact = (r: FactRow): DocumentFact => ({
  kind: r.kind,
  id: Number(r.id),
  type: r.type,
  number: r.number,
  day: r.day,
  userId: Number(r.user_id),
  partnerName: r.partner_name,
  buyerGstin: r.buyer_gstin,
  invoiceId: r.invoice_id === null ? null : Number(r.invoice_id),
  reason: r.reason,
});

/** The facts of one document by its kind and source row, or null. */
export async function documentFact(db: DbOrTx, startDay: string, kind: DocumentKind, id: number) {
  const result = await db.execute(
    sql`SELECT * FROM (${documentFacts(startDay)}) f WHERE f.kind = ${kind} AND f.id = ${id}`,
  );
  const [row] = rowsOf<FactRow>(result);
  return row ? toFact(row) : null;
}

/** Every document's facts, by kind, then in its kind's order (oldest first). */
export async function allDocumentFacts(db: DbOrTx, startDay: string) {
  const result = await db.execute(
    sql`SELECT * FROM (${documentFacts(startDay)}) f ORDER BY f.kind_rank, f.src_day COLLATE "C", f.id`,
  );
  return rowsOf<FactRow>(result).map(toFact);
}

/** The desk's documents with their state: "not needed" when a rule says so, else the stored row's, else pending. */
function deskRows(startDay: string) {
  return sql`SELECT f.*, CASE WHEN f.reason IS NOT NULL THEN 'not needed' ELSE coalesce(e.state, 'pending') END AS state,
           e.irn
      FROM (${documentFacts(startDay)}) f
      LEFT JOIN einvoices e ON e.doc_type = f.type AND e.doc_number = f.number`;
}

/** Whether a desk row's number, partner, buyer GSTIN or IRN contains the needle (already lower case). */
const matches = (needle: string | undefined) =>
  needle
    ? sql`(strpos(lower(d.number), ${needle}) > 0 OR strpos(lower(d.partner_name), ${needle}) > 0
          OR strpos(lower(coalesce(d.buyer_gstin, '')), ${needle}) > 0 OR strpos(lower(coalesce(d.irn, '')), ${needle}) > 0)`
    : sql`TRUE`;

/** How many documents are in each state: all of them, and those the needle matches. */
export async function deskCounts(db: DbOrTx, startDay: string, needle: string | undefined) {
  const result = await db.execute(sql`
    SELECT d.state, count(*)::int AS everything, (count(*) FILTER (WHERE ${matches(needle)}))::int AS matching
      FROM (${deskRows(startDay)}) d
     GROUP BY d.state`);
  return rowsOf<{ state: string; everything: number; matching: number }>(result).map((r) => ({
    state: r.state,
    all: Number(r.everything),
    matching: Number(r.matching),
  }));
}

/**
 * One page of the desk: newest day first, then number descending (a number's characters, capitals,
 * digits and "/", compare as JavaScript's localeCompare does), ties in the order documents are listed.
 * (Counts and page are two statements the service runs side by side: one statement over a
 * materialized CTE was slower at 2,50,000 invoices, its rows spilling to disk.)
 */
export async function deskPage(
  db: DbOrTx,
  startDay: string,
  filter: { state: string | undefined; needle: string | undefined; offset: number; limit: number },
) {
  const result = await db.execute(sql`
    SELECT d.kind, d.id, d.type, d.number, d.day, d.user_id, d.partner_name, d.buyer_gstin, d.invoice_id, d.reason
      FROM (${deskRows(startDay)}) d
     WHERE ${filter.state ? sql`d.state = ${filter.state}` : sql`TRUE`} AND ${matches(filter.needle)}
     ORDER BY d.day COLLATE "C" DESC, d.number COLLATE "C" DESC, d.kind_rank, d.src_day COLLATE "C", d.id
     LIMIT ${filter.limit} OFFSET ${filter.offset}`);
  return rowsOf<FactRow>(result).map(toFact);
}

/** Invoices by id with their warehouse and partner. */
export function invoicesById(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return invoicesWithPlaces(db).where(inArray(invoices.id, [...new Set(ids)]));
}

/** Sales returns by id with their warehouse and partner. */
export function creditNotesById(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return notesWithPlaces(db).where(inArray(salesReturns.id, [...new Set(ids)]));
}

/** Ledger entries by id with their partner. */
export function ledgerEntriesById(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ledgerNotesWithPartner(db).where(inArray(ledgerEntries.id, [...new Set(ids)]));
}
