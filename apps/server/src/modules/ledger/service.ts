import type { AdminLedgerResponse, LedgerNoteBody } from "@portal/contracts";
import {
  ageingCharge,
  backOfficeMessages,
  DOCUMENT_TYPES,
  type DocumentType,
  HEAD_OFFICE_SERIES,
  indiaDay,
  NOTE_GST_PERCENT,
  noteTax,
  overdueAmounts,
  paiseToDecimal,
  SAC_COURIER_EXPENSES,
  SAC_ORDER_CANCEL,
  SAC_SALES_RETURN,
  toPaise,
  VOUCHER_TYPES,
} from "@portal/domain";
import type { Db, DbOrTx } from "../../db/client";
import { notFound } from "../../lib/errors";
import { recordAudit } from "../audit/public";
import type { SessionUser } from "../auth/public";
import { giveBackDocumentNumber, takeDocumentNumber } from "../invoices/public";
import { assertPeriodOpen } from "../settings/public";
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

/** Appends entries once each day they are dated on is open (not before the lock date, else 409). */
async function post(tx: DbOrTx, entries: repo.NewLedgerEntry[]): Promise<void> {
  for (const day of new Set(entries.map((e) => e.entryDate))) await assertPeriodOpen(tx, day);
  await repo.append(tx, entries);
}

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
  entry: Omit<repo.NewLedgerEntry, "voucherNumber">,
): Promise<string | null> {
  await assertPeriodOpen(tx, entry.entryDate);
  if ((await repo.bySource(tx, entry.sourceKind, entry.sourceId)).length > 0) return null;
  const taken = await takeDocumentNumber(tx, {
    type,
    ledgerAccount: entry.ledgerAccount,
    warehouseId,
    day: entry.entryDate,
  });
  if (!(await repo.appendOne(tx, { ...entry, voucherNumber: taken.number }))) {
    await giveBackDocumentNumber(tx, taken);
    return null;
  }
  return taken.number;
}

/** Ledger entries the other modules post inside their own transactions. */
export const ledgerPostings = {
  /** A sales (tax) invoice debits the partner at shipment. */
  salesInvoice: (
    tx: DbOrTx,
    e: {
      userId: number;
      ledgerAccount: number;
      day: string;
      invoiceId: number;
      number: string;
      total: string;
      loadId: number;
      docketNo: string | null;
    },
  ) =>
    post(tx, [
      {
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
      },
    ]),

  /** An approved payment credits the partner. */
  payment: (
    tx: DbOrTx,
    e: {
      userId: number;
      ledgerAccount: number;
      day: string;
      paymentId: number;
      referenceId: string;
      amount: string;
      mode: string;
    },
  ) =>
    post(tx, [
      {
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
      },
    ]),

  /** A sales return approved by accounts: credit note, SAC 999799. */
  salesReturnCredit: (
    tx: DbOrTx,
    e: {
      userId: number;
      ledgerAccount: number;
      day: string;
      srId: number;
      referenceId: string;
      amount: string;
      state: string;
      /** The warehouse the goods go back to (its credit note series); head office when not given. */
      warehouseId?: number;
    },
  ) =>
    postNote(tx, DOCUMENT_TYPES.creditNote, e.warehouseId ?? HEAD_OFFICE_SERIES, {
      userId: e.userId,
      ledgerAccount: e.ledgerAccount,
      entryDate: e.day,
      voucherType: VOUCHER_TYPES.creditNote,
      debit: "0",
      credit: e.amount,
      description: noteDescription(
        `Sales return ${e.referenceId}`,
        toPaise(e.amount),
        e.state,
        e.day,
        SAC_SALES_RETURN,
      ),
      reference: e.referenceId,
      noteType: "CN",
      sacCode: SAC_SALES_RETURN,
      sourceKind: "sr",
      sourceId: String(e.srId),
    }),

  /** Units invoiced but not delivered are cancelled: credit note, SAC 9997. */
  orderCancelCredit: (
    tx: DbOrTx,
    e: {
      userId: number;
      ledgerAccount: number;
      day: string;
      poid: string;
      amount: string;
      state: string;
      /** The order's warehouse (its credit note series); head office when not given. */
      warehouseId?: number;
    },
  ) =>
    postNote(tx, DOCUMENT_TYPES.creditNote, e.warehouseId ?? HEAD_OFFICE_SERIES, {
      userId: e.userId,
      ledgerAccount: e.ledgerAccount,
      entryDate: e.day,
      voucherType: VOUCHER_TYPES.creditNote,
      debit: "0",
      credit: e.amount,
      description: noteDescription(
        `Order ${e.poid}: undelivered units cancelled`,
        toPaise(e.amount),
        e.state,
        e.day,
        SAC_ORDER_CANCEL,
      ),
      reference: e.poid,
      noteType: "CN",
      sacCode: SAC_ORDER_CANCEL,
      sourceKind: "order-cancel",
      sourceId: e.poid,
    }),
};

