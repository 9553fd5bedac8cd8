/**
 * E-invoices: the INV-01 JSON of each stored tax invoice, sales-return credit note, product-removal
 * credit note (a short delivery) and ledger-only note (staff and ageing debit and credit notes), its registration with the IRP (the configured
 * one, else our sandbox), cancellation within 24 hours, and the desk's list.
 */
import type { AdminEinvoicesQuery, EinvoiceCancelBody, EinvoiceRow } from "@portal/contracts";
import {
  companyOfLedgerAccount,
  EINVOICE_START_DAY,
  type Einvoice,
  type EinvoiceDocType,
  einvoiceMessages as msg,
  PROFORMA_INVOICE,
  paiseToDecimal,
  statedNoteTax,
  toPaise,
  VOUCHER_TYPES,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import type { CreditNoteDocument } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import { productRemovalLines, type RemovedLine } from "../ledger/public";
import {
  creditNoteEinvoice,
  einvoiceApplies,
  einvoiceProblems,
  ledgerNoteEinvoice,
  type PartnerPlace,
  type StoredTaxInvoice,
  taxInvoiceEinvoice,
  type WarehousePlace,
} from "./einvoice";
import * as repo from "./einvoice-repo";
import { IRN_CANCEL_WINDOW_MS, type IrpClient, irpInstant } from "./irp";

type Partner = Omit<PartnerPlace, "name"> & { storeName: string | null; firstname: string; lastname: string };

const partnerName = (p: Partner) => p.storeName ?? `${p.firstname} ${p.lastname}`;
const partnerPlace = (p: Partner): PartnerPlace => ({ ...p, name: partnerName(p) });

type Fact = repo.DocumentFact;

/** Why a document takes no e-invoice, in words (the rule itself is `documentFacts` in the repo). */
function notNeededText(fact: Fact): string | null {
  switch (fact.reason) {
    case null:
      return null;
    case "before":
      return msg.beforeStart(fact.day);
    case "no-gstin":
      return msg.noBuyerGstin;
    case "no-invoice":
      return msg.noCreditedInvoice;
    case "outside-gst":
      return msg.noteOutsideGst;
  }
}

/** The database said this document takes an e-invoice, yet what it is built from disagrees: a bug, not a user's error. */
const disagrees = (fact: Fact, what: string) =>
  new Error(`e-invoice of ${fact.type} ${fact.number}: the desk's rules say needed, but ${what}`);

/** One document of the e-invoice world: its e-invoice, or why it takes none. */
export interface EinvoiceDocument {
  type: EinvoiceDocType;
  number: string;
  day: string;
  userId: number;
  partnerName: string;
  buyerGstin: string | null;
  /** The invoice row (tax invoices; the credited invoice for credit notes), null when unknown. */
  invoiceId: number | null;
  total: string | null;
  einvoice: Einvoice | null;
  notNeeded: string | null;
}

interface StoredInvoice {
  id: number;
  number: string;
  issuedOn: string;
  userId: number;
  total: string;
  document: unknown;
  buyerGstin: string | null;
}
interface SourceInvoice {
  invoice: StoredInvoice;
  warehouse: WarehousePlace;
  partner: Partner;
}
interface SourceNote {
  salesReturn: { userId: number; creditNote: CreditNoteDocument | null };
  warehouse: WarehousePlace;
  partner: Partner;
}

function invoiceDocument(row: SourceInvoice, fact: Fact): EinvoiceDocument {
  const doc = row.invoice.document as StoredTaxInvoice;
  const gstin = fact.buyerGstin;
  const base = {
    type: "INV" as const,
    number: row.invoice.number,
    day: row.invoice.issuedOn,
    userId: row.invoice.userId,
    partnerName: partnerName(row.partner),
    buyerGstin: gstin,
    invoiceId: row.invoice.id,
    total: doc.totals.total,
  };
  const notNeeded = notNeededText(fact);
  if (notNeeded) return { ...base, einvoice: null, notNeeded };
  if (!gstin) throw disagrees(fact, "it has no buyer GSTIN");
  const einvoice = taxInvoiceEinvoice(
    { ...row.invoice, document: doc },
    row.warehouse,
    partnerPlace(row.partner),
    gstin,
  );
  return { ...base, einvoice, notNeeded: null };
}

function noteDocument(
  row: SourceNote,
  note: CreditNoteDocument,
  invoice: StoredInvoice | undefined,
  fact: Fact,
): EinvoiceDocument {
  const doc = invoice?.document as StoredTaxInvoice | undefined;
  // The buyer as the credited invoice recorded it; a note whose invoice is lost names the partner's GSTIN.
  const gstin = fact.buyerGstin;
  const base = {
    type: "CRN" as const,
    number: note.number,
    day: note.day,
    userId: row.salesReturn.userId,
    partnerName: partnerName(row.partner),
    buyerGstin: gstin,
    invoiceId: invoice?.id ?? null,
    total: note.totals.total,
  };
  const notNeeded = notNeededText(fact);
  if (notNeeded) return { ...base, einvoice: null, notNeeded };
  if (!gstin || !einvoiceApplies(note.day, gstin)) throw disagrees(fact, "it has no buyer GSTIN");
  if (!invoice || !doc) throw disagrees(fact, "its credited invoice is not on record");
  const einvoice = creditNoteEinvoice(
    note,
    { issuedOn: invoice.issuedOn, document: doc },
    row.warehouse,
    partnerPlace(row.partner),
    gstin,
  );
  return { ...base, einvoice, notNeeded: null };
}

type RemovalRow = NonNullable<Awaited<ReturnType<typeof repo.productRemovalNoteByNumber>>>;
type LoadInvoice = Awaited<ReturnType<typeof repo.taxInvoicesOfLoads>>[number];

const bp = (basisPoints: bigint) => paiseToDecimal(basisPoints);

/**
 * A product-removal credit note as a credit note document: the removed lines under the name and HSN
 * the reversed tax invoice printed, at the tax engine's figures the note was posted with.
 */
function removalNote(
  e: RemovalRow["entry"],
  invoice: StoredInvoice,
  regime: string,
  lines: readonly RemovedLine[],
): CreditNoteDocument {
  const printed = (invoice.document as StoredTaxInvoice).lines;
  const noteLines = lines.map((l) => {
    const p = printed.find((x) => x.poid === l.poid && x.productId === l.productId);
    const t = l.tax;
    return {
      poid: l.poid,
      productId: l.productId,
      name: p?.name ?? `Product ${l.productId}`,
      hsnCode: p?.hsnCode ?? "",
      quantity: l.quantity,
      unitTaxable: paiseToDecimal(t.taxable / BigInt(l.quantity)),
      taxable: paiseToDecimal(t.taxable),
      vatRate: bp(t.vatRate),
      vat: paiseToDecimal(t.vat),
      cgstRate: bp(t.cgstRate),
      cgst: paiseToDecimal(t.cgst),
      sgstRate: bp(t.sgstRate),
      sgst: paiseToDecimal(t.sgst),
      igstRate: bp(t.igstRate),
      igst: paiseToDecimal(t.igst),
      total: paiseToDecimal(t.total),
    };
  });
  const sum = (pick: (t: RemovedLine["tax"]) => bigint) =>
    paiseToDecimal(lines.reduce((n, l) => n + pick(l.tax), 0n));
  return {
    number: e.voucherNumber,
    day: e.entryDate,
    invoiceNumber: invoice.number,
    taxRegime: regime,
    lines: noteLines,
    totals: {
      taxable: sum((t) => t.taxable),
      vat: sum((t) => t.vat),
      cgst: sum((t) => t.cgst),
      sgst: sum((t) => t.sgst),
      igst: sum((t) => t.igst),
      total: sum((t) => t.total),
    },
  };
}

/**
 * A product-removal credit note (units invoiced but not delivered): a credit note reversing the
 * short lines of its load's tax invoice, e-invoiced as a sales return's note is, referring to it.
 */
function removalDocument(
  row: RemovalRow,
  removal: Awaited<ReturnType<typeof productRemovalLines>>,
  invoice: LoadInvoice | undefined,
  fact: Fact,
): EinvoiceDocument {
  const e = row.entry;
  if (removal && invoice)
    return noteDocument(
      {
        salesReturn: { userId: e.userId, creditNote: null },
        warehouse: invoice.warehouse,
        partner: row.partner,
      },
      removalNote(e, invoice.invoice, removal.regime, removal.lines),
      invoice.invoice,
      fact,
    );
  if (fact.invoiceId !== null) throw disagrees(fact, "its reversed tax invoice's lines are not on record");
  const gstin = fact.buyerGstin;
  const base = {
    type: "CRN" as const,
    number: e.voucherNumber,
    day: e.entryDate,
    userId: e.userId,
    partnerName: partnerName(row.partner),
    buyerGstin: gstin,
    invoiceId: null,
    total: paiseToDecimal(toPaise(e.credit)),
    einvoice: null,
  };
  return { ...base, notNeeded: notNeededText(fact) ?? msg.noCreditedInvoice };
}

/**
 * The lines and reversed tax invoice of each product-removal note whose facts name that invoice
 * (the invoices read at once); the others are answered from their facts alone.
 */
async function removalDocuments(
  db: DbOrTx,
  rows: readonly { row: RemovalRow; fact: Fact }[],
): Promise<EinvoiceDocument[]> {
  const removals: Awaited<ReturnType<typeof productRemovalLines>>[] = [];
  for (const { row, fact } of rows)
    removals.push(
      fact.invoiceId === null
        ? null
        : await productRemovalLines(db, row.entry.userId, row.entry.reference ?? row.entry.sourceId),
    );
  const invoices = new Map(
    (
      await repo.taxInvoicesOfLoads(
        db,
        removals.flatMap((r) => (r ? [r.loadId] : [])),
      )
    ).map((i) => [i.invoice.loadId, i] as const),
  );
  return rows.map(({ row, fact }, i) => {
    const removal = removals[i] ?? null;
    return removalDocument(row, removal, removal ? invoices.get(removal.loadId) : undefined, fact);
  });
}

type NoteRow = NonNullable<Awaited<ReturnType<typeof repo.ledgerNoteByNumber>>>;

/**
 * A ledger-only note (staff or ageing, head office series): a value-only service note at the tax
 * split its journal entry stated. No document records a GSTIN for it: the partner's registered one.
 */
function ledgerNoteDocument(row: NoteRow, fact: Fact): EinvoiceDocument {
  const e = row.entry;
  const isDebit = e.voucherType === VOUCHER_TYPES.debitNote;
  const note = {
    type: isDebit ? ("DBN" as const) : ("CRN" as const),
    number: e.voucherNumber,
    day: e.entryDate,
    amount: isDebit ? e.debit : e.credit,
  };
  const gstin = fact.buyerGstin;
  const base = {
    type: note.type,
    number: note.number,
    day: note.day,
    userId: e.userId,
    partnerName: partnerName(row.partner),
    buyerGstin: gstin,
    invoiceId: null,
    total: paiseToDecimal(toPaise(note.amount)),
  };
  const notNeeded = notNeededText(fact);
  if (notNeeded) return { ...base, einvoice: null, notNeeded };
  const stated = statedNoteTax(e.description);
  if (!stated) throw disagrees(fact, "statedNoteTax finds no GST in its description");
  if (!gstin) throw disagrees(fact, "it has no buyer GSTIN");
  const einvoice = ledgerNoteEinvoice(
    note,
    stated,
    companyOfLedgerAccount(e.ledgerAccount),
    partnerPlace(row.partner),
    gstin,
  );
  return { ...base, einvoice, notNeeded: null };
}

type StoredRow = Awaited<ReturnType<typeof repo.einvoiceRows>>[number];

function toRow(d: EinvoiceDocument, stored: StoredRow | undefined): EinvoiceRow {
  const state = d.einvoice === null ? "not needed" : ((stored?.state as EinvoiceRow["state"]) ?? "pending");
  return {
    type: d.type,
    number: d.number,
    day: d.day,
    userId: d.userId,
    partnerName: d.partnerName,
    buyerGstin: d.buyerGstin,
    invoiceId: d.invoiceId,
    total: d.total,
    state,
    reason: d.notNeeded,
    irn: stored?.irn ?? null,
    ackNo: stored?.ackNo ?? null,
    ackAt: stored?.ackAt?.toISOString() ?? null,
    errorCode: stored?.errorCode ?? null,
    errorMessage: stored?.errorMessage ?? null,
    cancelledAt: stored?.cancelledAt?.toISOString() ?? null,
  };
}

const keyOf = (type: string, number: string) => `${type}|${number}`;

/** A read by ids, a few thousand at a time (a query's parameters are bounded). */
async function inChunks<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 5000) out.push(...(await read(ids.slice(i, i + 5000))));
  return out;
}

