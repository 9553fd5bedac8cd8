import type { AdminLedgerEntry, AdminLedgerResponse, LedgerAgeing, LedgerNoteBody } from "@portal/contracts";
import {
  AGEING_BUCKETS,
  ageingBuckets,
  ageingCharge,
  backOfficeMessages,
  DOCUMENT_TYPES,
  type DocumentType,
  HEAD_OFFICE_SERIES,
  HEAD_OFFICE_STATE,
  indiaDay,
  NOTE_GST_PERCENT,
  noteTax,
  overdueByNote,
  paiseToDecimal,
  SAC_COURIER_EXPENSES,
  toPaise,
  VOUCHER_TYPES,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import type { SessionUser } from "../auth/public";
import { giveBackDocumentNumber, takeDocumentNumber } from "../invoices/public";
import { assertPeriodOpen } from "../settings/public";
import { type PaymentPosting, paymentEntry, type SalesInvoicePosting, salesInvoiceEntry } from "./postings";
import * as repo from "./repo";

const money = (p: bigint) => paiseToDecimal(p);

/** The GST part of a generated note, as the entry's description says it. */
function noteDescription(what: string, gross: bigint, state: string, day: string, sac: string) {
  const t = noteTax(gross, state, day);
  const gst =
    t.igst > 0n
      ? `IGST ${NOTE_GST_PERCENT}% ${money(t.igst)}`
      : `CGST ${NOTE_GST_PERCENT / 2}% ${money(t.cgst)} + SGST ${NOTE_GST_PERCENT / 2}% ${money(t.sgst)}`;
  return t.cgst + t.sgst + t.igst > 0n
    ? `${what} (SAC ${sac}; taxable ${money(t.base)}, ${gst})`
    : `${what} (SAC ${sac})`;
}

/** The totals of a credit note that reverses an invoice's lines (decimal strings). */
export interface CreditNoteTotals {
  invoiceNumber: string;
  taxRegime: string;
  taxable: string;
  vat: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/** A reversing note's description: the invoice it reverses, its taxable value and tax by regime. */
function reversalDescription(what: string, t: CreditNoteTotals) {
  const parts = [
    toPaise(t.vat) > 0n ? `${t.taxRegime} ${t.vat}` : null,
    toPaise(t.cgst) > 0n || toPaise(t.sgst) > 0n ? `CGST ${t.cgst} + SGST ${t.sgst}` : null,
    toPaise(t.igst) > 0n ? `IGST ${t.igst}` : null,
  ].filter(Boolean);
  const tax = parts.length > 0 ? `, ${parts.join(", ")}` : "";
  return `${what}: reverses invoice ${t.invoiceNumber} (taxable ${t.taxable}${tax})`;
}

/** Appends entries once each day they are dated on is open (not before the lock date, else 409). */
async function post(tx: DbOrTx, entries: repo.NewLedgerEntry[]): Promise<void> {
  for (const day of new Set(entries.map((e) => e.entryDate))) await assertPeriodOpen(tx, day);
  await repo.append(tx, entries);
}

/** A note to post: its source id, or (a note with no source of its own) how its number makes one. */
type NoteEntry = Omit<repo.NewLedgerEntry, "voucherNumber" | "sourceId"> & {
  sourceId: string | ((voucherNumber: string) => string);
};

/**
 * Posts one credit or debit note numbered from its serial series (issuing company of the ledger
 * account, warehouse, financial year, note type) and answers its number. A note whose source has
 * posted already is skipped (posting is idempotent) and any number taken for it is given back, so
 * the series stays gapless.
 */
async function postNote(
  tx: DbOrTx,
  type: DocumentType,
  warehouseId: number,
  entry: NoteEntry,
): Promise<string | null> {
  await assertPeriodOpen(tx, entry.entryDate);
  if (
    typeof entry.sourceId === "string" &&
    (await repo.bySource(tx, entry.sourceKind, entry.sourceId)).length > 0
  )
    return null;
  const taken = await takeDocumentNumber(tx, {
    type,
    ledgerAccount: entry.ledgerAccount,
    warehouseId,
    day: entry.entryDate,
  });
  const sourceId = typeof entry.sourceId === "string" ? entry.sourceId : entry.sourceId(taken.number);
  if (!(await repo.appendOne(tx, { ...entry, sourceId, voucherNumber: taken.number }))) {
    await giveBackDocumentNumber(tx, taken);
    return null;
  }
  return taken.number;
}

/** Ledger entries the other modules post inside their own transactions. */
/** A credit note that reverses invoiced goods, as its callers describe it. */
interface ReversalNote {
  userId: number;
  ledgerAccount: number;
  day: string;
  /** The warehouse of the invoice (its credit note series); head office when not given. */
  warehouseId?: number;
  /** The invoice lines the note reverses, at their own HSN and rates: the credit is its total. */
  reverses: CreditNoteTotals;
}

/** Posts a reversing credit note from the C series; no SAC: it reverses goods, it is not a service note. */
function postReversal(
  tx: DbOrTx,
  e: ReversalNote,
  source: { what: string; reference: string; sourceKind: string; sourceId: string },
) {
  return postNote(tx, DOCUMENT_TYPES.creditNote, e.warehouseId ?? HEAD_OFFICE_SERIES, {
    userId: e.userId,
    ledgerAccount: e.ledgerAccount,
    entryDate: e.day,
    voucherType: VOUCHER_TYPES.creditNote,
    debit: "0",
    credit: e.reverses.total,
    description: reversalDescription(source.what, e.reverses),
    reference: source.reference,
    noteType: "CN",
    sacCode: null,
    sourceKind: source.sourceKind,
    sourceId: source.sourceId,
  });
}

export const ledgerPostings = {
  /** A sales (tax) invoice debits the partner at shipment. */
  salesInvoice: (tx: DbOrTx, e: SalesInvoicePosting) => post(tx, [salesInvoiceEntry(e)]),

  /** An approved payment credits the partner. */
  payment: (tx: DbOrTx, e: PaymentPosting) => post(tx, [paymentEntry(e)]),

  /**
   * A sales return approved by accounts: a credit note numbered from the C series that reverses the
   * returned lines of its tax invoice (`reverses`: the note's totals at the lines' own HSN and rates;
   * the credit is the note's total). No SAC: it is not a service note.
   */
  salesReturnCredit: (tx: DbOrTx, e: ReversalNote & { srId: number; referenceId: string }) =>
    postReversal(tx, e, {
      what: `Sales return ${e.referenceId}`,
      reference: e.referenceId,
      sourceKind: "sr",
      sourceId: String(e.srId),
    }),

  /**
   * Units invoiced but not delivered are cancelled: a product-removal credit note, numbered from the
   * C series, that reverses the short units of the load's tax invoice at their own rates.
   */
  orderCancelCredit: (tx: DbOrTx, e: ReversalNote & { poid: string }) =>
    postReversal(tx, e, {
      what: `Order ${e.poid}: undelivered units cancelled`,
      reference: e.poid,
      sourceKind: "order-cancel",
      sourceId: e.poid,
    }),
};

/** A journal entry as the Admin Console shows it. */
function adminEntry(row: repo.LedgerEntryRow): AdminLedgerEntry {
  return {
    id: row.id,
    entryDate: row.entryDate,
    voucherType: row.voucherType,
    voucherNumber: row.voucherNumber,
    debit: money(toPaise(row.debit)),
    credit: money(toPaise(row.credit)),
    description: row.description,
    reference: row.reference,
    noteType: row.noteType,
    sacCode: row.sacCode,
    ledgerAccount: row.ledgerAccount,
  };
}

/** Whether a posted entry is the note a request asks for (amounts compared in paise). */
function sameNote(row: repo.LedgerEntryRow, note: Omit<repo.NewLedgerEntry, "voucherNumber" | "sourceId">) {
  return (
    row.userId === note.userId &&
    row.ledgerAccount === note.ledgerAccount &&
    row.voucherType === note.voucherType &&
    toPaise(row.debit) === toPaise(note.debit ?? "0") &&
    toPaise(row.credit) === toPaise(note.credit ?? "0") &&
    row.description === note.description &&
    row.reference === (note.reference ?? null) &&
    row.noteType === (note.noteType ?? null) &&
    row.sacCode === (note.sacCode ?? null) &&
    row.sourceKind === note.sourceKind &&
    row.docketNumber === (note.docketNumber ?? null)
  );
}

export interface LedgerDeps {
  db: Db;
  now?: () => Date;
}

export function createLedgerService(deps: LedgerDeps) {
  const now = deps.now ?? (() => new Date());
  const stateOf = async (tx: DbOrTx, userId: number) => {
    const found = await repo.partnerState(tx, userId);
    if (!found) throw notFound(backOfficeMessages.partnerNotFound);
    // A partner without a stored state is taxed as the head office's state.
    return { state: found.state ?? HEAD_OFFICE_STATE };
  };

  return {
    async statement(
      userId: number,
      q: { ledgerAccount: number; from?: string | undefined; to?: string | undefined },
    ): Promise<AdminLedgerResponse> {
      const [rows, opening, closing] = await Promise.all([
        repo.entries(deps.db, userId, q.ledgerAccount, q),
        q.from ? repo.balance(deps.db, userId, q.ledgerAccount, { before: q.from }) : Promise.resolve("0.00"),
        repo.balance(deps.db, userId, q.ledgerAccount, { upTo: q.to }),
      ]);
      return {
        userId,
        ledgerAccount: q.ledgerAccount,
        openingBalance: money(toPaise(opening)),
        closingBalance: money(toPaise(closing)),
        entries: rows.map(adminEntry),
      };
    },

    /** What the partner owes on a day on one ledger account, by age: its credits settle the oldest debits first. */
    async ageing(
      userId: number,
      q: { ledgerAccount: number; asOf?: string | undefined },
    ): Promise<LedgerAgeing> {
      await stateOf(deps.db, userId);
      const asOf = q.asOf ?? indiaDay(now());
      const rows = await repo.entries(deps.db, userId, q.ledgerAccount, { to: asOf });
      const debits = rows
        .filter((r) => toPaise(r.debit) > 0n)
        .map((r) => ({ day: r.entryDate, amount: toPaise(r.debit) }));
      const credits = rows.reduce((sum, r) => sum + toPaise(r.credit), 0n);
      const sums = ageingBuckets(debits, credits, asOf);
      return {
        userId,
        ledgerAccount: q.ledgerAccount,
        asOf,
        outstanding: money(AGEING_BUCKETS.reduce((sum, b) => sum + sums[b.key], 0n)),
        buckets: AGEING_BUCKETS.map((b) => ({ key: b.key, label: b.label, amount: money(sums[b.key]) })),
      };
    },

    /**
     * A staff note: courier expenses (debit note, SAC 9968) or a correcting entry; never an edit.
     * With an Idempotency-Key (per staff user) the note's source is the key: the same key again
     * answers the note posted the first time and posts nothing (`replayed`), and with a different
     * note it is refused (422). Without a key the note's source is its own number, so every request
     * posts a note.
     */
    async addNote(
      actor: SessionUser,
      userId: number,
      body: LedgerNoteBody,
      idempotencyKey?: string,
    ): Promise<{ entry: AdminLedgerEntry; replayed: boolean }> {
      const at = now();
      const day = indiaDay(at);
      const keyed = idempotencyKey === undefined ? null : `key:${actor.id}:${idempotencyKey}`;
      return deps.db.transaction(async (tx) => {
        const { state } = await stateOf(tx, userId);
        const gross = toPaise(body.amount);
        const isCourier = body.kind === "courierExpenses";
        const isDebit = body.kind !== "creditCorrection";
        const sourceKind = isCourier ? "courier" : "correction";
        /** The note this request posts, dated on a day (the earlier note's day when comparing). */
        const noteOn = (entryDate: string) => ({
          userId,
          ledgerAccount: body.ledgerAccount,
          entryDate,
          voucherType: isDebit ? VOUCHER_TYPES.debitNote : VOUCHER_TYPES.creditNote,
          debit: isDebit ? body.amount : "0",
          credit: isDebit ? "0" : body.amount,
          description: isCourier
            ? noteDescription(body.description, gross, state, entryDate, SAC_COURIER_EXPENSES)
            : `Correction: ${body.description}`,
          reference: body.docketNumber ?? null,
          noteType: isDebit ? "DN" : "CN",
          sacCode: isCourier ? SAC_COURIER_EXPENSES : null,
          sourceKind,
          docketNumber: body.docketNumber ?? null,
        });
        /** The note posted earlier with this key: the same note again, or a refusal. */
        const replay = async () => {
          if (!keyed) return null;
          const [earlier] = [
            ...(await repo.bySource(tx, "courier", keyed)),
            ...(await repo.bySource(tx, "correction", keyed)),
          ];
          if (!earlier) return null;
          if (!sameNote(earlier, noteOn(earlier.entryDate)))
            throw new AppError(422, backOfficeMessages.noteIdempotencyKeyReused);
          return { entry: adminEntry(earlier), replayed: true };
        };

        const earlier = await replay();
        if (earlier) return earlier;
        const entry = noteOn(day);
        // Staff notes are the head office's: numbered from its debit or credit note series.
        const type = isDebit ? DOCUMENT_TYPES.debitNote : DOCUMENT_TYPES.creditNote;
        const voucherNumber = await postNote(tx, type, HEAD_OFFICE_SERIES, {
          ...entry,
          sourceId: keyed ?? ((number) => number),
        });
        if (!voucherNumber) {
          // A request with the same key posted the note while this one waited for the series.
          const raced = await replay();
          if (raced) return raced;
          throw new Error("ledger entry not written");
        }
        const [row] = await repo.bySource(tx, sourceKind, keyed ?? voucherNumber);
        if (!row) throw new Error("ledger entry not written");
        await recordAudit(tx, {
          actorId: actor.id,
          action: `ledger.${body.kind}`,
          entity: "ledger",
          entityId: userId,
          after: { ...entry, sourceId: row.sourceId, voucherNumber },
          at,
        });
        return { entry: adminEntry(row), replayed: false };
      });
    },

    /**
     * The ageing job for one day: every debit balance whose unpaid debits (credits settle the oldest
     * first) are 120 or 180 days old gets a DN120 / DN180 debit note, at most once per month and kind.
     */
    async runAgeing(at = now()): Promise<number> {
      const day = indiaDay(at);
      const month = day.slice(0, 7);
      let posted = 0;
      await deps.db.transaction(async (tx) => {
        for (const b of await repo.debitBalances(tx, day)) {
          const debitRows = await repo.debits(tx, b.userId, b.ledgerAccount, day);
          const debits = debitRows.map((d) => ({ day: d.entryDate, amount: toPaise(d.debit) }));
          const totalDebit = debits.reduce((s, d) => s + d.amount, 0n);
          const credits = totalDebit - toPaise(b.balance);
          const { over120, over180 } = overdueByNote(debits, credits, day);
          const { state } = await stateOf(tx, b.userId);
          for (const [note, overdue] of [
            ["DN180", over180],
            ["DN120", over120],
          ] as const) {
            const charge = ageingCharge(note, overdue);
            if (charge <= 0n) continue;
            // Ageing notes are the head office's: numbered from its debit note series.
            const number = await postNote(tx, DOCUMENT_TYPES.debitNote, HEAD_OFFICE_SERIES, {
              userId: b.userId,
              ledgerAccount: b.ledgerAccount,
              entryDate: day,
              voucherType: VOUCHER_TYPES.debitNote,
              debit: money(charge),
              credit: "0",
              description: noteDescription(
                `${note} ageing on overdue ${money(overdue)}`,
                charge,
                state,
                day,
                "9971",
              ),
              noteType: note,
              sacCode: null,
              sourceKind: "ageing",
              sourceId: `${b.userId}:${b.ledgerAccount}:${note}:${month}`,
            });
            if (number) posted++;
          }
        }
      });
      return posted;
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
