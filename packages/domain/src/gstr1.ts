/**
 * GSTR-1, the monthly return of outward supplies, for one GSTIN and one month, in the shape of the
 * GST portal's offline tool JSON (b2b, b2cs, cdnr, hsn, doc_issue) and as CSV rows. The documents
 * come in as issued (tax invoices, credit and debit notes with their stored amounts in paise); this
 * file only groups them (per partner GSTIN, per document, per rate; per HSN and rate; per series)
 * and turns paise into rupees with 2 decimals. It never works out a tax.
 */
import { gstStateCode } from "./gst";
import { type Paise, paiseToDecimal } from "./money";

export type Gstr1DocumentKind = "invoice" | "credit" | "debit";

/** One line of a document as issued: its HSN (or SAC), GST rate in percent and amounts in paise. */
export interface Gstr1Line {
  hsn: string;
  /** The GST rate in percent as stored ("12.00"): IGST, or CGST + SGST. */
  rate: string;
  quantity: number;
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

/** A document as issued. */
export interface Gstr1Document {
  kind: Gstr1DocumentKind;
  number: string;
  /** yyyy-MM-dd */
  day: string;
  /** The partner's GSTIN; null for an unregistered partner (B2C). */
  partnerGstin: string | null;
  /** The place of supply: the state shipped to (name or two-digit code). */
  placeOfSupply: string;
  /** The document's value (taxable + tax) in paise, as issued. */
  value: Paise;
  lines: Gstr1Line[];
}

export interface Gstr1Totals {
  documents: number;
  value: Paise;
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

/** The GSTR-1 document nature numbers of the offline tool. */
export const GSTR1_DOC_NATURES = {
  invoice: { num: 1, label: "Invoices for outward supply" },
  debit: { num: 4, label: "Debit Note" },
  credit: { num: 5, label: "Credit Note" },
} as const;

const rupees = (p: Paise) => Number(paiseToDecimal(p));
/** 2026-11-05 → 05-11-2026 (the offline tool's dates). */
export const gstr1Date = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
/** 2026-11 → 112026 (the return period, MMYYYY). */
export const gstr1Period = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;
const rateOf = (rate: string) => Number(rate);
const posOf = (place: string, gstin: string) => gstStateCode(place) ?? gstin.slice(0, 2);

function totalsOf(
  docs: readonly Gstr1Document[],
  sign: (d: Gstr1Document) => bigint = () => 1n,
): Gstr1Totals {
  const t: Gstr1Totals = { documents: docs.length, value: 0n, taxable: 0n, igst: 0n, cgst: 0n, sgst: 0n };
  for (const d of docs) {
    const s = sign(d);
    t.value += s * d.value;
    for (const l of d.lines) {
      t.taxable += s * l.taxable;
      t.igst += s * l.igst;
      t.cgst += s * l.cgst;
      t.sgst += s * l.sgst;
    }
  }
  return t;
}

interface RateSum {
  rate: string;
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

/** A document's lines summed per rate, in the order the rates first appear. */
export function perRate(lines: readonly Gstr1Line[]): RateSum[] {
  const byRate = new Map<number, RateSum>();
  for (const l of lines) {
    const key = rateOf(l.rate);
    const sum = byRate.get(key) ?? { rate: l.rate, taxable: 0n, igst: 0n, cgst: 0n, sgst: 0n };
    sum.taxable += l.taxable;
    sum.igst += l.igst;
    sum.cgst += l.cgst;
    sum.sgst += l.sgst;
    byRate.set(key, sum);
  }
  return [...byRate.values()];
}

const itemDetails = (s: RateSum) => ({
  txval: rupees(s.taxable),
  rt: rateOf(s.rate),
  iamt: rupees(s.igst),
  camt: rupees(s.cgst),
  samt: rupees(s.sgst),
  csamt: 0,
});
const items = (lines: readonly Gstr1Line[]) =>
  perRate(lines).map((s, i) => ({ num: i + 1, itm_det: itemDetails(s) }));

const byNumber = (a: Gstr1Document, b: Gstr1Document) =>
  a.day === b.day ? a.number.localeCompare(b.number) : a.day.localeCompare(b.day);

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k) ?? [];
    list.push(r);
    out.set(k, list);
  }
  return out;
}