export interface LedgerDeps {
  db: Db;
  now?: () => Date;
}

export function createLedgerService(deps: LedgerDeps) {
  const now = deps.now ?? (() => new Date());
  const stateOf = async (tx: DbOrTx, userId: number) => {
    const found = await repo.partnerState(tx, userId);
    if (!found) throw notFound(backOfficeMessages.partnerNotFound);
    return found;
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
        entries: rows.map((r) => ({
          id: r.id,
          entryDate: r.entryDate,
          voucherType: r.voucherType,
          voucherNumber: r.voucherNumber,
          debit: money(toPaise(r.debit)),
          credit: money(toPaise(r.credit)),
          description: r.description,
          reference: r.reference,
          noteType: r.noteType,
          sacCode: r.sacCode,
          ledgerAccount: r.ledgerAccount,
        })),
      };
    },

    /** A staff note: courier expenses (debit note, SAC 9968) or a correcting entry; never an edit. */
    async addNote(
      actor: SessionUser,
      userId: number,
      body: LedgerNoteBody,
    ): Promise<AdminLedgerResponse["entries"][number]> {
      const at = now();
      const day = indiaDay(at);
      return deps.db.transaction(async (tx) => {
        const { state } = await stateOf(tx, userId);
        const gross = toPaise(body.amount);
        const sourceId = `${userId}:${at.getTime()}:${Math.random().toString(36).slice(2, 8)}`;
        const isCourier = body.kind === "courierExpenses";
        const isDebit = body.kind !== "creditCorrection";
        const entry = {
          userId,
          ledgerAccount: body.ledgerAccount,
          entryDate: day,
          voucherType: isDebit ? VOUCHER_TYPES.debitNote : VOUCHER_TYPES.creditNote,
          debit: isDebit ? body.amount : "0",
          credit: isDebit ? "0" : body.amount,
          description: isCourier
            ? noteDescription(body.description, gross, state, day, SAC_COURIER_EXPENSES)
            : `Correction: ${body.description}`,
          reference: body.docketNumber ?? null,
          noteType: isDebit ? "DN" : "CN",
          sacCode: isCourier ? SAC_COURIER_EXPENSES : null,
          sourceKind: isCourier ? "courier" : "correction",
          sourceId,
          docketNumber: body.docketNumber ?? null,
        };
        // Staff notes are the head office's: numbered from its debit or credit note series.
        const type = isDebit ? DOCUMENT_TYPES.debitNote : DOCUMENT_TYPES.creditNote;
        const voucherNumber = await postNote(tx, type, HEAD_OFFICE_SERIES, entry);
        const [row] = await repo.bySource(tx, entry.sourceKind, sourceId);
        if (!row) throw new Error("ledger entry not written");
        await recordAudit(tx, {
          actorId: actor.id,
          action: `ledger.${body.kind}`,
          entity: "ledger",
          entityId: userId,
          after: { ...entry, voucherNumber },
          at,
        });
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
          const { over120, over180 } = overdueAmounts(debits, credits, day);
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
