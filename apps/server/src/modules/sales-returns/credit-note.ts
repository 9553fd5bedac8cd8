/**
 * The credit note of a sales return raised from a tax invoice: each returned line at the invoice
 * line's own unit taxable value, HSN and rate, under the invoice's regime, its amounts from the
 * returned (received) quantity by the tax engine (`storedLineAt`).
 */
import type { CreditNote, Invoice } from "@portal/contracts";
import {
  halfUp,
  type LineTax,
  noteTotalsOf,
  paiseToDecimal,
  storedLineAt,
  type TaxRegime,
  taxRegimeFrom,
  toPaise,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import type { CreditNoteDocument, CreditNoteLine } from "../../db/schema";
import { toInvoice } from "../invoices/public";
import * as repo from "./repo";

export type InvoiceLine = Invoice["lines"][number];

const m = paiseToDecimal;

/** An invoice line's unit taxable value (paise): its taxable value over its quantity. */
export const unitTaxableOf = (line: InvoiceLine): bigint =>
  line.quantity > 0 ? halfUp(toPaise(line.taxable), BigInt(line.quantity)) : 0n;

/**
 * An invoice line's tax rate in basis points: its VAT/CST, CGST + SGST or IGST rate as printed;
 * `fallbackRate` (the order line's GST rate, percent) when an old invoice does not print one.
 */
export function rateOf(line: InvoiceLine, fallbackRate: string | null): bigint {
  const printed = [line.vatRate ?? "0", line.cgstRate, line.sgstRate, line.igstRate].reduce(
    (s, r) => s + toPaise(r),
    0n,
  );
  if (printed > 0n || toPaise(line.vatAmount) + toPaise(line.cgst) + toPaise(line.igst) === 0n)
    return printed;
  return fallbackRate ? toPaise(fallbackRate) : 0n;
}

/** One returned line of the note, by the engine: the invoice line's unit and rate at `quantity`. */
export function creditNoteLine(
  line: InvoiceLine,
  quantity: number,
  regime: TaxRegime,
  fallbackRate: string | null,
): { line: CreditNoteLine; tax: LineTax } {
  const unit = unitTaxableOf(line);
  const tax = storedLineAt({ baseCost: m(unit), gstRate: m(rateOf(line, fallbackRate)) }, quantity, regime);
  return {
    tax,
    line: {
      poid: line.poid,
      productId: line.productId,
      name: line.name,
      hsnCode: line.hsnCode,
      quantity,
      unitTaxable: m(unit),
      taxable: m(tax.taxable),
      vatRate: m(tax.vatRate),
      vat: m(tax.vat),
      cgstRate: m(tax.cgstRate),
      cgst: m(tax.cgst),
      sgstRate: m(tax.sgstRate),
      sgst: m(tax.sgst),
      igstRate: m(tax.igstRate),
      igst: m(tax.igst),
      total: m(tax.total),
    },
  };
}

/** The note's lines (returned lines with a quantity) and totals; `total` in paise. */
export function buildCreditNote(
  head: { number: string; day: string; invoiceNumber: string; taxRegime: string },
  returned: readonly { line: InvoiceLine; quantity: number; fallbackRate: string | null }[],
): { document: CreditNoteDocument; total: bigint } {
  const regime = taxRegimeFrom(head.taxRegime);
  const built = returned
    .filter((r) => r.quantity > 0)
    .map((r) => creditNoteLine(r.line, r.quantity, regime, r.fallbackRate));
  const sums = noteTotalsOf(built.map((b) => b.tax));
  return {
    total: sums.total,
    document: {
      number: head.number,
      day: head.day,
      invoiceNumber: head.invoiceNumber,
      taxRegime: regime,
      lines: built.map((b) => b.line),
      totals: {
        taxable: m(sums.taxable),
        vat: m(sums.vat),
        cgst: m(sums.cgst),
        sgst: m(sums.sgst),
        igst: m(sums.igst),
        total: m(sums.total),
      },
    },
  };
}

/** The stored note as the wire carries it. */
export const toCreditNote = (doc: CreditNoteDocument | null | undefined): CreditNote | null =>
  doc ? { ...doc, taxRegime: taxRegimeFrom(doc.taxRegime) } : null;

/**
 * A return's credit note: the one issued on approval, or (before it) what it would be on `day` for
 * the units received, else returned; null for a return not raised from an invoice.
 */
export async function creditNoteFor(
  db: DbOrTx,
  sr: repo.SalesReturnRow,
  day: string,
): Promise<CreditNote | null> {
  if (sr.creditNote) return toCreditNote(sr.creditNote);
  if (!sr.invoiceId) return null;
  const found = await repo.invoiceFor(db, { id: sr.invoiceId });
  if (!found) return null;
  const lines = toInvoice(found.invoice).lines;
  const orderLines = await repo.orderLines(
    db,
    sr.lines.map((l) => l.poid),
  );
  const returned = sr.lines.flatMap((l) => {
    const line = lines.find((x) => x.poid === l.poid && x.productId === l.productId);
    const order = orderLines.find((o) => o.poid === l.poid && o.productId === l.productId);
    return line
      ? [{ line, quantity: l.receivedQuantity ?? l.quantity, fallbackRate: order?.gstRate ?? null }]
      : [];
  });
  const head = { number: "", day, invoiceNumber: found.invoice.number, taxRegime: found.invoice.taxRegime };
  return toCreditNote(buildCreditNote(head, returned).document);
}