/** The series of a document number: everything before its last run of digits ("IM02/2627/"). */
export const seriesOf = (number: string) => number.replace(/\d+$/, "");

/** The GSTR-1 of a GSTIN for a month from the documents it issued that month. */
export function buildGstr1(gstin: string, month: string, documents: readonly Gstr1Document[]) {
  const docs = [...documents].sort(byNumber);
  const registered = docs.filter((d) => d.partnerGstin);
  const unregistered = docs.filter((d) => !d.partnerGstin);
  const home = gstin.slice(0, 2);

  const b2b = [
    ...groupBy(
      registered.filter((d) => d.kind === "invoice"),
      (d) => d.partnerGstin ?? "",
    ),
  ]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ctin, invs]) => ({
      ctin,
      inv: invs.map((d) => ({
        inum: d.number,
        idt: gstr1Date(d.day),
        val: rupees(d.value),
        pos: posOf(d.placeOfSupply, gstin),
        rchrg: "N",
        inv_typ: "R",
        itms: items(d.lines),
      })),
    }));

  const cdnr = [
    ...groupBy(
      registered.filter((d) => d.kind !== "invoice"),
      (d) => d.partnerGstin ?? "",
    ),
  ]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ctin, notes]) => ({
      ctin,
      nt: notes.map((d) => ({
        ntty: d.kind === "credit" ? "C" : "D",
        nt_num: d.number,
        nt_dt: gstr1Date(d.day),
        pos: posOf(d.placeOfSupply, gstin),
        rchrg: "N",
        inv_typ: "R",
        val: rupees(d.value),
        itms: items(d.lines),
      })),
    }));

  // B2C (small): per place of supply and rate; credit notes to unregistered partners reduce it.
  const b2csSums = new Map<string, RateSum & { pos: string }>();
  for (const d of unregistered) {
    const sign = d.kind === "credit" ? -1n : 1n;
    const pos = posOf(d.placeOfSupply, gstin);
    for (const s of perRate(d.lines)) {
      const key = `${pos}|${rateOf(s.rate)}`;
      const sum = b2csSums.get(key) ?? { pos, rate: s.rate, taxable: 0n, igst: 0n, cgst: 0n, sgst: 0n };
      sum.taxable += sign * s.taxable;
      sum.igst += sign * s.igst;
      sum.cgst += sign * s.cgst;
      sum.sgst += sign * s.sgst;
      b2csSums.set(key, sum);
    }
  }
  const b2cs = [...b2csSums.values()]
    .sort((a, b) => a.pos.localeCompare(b.pos) || rateOf(a.rate) - rateOf(b.rate))
    .map((s) => ({ sply_ty: s.pos === home ? "INTRA" : "INTER", pos: s.pos, typ: "OE", ...itemDetails(s) }));

  // HSN summary: every document's lines per HSN and rate, credit notes subtracted.
  const hsnSums = new Map<string, RateSum & { hsn: string; qty: number }>();
  for (const d of docs) {
    const sign = d.kind === "credit" ? -1n : 1n;
    for (const l of d.lines) {
      const key = `${l.hsn}|${rateOf(l.rate)}`;
      const sum = hsnSums.get(key) ?? {
        hsn: l.hsn,
        qty: 0,
        rate: l.rate,
        taxable: 0n,
        igst: 0n,
        cgst: 0n,
        sgst: 0n,
      };
      sum.qty += Number(sign) * l.quantity;
      sum.taxable += sign * l.taxable;
      sum.igst += sign * l.igst;
      sum.cgst += sign * l.cgst;
      sum.sgst += sign * l.sgst;
      hsnSums.set(key, sum);
    }
  }
  const hsnRows = [...hsnSums.values()].sort(
    (a, b) => a.hsn.localeCompare(b.hsn) || rateOf(a.rate) - rateOf(b.rate),
  );
  const hsn = {
    data: hsnRows.map((s, i) => ({
      num: i + 1,
      hsn_sc: s.hsn,
      uqc: s.hsn.startsWith("99") ? "NA" : "NOS",
      qty: s.qty,
      rt: rateOf(s.rate),
      txval: rupees(s.taxable),
      iamt: rupees(s.igst),
      camt: rupees(s.cgst),
      samt: rupees(s.sgst),
      csamt: 0,
    })),
  };

  // Documents issued: per nature and series, first and last number; missing numbers are cancelled.
  const doc_det = (["invoice", "debit", "credit"] as const).flatMap((kind) => {
    const ofKind = docs.filter((d) => d.kind === kind);
    if (ofKind.length === 0) return [];
    const series = [...groupBy(ofKind, (d) => seriesOf(d.number))].sort(([a], [b]) => a.localeCompare(b));
    return [
      {
        doc_num: GSTR1_DOC_NATURES[kind].num,
        doc_typ: GSTR1_DOC_NATURES[kind].label,
        docs: series.map(([, list], i) => {
          const numbers = list.map((d) => d.number).sort();
          const seqs = numbers.map((n) => Number(n.match(/(\d+)$/)?.[1] ?? 0));
          const from = numbers[0] ?? "";
          const to = numbers[numbers.length - 1] ?? "";
          const totnum = Math.max(...seqs) - Math.min(...seqs) + 1;
          const cancel = totnum - new Set(seqs).size;
          return { num: i + 1, from, to, totnum, cancel, net_issue: totnum - cancel };
        }),
      },
    ];
  });

  const json = {
    gstin,
    fp: gstr1Period(month),
    b2b,
    b2cs,
    cdnr,
    hsn,
    doc_issue: { doc_det },
  };
  const totals = {
    /** Invoices plus debit notes less credit notes. */
    net: totalsOf(docs, (d) => (d.kind === "credit" ? -1n : 1n)),
    invoices: totalsOf(docs.filter((d) => d.kind === "invoice")),
    creditNotes: totalsOf(docs.filter((d) => d.kind === "credit")),
    debitNotes: totalsOf(docs.filter((d) => d.kind === "debit")),
    b2b: totalsOf(registered.filter((d) => d.kind === "invoice")),
    b2c: totalsOf(unregistered, (d) => (d.kind === "credit" ? -1n : 1n)),
  };
  return { json, totals, documents: docs };
}
export type Gstr1 = ReturnType<typeof buildGstr1>;

