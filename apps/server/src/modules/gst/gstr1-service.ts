/**
 * GSTR-1 of an issuing company's GSTIN for a month, from the documents as issued: tax invoices
 * (their stored lines and shipping charge), credit notes (a sales return's own note; a short
 * delivery's product-removal note reversing its tax invoice's lines at their rates, as the ledger
 * posted it) and the other credit and debit notes of the journal (service notes taxed by the tax
 * engine's `noteTax`, as the partner's note screens show them). The domain groups them (gstr1.ts).
 */
import type { Gstr1Companies, Gstr1Summary, Gstr1Totals } from "@portal/contracts";
import {
  ALTERNATE_COMPANY,
  buildGstr1,
  companyLetterOf,
  companyOfLedgerAccount,
  type Gstr1Totals as DomainTotals,
  GSTR1_CSV_HEADER,
  type Gstr1Document,
  type Gstr1Line,
  gstinProblem,
  gstr1CsvRows,
  gstr1Messages,
  HEAD_OFFICE_STATE,
  MAIN_COMPANY,
  monthRange,
  paiseToDecimal,
  statedNoteTax,
  storedLineAt,
  taxRegimeFrom,
  toPaise,
  VOUCHER_TYPES,
} from "@portal/domain";
import type { DbOrTx } from "../../db/client";
import { badRequest, notFound } from "../../lib/errors";
import * as repo from "./gstr1-repo";

/** The GST regimes (VAT and CST invoices before 2017-07-01 are not in GSTR-1). */
const isGst = (stored: string) => {
  const regime = taxRegimeFrom(stored);
  return regime === "IGST" || regime === "CGST/SGST";
};

/** The GST rate of a stored line: IGST, or CGST + SGST. */
const rateOf = (l: { cgstRate: string; sgstRate: string; igstRate: string }) =>
  paiseToDecimal(toPaise(l.igstRate) > 0n ? toPaise(l.igstRate) : toPaise(l.cgstRate) + toPaise(l.sgstRate));

/** The figures GSTR-1 reads of a stored line: an invoice's, a credit note's or a shipping charge's. */
type StoredFigures = Pick<
  repo.StoredInvoiceLine,
  "hsnCode" | "quantity" | "taxable" | "cgstRate" | "sgstRate" | "igstRate" | "cgst" | "sgst" | "igst"
>;

const storedLine = (l: StoredFigures): Gstr1Line => ({
  hsn: l.hsnCode,
  rate: rateOf(l),
  quantity: l.quantity,
  taxable: toPaise(l.taxable),
  igst: toPaise(l.igst),
  cgst: toPaise(l.cgst),
  sgst: toPaise(l.sgst),
});

/** The SAC of the shipping charge (goods transport, GST inclusive at 18%). */
const SHIPPING_SAC = "9965";

/** The ledger account whose company has this GSTIN. */
export function ledgerAccountOfGstin(gstin: string): 1 | 2 | null {
  if (companyOfLedgerAccount(1).gstNo === gstin) return 1;
  if (companyOfLedgerAccount(2).gstNo === gstin) return 2;
  return null;
}

/** The documents a company issued in a month, as GSTR-1 takes them. */
export async function documentsOf(db: DbOrTx, ledgerAccount: 1 | 2, month: string): Promise<Gstr1Document[]> {
  const { from, to } = monthRange(month);
  const docs: Gstr1Document[] = [];
  for (const inv of await repo.taxInvoices(db, companyLetterOf(ledgerAccount), from, to)) {
    if (!isGst(inv.taxRegime)) continue;
    const lines = inv.lines.filter((l) => l.quantity > 0).map(storedLine);
    if (inv.shippingCharge)
      lines.push(storedLine({ ...inv.shippingCharge, hsnCode: SHIPPING_SAC, quantity: 0 }));
    docs.push({
      kind: "invoice",
      number: inv.number,
      day: inv.issuedOn,
      partnerGstin: inv.partnerGstin,
      placeOfSupply: inv.shipState ?? inv.partnerState ?? HEAD_OFFICE_STATE,
      value: toPaise(inv.total),
      lines,
    });
  }

  const noteRows = await repo.notes(db, ledgerAccount, from, to);
  const srIds = noteRows.filter((n) => n.entry.sourceKind === "sr").map((n) => Number(n.entry.sourceId));
  const srNotes = new Map((await repo.salesReturnNotes(db, srIds)).map((s) => [s.id, s]));
  const removalPoids = noteRows
    .filter((n) => n.entry.sourceKind === "order-cancel" && n.entry.sacCode === null)
    .map((n) => n.entry.reference ?? n.entry.sourceId);
  const removals = await repo.ordersWithTaxInvoices(db, removalPoids);

  for (const { entry, partnerGstin, partnerState } of noteRows) {
    const isCredit = entry.voucherType === VOUCHER_TYPES.creditNote;
    const value = toPaise(isCredit ? entry.credit : entry.debit);
    const head = {
      kind: isCredit ? ("credit" as const) : ("debit" as const),
      number: entry.voucherNumber,
      day: entry.entryDate,
      partnerGstin,
      placeOfSupply: partnerState ?? HEAD_OFFICE_STATE,
      value,
    };
    const sr = entry.sourceKind === "sr" ? srNotes.get(Number(entry.sourceId)) : undefined;
    if (sr?.creditNote) {
      if (!isGst(sr.creditNote.taxRegime)) continue;
      docs.push({
        ...head,
        placeOfSupply: sr.shipState ?? head.placeOfSupply,
        lines: sr.creditNote.lines.map((l) => storedLine({ ...l, hsnCode: l.hsnCode })),
      });
      continue;
    }
    if (entry.sourceKind === "order-cancel" && entry.sacCode === null) {
      const lines = removedLines(removals, entry.reference ?? entry.sourceId);
      if (lines) {
        if (!isGst(lines.regime)) continue;
        docs.push({ ...head, placeOfSupply: lines.shipState ?? head.placeOfSupply, lines: lines.lines });
        continue;
      }
    }
    // A service note (courier, ageing): the GST its journal entry stated when it was posted, as its
    // e-invoice reads it. A note that states none (a correcting entry, a note before GST) is outside
    // GST: not in GSTR-1, as it takes no e-invoice.
    const stated = statedNoteTax(entry.description);
    if (!stated) continue;
    docs.push({
      ...head,
      lines: [
        {
          hsn: stated.sac,
          rate: stated.rate.toFixed(2),
          quantity: 0,
          taxable: stated.taxable,
          igst: stated.igst,
          cgst: stated.cgst,
          sgst: stated.sgst,
        },
      ],
    });
  }
  return docs;
}