export function createEinvoiceService(deps: {
  db: DbOrTx;
  irp: IrpClient;
  now: () => Date;
  /**
   * Told when a tax invoice's print changes (its IRN and QR code registered, or the IRN cancelled):
   * the app queues its PDF to be rendered again ahead of the next download.
   */
  invoicePrintChanged?: (db: DbOrTx, invoiceNumbers: readonly string[], at: Date) => Promise<void>;
}) {
  const { db, irp, now, invoicePrintChanged = async () => {} } = deps;
  let session: { token: string; expires: number } | null = null;

  async function token(): Promise<string> {
    if (session && session.expires > now().getTime() + 60_000) return session.token;
    const answer = await irp.auth({
      UserName: "portal",
      Password: "",
      AppKey: "",
      ForceRefreshAccessToken: false,
    });
    if (answer.Status !== 1) throw new AppError(409, msg.irpRefused(irpError(answer.ErrorDetails)));
    session = { token: answer.Data.AuthToken, expires: irpInstant(answer.Data.TokenExpiry).getTime() };
    return session.token;
  }

  /** The facts of a source row the single-document paths found (they exist: the row was just read). */
  async function factOf(kind: repo.DocumentKind, id: number): Promise<Fact> {
    const fact = await repo.documentFact(db, EINVOICE_START_DAY, kind, id);
    if (!fact) throw notFound(msg.documentNotFound);
    return fact;
  }

  /** The documents of these facts, in their order, each built from its stored rows (read per kind at once). */
  async function build(facts: readonly Fact[]): Promise<EinvoiceDocument[]> {
    const idsOf = (kind: repo.DocumentKind) => facts.filter((f) => f.kind === kind).map((f) => f.id);
    const byId = <T>(rows: readonly T[], id: (row: T) => number) =>
      new Map(rows.map((r) => [id(r), r] as const));
    const invoiceRows = byId(
      await inChunks(idsOf("INV"), (ids) => repo.invoicesById(db, ids)),
      (r) => r.invoice.id,
    );
    const noteRows = byId(
      await inChunks(idsOf("SR"), (ids) => repo.creditNotesById(db, ids)),
      (r) => r.salesReturn.id,
    );
    const credited = byId(
      await inChunks(
        facts.flatMap((f) => (f.kind === "SR" && f.invoiceId !== null ? [f.invoiceId] : [])),
        (ids) => repo.invoicesById(db, ids),
      ),
      (r) => r.invoice.id,
    );
    const entries = byId(
      await inChunks([...idsOf("RM"), ...idsOf("LN")], (ids) => repo.ledgerEntriesById(db, ids)),
      (r) => r.entry.id,
    );
    const source = <T>(rows: Map<number, T>, fact: Fact) => {
      const row = rows.get(fact.id);
      if (!row) throw new Error(`e-invoice desk: ${fact.kind} ${fact.id} vanished`);
      return row;
    };
    const removals = facts.filter((f) => f.kind === "RM");
    const removalDocs = new Map(
      (
        await removalDocuments(
          db,
          removals.map((fact) => ({ row: source(entries, fact), fact })),
        )
      ).map((d, i) => [removals[i]?.id, d] as const),
    );
    return facts.map((fact) => {
      switch (fact.kind) {
        case "INV":
          return invoiceDocument(source(invoiceRows, fact), fact);
        case "SR": {
          const row = source(noteRows, fact);
          const note = row.salesReturn.creditNote as CreditNoteDocument;
          const invoice = fact.invoiceId === null ? undefined : credited.get(fact.invoiceId)?.invoice;
          return noteDocument(row, note, invoice, fact);
        }
        case "RM":
          return removalDocs.get(fact.id) as EinvoiceDocument;
        default:
          return ledgerNoteDocument(source(entries, fact), fact);
      }
    });
  }

  /** Every tax invoice and credit note (the desk's world), with its e-invoice or why it takes none. */
  async function documents(): Promise<EinvoiceDocument[]> {
    return build(await repo.allDocumentFacts(db, EINVOICE_START_DAY));
  }

  /** One document by type and number, with its e-invoice or why none (404 when there is no such document). */
  async function document(type: EinvoiceDocType, number: string): Promise<EinvoiceDocument> {
    if (type === "INV") {
      const row = await repo.invoiceByNumber(db, number);
      if (!row || row.invoice.kind === PROFORMA_INVOICE) throw notFound(msg.documentNotFound);
      return invoiceDocument(row, await factOf("INV", row.invoice.id));
    }
    if (type === "CRN") {
      const row = await repo.creditNoteByNumber(db, number);
      const note = row?.salesReturn.creditNote;
      if (row && note) {
        const fact = await factOf("SR", row.salesReturn.id);
        const [invoice] = fact.invoiceId === null ? [] : await repo.invoicesById(db, [fact.invoiceId]);
        return noteDocument(row, note, invoice?.invoice, fact);
      }
      const removal = await repo.productRemovalNoteByNumber(db, number);
      if (removal) {
        const fact = await factOf("RM", removal.entry.id);
        return (await removalDocuments(db, [{ row: removal, fact }]))[0] as EinvoiceDocument;
      }
    }
    const voucherType = type === "DBN" ? VOUCHER_TYPES.debitNote : VOUCHER_TYPES.creditNote;
    const ledgerNote = await repo.ledgerNoteByNumber(db, voucherType, number);
    if (!ledgerNote) throw notFound(msg.documentNotFound);
    return ledgerNoteDocument(ledgerNote, await factOf("LN", ledgerNote.entry.id));
  }

  async function invoiceDocumentById(id: number): Promise<EinvoiceDocument> {
    const row = await repo.invoiceById(db, id);
    if (!row) throw notFound(msg.invoiceNotFound);
    if (row.invoice.kind === PROFORMA_INVOICE) throw new AppError(409, msg.proforma);
    return invoiceDocument(row, await factOf("INV", row.invoice.id));
  }

  /** A document's e-invoice JSON with its problems (409 when it takes none). */
  async function detail(d: EinvoiceDocument) {
    if (!d.einvoice) throw new AppError(409, d.notNeeded ?? msg.noBuyerGstin);
    const [stored] = await repo.einvoiceRows(db, [keyOf(d.type, d.number)]);
    return { row: toRow(d, stored), einvoice: { ...d.einvoice }, problems: einvoiceProblems(d.einvoice) };
  }

  /** Registers a document with the IRP: registered, or failed with the IRP's (or our checks') error. */
  async function register(actorId: number, d: EinvoiceDocument): Promise<EinvoiceRow> {
    if (!d.einvoice) throw new AppError(409, d.notNeeded ?? msg.noBuyerGstin);
    const key = keyOf(d.type, d.number);
    const [before] = await repo.einvoiceRows(db, [key]);
    if (before?.state === "registered") throw new AppError(409, msg.alreadyRegistered(d.number));
    if (before?.state === "cancelled") throw new AppError(409, msg.cancelledBefore(d.number));
    const at = now();
    const doc = {
      docType: d.type,
      docNumber: d.number,
      docDay: d.day,
      userId: d.userId,
      invoiceId: d.invoiceId,
    };
    const problems = einvoiceProblems(d.einvoice);
    let outcome: repo.EinvoiceOutcome;
    if (problems.length > 0) {
      outcome = { state: "failed", errorCode: "SCHEMA", errorMessage: problems.join("; ").slice(0, 1000) };
    } else {
      const auth = await token();
      const answer = await irp.generateIrn(auth, d.einvoice);
      if (answer.Status === 1) {
        outcome = registered(answer.Data);
      } else {
        const duplicate = answer.InfoDtls?.find((i) => i.InfCd === "DUPIRN");
        const again = duplicate ? await irp.getByIrn(auth, duplicate.Desc.Irn) : null;
        outcome =
          again?.Status === 1
            ? registered(again.Data)
            : { state: "failed", ...irpErrorColumns(answer.ErrorDetails) };
      }
    }
    const row = await repo.saveOutcome(db, doc, outcome, actorId, at);
    if (d.type === "INV" && row.state === "registered" && before?.state !== "registered")
      await invoicePrintChanged(db, [d.number], at);
    await recordAudit(db, {
      actorId,
      action: "einvoice.register",
      entity: "einvoice",
      entityId: key,
      before: { state: before?.state ?? "pending" },
      after: { state: row.state, irn: row.irn, errorCode: row.errorCode },
      at,
    });
    return toRow(d, row);
  }

  /** Cancels a registered document's IRN within 24 hours of its acknowledgement. */
  async function cancel(
    actorId: number,
    d: EinvoiceDocument,
    body: EinvoiceCancelBody,
  ): Promise<EinvoiceRow> {
    const key = keyOf(d.type, d.number);
    const [before] = await repo.einvoiceRows(db, [key]);
    if (before?.state !== "registered" || !before.irn || !before.ackAt)
      throw new AppError(409, msg.notRegistered(d.number));
    const at = now();
    if (at.getTime() - before.ackAt.getTime() > IRN_CANCEL_WINDOW_MS)
      throw new AppError(409, msg.cancelWindowOver(d.number));
    const answer = await irp.cancelIrn(await token(), {
      Irn: before.irn,
      CnlRsn: body.reason,
      CnlRem: body.remark,
    });
    if (answer.Status !== 1) throw new AppError(409, msg.irpRefused(irpError(answer.ErrorDetails)));
    const row = await repo.markCancelled(db, before.id, `${body.reason}: ${body.remark}`, actorId, at);
    if (!row) throw new AppError(409, msg.notRegistered(d.number));
    if (d.type === "INV") await invoicePrintChanged(db, [d.number], at);
    await recordAudit(db, {
      actorId,
      action: "einvoice.cancel",
      entity: "einvoice",
      entityId: key,
      before: { state: "registered", irn: before.irn },
      after: { state: "cancelled", reason: body.reason, remark: body.remark },
      at,
    });
    return toRow(d, row);
  }

  /**
   * The desk's list: every document with its state, filtered by state and q (number, partner, GSTIN,
   * IRN). The database pages, filters and counts over `documentFacts`; only the page's documents are built.
   */
  async function list(q: AdminEinvoicesQuery) {
    const needle = q.q?.toLowerCase();
    const [perState, page] = await Promise.all([
      repo.deskCounts(db, EINVOICE_START_DAY, needle),
      repo.deskPage(db, EINVOICE_START_DAY, {
        state: q.state,
        needle,
        offset: (q.page - 1) * q.pageSize,
        limit: q.pageSize,
      }),
    ]);
    const counts = { "not needed": 0, pending: 0, registered: 0, failed: 0, cancelled: 0 };
    let total = 0;
    for (const c of perState) {
      counts[c.state as EinvoiceRow["state"]] = c.all;
      if (!q.state || c.state === q.state) total += c.matching;
    }
    const docs = await build(page);
    const stored = new Map(
      (
        await repo.einvoiceRows(
          db,
          docs.map((d) => keyOf(d.type, d.number)),
        )
      ).map((r) => [keyOf(r.docType, r.docNumber), r] as const),
    );
    const rows = docs.map((d) => toRow(d, stored.get(keyOf(d.type, d.number))));
    return { rows, total, counts, irp: irp.name };
  }

  /** Registers each pending or failed document in turn; the others are answered as they stand. */
  async function registerMany(actorId: number, wanted: readonly { type: EinvoiceDocType; number: string }[]) {
    const rows: EinvoiceRow[] = [];
    for (const w of wanted) {
      const d = await document(w.type, w.number);
      const [stored] = await repo.einvoiceRows(db, [keyOf(d.type, d.number)]);
      const row = toRow(d, stored);
      rows.push(row.state === "pending" || row.state === "failed" ? await register(actorId, d) : row);
    }
    return rows;
  }

  return {
    documents,
    document,
    registerMany,
    invoiceDocumentById,
    detail,
    register,
    cancel,
    list,
    /** The IRN, acknowledgement and signed QR code of a registered invoice (for its PDF), or null. */
    async registration(invoiceNumber: string) {
      const [row] = await repo.einvoiceRows(db, [keyOf("INV", invoiceNumber)]);
      return row?.state === "registered" && row.irn && row.ackNo && row.ackAt && row.signedQr
        ? { irn: row.irn, ackNo: row.ackNo, ackAt: row.ackAt, signedQr: row.signedQr }
        : null;
    },
  };
}
export type EinvoiceService = ReturnType<typeof createEinvoiceService>;

function registered(data: {
  Irn: string;
  AckNo: number;
  AckDt: string;
  SignedQRCode: string;
}): repo.EinvoiceOutcome {
  return {
    state: "registered",
    irn: data.Irn,
    ackNo: String(data.AckNo),
    ackAt: irpInstant(data.AckDt),
    signedQr: data.SignedQRCode,
  };
}

const irpError = (details: { ErrorCode: string; ErrorMessage: string }[] | null) =>
  (details ?? []).map((e) => `${e.ErrorCode}: ${e.ErrorMessage}`).join("; ") || "no reason given";

const irpErrorColumns = (details: { ErrorCode: string; ErrorMessage: string }[] | null) => ({
  errorCode: details?.[0]?.ErrorCode ?? "IRP",
  errorMessage: irpError(details).slice(0, 1000),
});