export const GSTR1_CSV_HEADER = [
  "Section",
  "Partner GSTIN",
  "Document type",
  "Document number",
  "Document date",
  "Place of supply",
  "Document value",
  "HSN/SAC",
  "Quantity",
  "Rate",
  "Taxable value",
  "IGST",
  "CGST",
  "SGST",
  "Cess",
] as const;

const DOC_TYPE_NAMES = { invoice: "Invoice", credit: "Credit Note", debit: "Debit Note" } as const;

/** The GSTR-1 as CSV rows (without the header): one row per document and rate, then the HSN summary. */
export function gstr1CsvRows(gstr1: Gstr1, gstin: string): string[][] {
  const m = paiseToDecimal;
  const rows: string[][] = [];
  for (const d of gstr1.documents) {
    const section = d.partnerGstin ? (d.kind === "invoice" ? "B2B" : "CDNR") : "B2CS";
    for (const s of perRate(d.lines)) {
      rows.push([
        section,
        d.partnerGstin ?? "",
        DOC_TYPE_NAMES[d.kind],
        d.number,
        gstr1Date(d.day),
        posOf(d.placeOfSupply, gstin),
        m(d.value),
        "",
        "",
        s.rate,
        m(s.taxable),
        m(s.igst),
        m(s.cgst),
        m(s.sgst),
        "0.00",
      ]);
    }
  }
  for (const h of gstr1.json.hsn.data) {
    rows.push([
      "HSN",
      "",
      "",
      "",
      "",
      "",
      "",
      h.hsn_sc,
      String(h.qty),
      h.rt.toFixed(2),
      h.txval.toFixed(2),
      h.iamt.toFixed(2),
      h.camt.toFixed(2),
      h.samt.toFixed(2),
      "0.00",
    ]);
  }
  return rows;
}
