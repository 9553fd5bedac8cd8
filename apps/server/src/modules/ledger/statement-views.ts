/**
 * The ledger's entries as the partner sees them, shared by the statement, the entry details and the
 * year lists: an entry's row and note (with its tax split), amounts as the wire's decimals, the
 * journal's source kinds behind each year listing, and who may ask (`createStatementAccess`).
 */
import type { LedgerNote, LedgerStatementEntry } from "@portal/contracts";
import {
  ALTERNATE_COMPANY,
  checkLedgerYear,
  HEAD_OFFICE_STATE,
  indiaDay,
  ledgerEntryKindOf,
  ledgerMessages,
  ledgerTitleOf,
  MAIN_COMPANY,
  messages,
  noteTax,
  paiseToDecimal,
  statedNoteTax,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { AppError, forbidden, notFound } from "../../lib/errors";
import * as journal from "./repo";
import * as repo from "./statement-repo";

/** Who asks: the signed-in partner and their ledger flag. */
export interface LedgerCaller {
  id: number;
  enableLedger: boolean;
}

export const money = (p: bigint) => paiseToDecimal(p);
export const dec = (v: string | null | undefined) => money(toPaise(v ?? "0"));
export const accTypeNameOf = (account: number) =>
  account === 2 ? ALTERNATE_COMPANY.name : MAIN_COMPANY.name;
export const noDetails = () => notFound(messages.noDetailsFound);

/** Source kinds of the journal behind each year listing. */
export const YEAR_KINDS = {
  misc: ["correction"],
  productRemoval: ["order-cancel"],
  notes: ["sr", "order-cancel", "courier", "ageing", "correction"],
  courier: ["courier"],
  sales: ["invoice"],
} as const;
export type LedgerYearListing = keyof typeof YEAR_KINDS;

export function toEntry(r: repo.EntryRow): Omit<LedgerStatementEntry, "balance" | "crdrBalance"> {
  const kind = ledgerEntryKindOf(r.sourceKind);
  const debit = toPaise(r.debit);
  return {
    id: r.id,
    approvedDate: r.entryDate,
    voucherType: r.voucherType,
    voucherNumber: r.voucherNumber,
    debit: money(debit),
    credit: dec(r.credit),
    creditAcc: debit > 0n ? "Dr" : "Cr",
    descTitle: ledgerTitleOf(kind, r.noteType),
    description: r.description,
    accTypeName: accTypeNameOf(r.ledgerAccount),
    B2BReferenceNumber: r.reference,
    hasDetails: true,
    noteType: r.noteType,
    ledgerAccount: r.ledgerAccount,
    isSR: kind === "salesReturn",
    isCourierExpenses: kind === "courierExpenses",
    isOrderCancel: kind === "orderCancel",
    cndninvoicedetails: { referenceID: r.noteType ? r.reference : null },
    docketNumber: r.docketNumber,
    kind,
    loadId: kind === "sales" && r.reference && /^\d+$/.test(r.reference) ? Number(r.reference) : null,
    srId: kind === "salesReturn" ? Number(r.sourceId) : null,
  };
}

/** The ledger's own notes: their GST is what the entry stated when it was posted (none for a correction). */
const LEDGER_ONLY_NOTES = new Set(["courier", "ageing", "correction"]);

/**
 * A note's tax when no invoice's lines give it: a ledger-only note's as its entry stated it (its
 * e-invoice and GSTR-1 read the same; a correction states none and is outside GST), any other note
 * 18% inside its amount after 2017-06-30.
 */
function statedOrNoteTax(r: repo.EntryRow, amount: bigint, state: string) {
  if (!LEDGER_ONLY_NOTES.has(r.sourceKind)) return noteTax(amount, state, r.entryDate);
  const stated = statedNoteTax(r.description);
  if (!stated) return { base: amount, cgst: 0n, sgst: 0n, igst: 0n };
  return { base: stated.taxable, cgst: stated.cgst, sgst: stated.sgst, igst: stated.igst };
}

/** A journal entry as a note with its tax split. */
export function toNote(r: repo.EntryRow, state: string, totals?: repo.InvoiceTotals): LedgerNote {
  const amount = toPaise(r.debit) + toPaise(r.credit);
  const tax = totals
    ? {
        base: toPaise(totals.taxable),
        cgst: toPaise(totals.cgst),
        sgst: toPaise(totals.sgst),
        igst: toPaise(totals.igst),
      }
    : r.noteType
      ? statedOrNoteTax(r, amount, state)
      : { base: amount, cgst: 0n, sgst: 0n, igst: 0n };
  return {
    id: r.id,
    ledgerAccount: r.ledgerAccount,
    noteType: r.noteType,
    voucherType: r.voucherType,
    voucherNumber: r.voucherNumber,
    approvedDate: r.entryDate,
    amount: money(amount),
    taxable: money(tax.base),
    cgst: money(tax.cgst),
    sgst: money(tax.sgst),
    igst: money(tax.igst),
    sacCode: r.sacCode,
    description: r.description,
    referenceID: r.reference,
    docketNumber: r.docketNumber,
  };
}

/**
 * What every part of the partner's ledger reads first: today (India), the ledger flag check, the
 * partner's state (for a note's tax), a financial year asked for, and an own entry of some kinds.
 */
export function createStatementAccess(deps: { db: DbOrTx; now?: () => Date }) {
  const { db } = deps;
  const today = () => indiaDay(deps.now?.() ?? new Date());

  function allowed(caller: LedgerCaller) {
    if (!caller.enableLedger) throw forbidden(ledgerMessages.notEnabled);
  }

  async function stateOf(userId: number) {
    return (await journal.partnerState(db, userId))?.state ?? HEAD_OFFICE_STATE;
  }

  function yearOf(year: number | undefined) {
    const checked = checkLedgerYear(year, today());
    if (!checked.ok) throw new AppError(checked.status, checked.message);
    return checked;
  }

  async function entryOf(
    caller: LedgerCaller,
    id: number,
    kinds: readonly string[] | null,
    account?: number,
  ) {
    allowed(caller);
    const row = await repo.ownEntry(db, caller.id, id, account);
    if (!row || (kinds && !kinds.includes(row.sourceKind))) throw noDetails();
    return row;
  }

  return { db, today, allowed, stateOf, yearOf, entryOf };
}
export type StatementAccess = ReturnType<typeof createStatementAccess>;