/** A product-removal note's lines: the short units of its order at the tax invoice's regime. */
function removedLines(
  found: Awaited<ReturnType<typeof repo.ordersWithTaxInvoices>>,
  poid: string,
): { regime: string; shipState: string | null; lines: Gstr1Line[] } | null {
  const orderLines = found.lines.filter((l) => l.poid === poid);
  const loadId = orderLines[0]?.loadId;
  const invoice = found.invoices.find((i) => i.loadId === loadId);
  if (!loadId || !invoice) return null;
  const regime = taxRegimeFrom(invoice.taxRegime);
  const lines = invoice.lines.flatMap((s) => {
    const line = orderLines.find((l) => l.productId === s.productId);
    if (s.poid !== poid || !line) return [];
    const removed = s.quantity - (line.deliveredQuantity ?? s.quantity);
    if (removed <= 0) return [];
    const tax = storedLineAt(line, removed, regime);
    return [
      {
        hsn: line.hsnCode,
        rate: paiseToDecimal(toPaise(line.gstRate)),
        quantity: removed,
        taxable: tax.taxable,
        igst: tax.igst,
        cgst: tax.cgst,
        sgst: tax.sgst,
      },
    ];
  });
  return { regime: invoice.taxRegime, shipState: orderLines[0]?.shippingState ?? null, lines };
}

const wireTotals = (t: DomainTotals): Gstr1Totals => ({
  documents: t.documents,
  value: paiseToDecimal(t.value),
  taxable: paiseToDecimal(t.taxable),
  igst: paiseToDecimal(t.igst),
  cgst: paiseToDecimal(t.cgst),
  sgst: paiseToDecimal(t.sgst),
});

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function createGstr1Service(deps: { db: DbOrTx }) {
  async function build(gstin: string, month: string) {
    const problem = gstinProblem(gstin);
    if (problem) throw badRequest(problem);
    const account = ledgerAccountOfGstin(gstin);
    if (!account) throw notFound(gstr1Messages.notOurGstin(gstin));
    const built = buildGstr1(gstin, month, await documentsOf(deps.db, account, month));
    return { account, built };
  }
  return {
    companies(): Gstr1Companies {
      return [MAIN_COMPANY, ALTERNATE_COMPANY].map((c) => ({ gstin: c.gstNo, name: c.name }));
    },
    async summary(gstin: string, month: string): Promise<Gstr1Summary> {
      const { account, built } = await build(gstin, month);
      const t = built.totals;
      return {
        gstin,
        companyName: companyOfLedgerAccount(account).name,
        month,
        fp: built.json.fp,
        totals: {
          net: wireTotals(t.net),
          invoices: wireTotals(t.invoices),
          creditNotes: wireTotals(t.creditNotes),
          debitNotes: wireTotals(t.debitNotes),
          b2b: wireTotals(t.b2b),
          b2c: wireTotals(t.b2c),
        },
        counts: {
          b2bPartners: built.json.b2b.length,
          cdnrPartners: built.json.cdnr.length,
          hsnRows: built.json.hsn.data.length,
          b2csRows: built.json.b2cs.length,
        },
      };
    },
    async json(gstin: string, month: string) {
      return (await build(gstin, month)).built.json;
    },
    async csv(gstin: string, month: string): Promise<string> {
      const { built } = await build(gstin, month);
      const rows = [[...GSTR1_CSV_HEADER], ...gstr1CsvRows(built, gstin)];
      return `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
    },
    /** The built return with its paise totals (for tests and the summary). */
    build,
  };
}
export type Gstr1Service = ReturnType<typeof createGstr1Service>;
