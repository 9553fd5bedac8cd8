/**
 * E-invoices (schema INV-01, version 1.1): the part of the IRP's JSON the portal fills, and the
 * arithmetic rules the Invoice Registration Portal applies beyond the JSON schema: each item's tax is
 * its assessable value times its rate within one rupee, the items add up to the totals, IGST only
 * when the place of supply differs from the seller's state (CGST and SGST otherwise), and every
 * GSTIN is well formed with its check character.
 */
import { gstinProblem } from "./gstin";

/** E-invoices are issued for documents dated from this day (the IRP's first phase). */
export const EINVOICE_START_DAY = "2020-10-01";
export const EINVOICE_SCHEMA_VERSION = "1.1";
/** The unit quantity code (UQC) of the goods the portal sells: pieces. */
export const EINVOICE_UNIT = "PCS";
/** The IRP's tolerance on an item's tax (assessable value × rate) and on the totals: one rupee. */
export const EINVOICE_TOLERANCE_RUPEES = 1;

export type EinvoiceDocType = "INV" | "CRN" | "DBN";

export interface EinvoiceParty {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
}

export interface EinvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: "Y" | "N";
  HsnCd: string;
  Qty: number;
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  TotItemVal: number;
}

/** An INV-01 v1.1 e-invoice as the portal builds it (B2B, no reverse charge, no e-commerce operator). */
export interface Einvoice {
  Version: string;
  TranDtls: { TaxSch: "GST"; SupTyp: "B2B"; RegRev: "N"; IgstOnIntra: "N" };
  DocDtls: { Typ: EinvoiceDocType; No: string; Dt: string };
  SellerDtls: EinvoiceParty;
  BuyerDtls: EinvoiceParty & { Pos: string };
  /** Where goods are dispatched from (a warehouse); a service note dispatches nothing. */
  DispDtls?: { Nm: string; Addr1: string; Addr2?: string; Loc: string; Pin: number; Stcd: string };
  ItemList: EinvoiceItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    TotInvVal: number;
  };
  RefDtls?: { PrecDocDtls: { InvNo: string; InvDt: string }[] };
}

/** An India day (yyyy-MM-dd) as the IRP writes dates: dd/MM/yyyy. */
export const einvoiceDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A rupee amount rounded to paise, as a JSON number (the IRP's amounts have two decimals). */
export const einvoiceAmount = (paise: bigint) => Number(paise) / 100;

const cents = (rupees: number) => Math.round(rupees * 100);
const near = (a: number, b: number) => Math.abs(cents(a) - cents(b)) <= EINVOICE_TOLERANCE_RUPEES * 100;

/**
 * The IRP's arithmetic and GSTIN rules an e-invoice breaks, each as a sentence naming the field;
 * empty when it passes them all.
 */
export function einvoiceRuleProblems(e: Einvoice): string[] {
  const problems: string[] = [];
  const seller = e.SellerDtls;
  const buyer = e.BuyerDtls;
  for (const [who, gstin, stcd] of [
    ["SellerDtls", seller.Gstin, seller.Stcd],
    ["BuyerDtls", buyer.Gstin, buyer.Stcd],
  ] as const) {
    const problem = gstinProblem(gstin);
    if (problem) problems.push(`${who}.Gstin ${gstin}: ${problem}`);
    else if (gstin.slice(0, 2) !== stcd.padStart(2, "0"))
      problems.push(`${who}.Stcd ${stcd} is not the state of GSTIN ${gstin}`);
  }
  const interState = buyer.Pos.padStart(2, "0") !== seller.Stcd.padStart(2, "0");
  let ass = 0;
  let cgst = 0;
  let sgst = 0;
  let igst = 0;
  let total = 0;
  for (const item of e.ItemList) {
    const at = `ItemList[${item.SlNo}]`;
    const tax = item.IgstAmt + item.CgstAmt + item.SgstAmt;
    const expected = (item.AssAmt * item.GstRt) / 100;
    if (!near(tax, expected))
      problems.push(
        `${at}: tax ${tax.toFixed(2)} is not assessable value × ${item.GstRt}% = ${expected.toFixed(2)} (±₹1)`,
      );
    if (interState && (item.CgstAmt !== 0 || item.SgstAmt !== 0))
      problems.push(
        `${at}: CGST/SGST on a supply to another state (place of supply ${buyer.Pos}, seller ${seller.Stcd})`,
      );
    if (!interState && item.IgstAmt !== 0)
      problems.push(`${at}: IGST on a supply within the seller's state ${seller.Stcd}`);
    if (!near(item.UnitPrice * item.Qty, item.TotAmt))
      problems.push(
        `${at}: unit price × quantity ${(item.UnitPrice * item.Qty).toFixed(2)} is not the gross amount ${item.TotAmt.toFixed(2)}`,
      );
    if (cents(item.TotItemVal) !== cents(item.AssAmt) + cents(tax))
      problems.push(`${at}: item value ${item.TotItemVal.toFixed(2)} is not assessable value + tax`);
    ass += cents(item.AssAmt);
    cgst += cents(item.CgstAmt);
    sgst += cents(item.SgstAmt);
    igst += cents(item.IgstAmt);
    total += cents(item.TotItemVal);
  }
  const v = e.ValDtls;
  for (const [field, sum, value] of [
    ["AssVal", ass, v.AssVal],
    ["CgstVal", cgst, v.CgstVal],
    ["SgstVal", sgst, v.SgstVal],
    ["IgstVal", igst, v.IgstVal],
    ["TotInvVal", total, v.TotInvVal],
  ] as const) {
    if (Math.abs(sum - cents(value)) > EINVOICE_TOLERANCE_RUPEES * 100)
      problems.push(`ValDtls.${field} ${value.toFixed(2)} is not the items' sum ${(sum / 100).toFixed(2)}`);
  }
  return problems;
}

/**
 * The head office that issues the ledger's own notes (staff notes and ageing notes, warehouse 00 of
 * the D and C series): both companies' registered office in Maharashtra (GST state 27, the state of
 * their GSTINs), the seller's address on those notes' e-invoices.
 */
export const HEAD_OFFICE_PLACE = {
  address: "Little Steps House, 14 Senapati Bapat Marg, Lower Parel",
  city: "Mumbai",
  pincode: "400013",
} as const;

/** The GST a ledger note states it carries: its SAC, taxable value, rate and tax (paise). */
export interface StatedNoteTax {
  /** What the note is for (its description before the stated tax). */
  what: string;
  sac: string;
  taxable: bigint;
  /** The GST rate in percent (CGST + SGST, or IGST). */
  rate: number;
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

const rupees = String.raw`(\d+\.\d{2})`;
const percent = String.raw`(\d+(?:\.\d+)?)%`;
const STATED_TAX = new RegExp(
  String.raw`^(.*) \(SAC (\d{4,8}); taxable ${rupees}, (?:IGST ${percent} ${rupees}|CGST ${percent} ${rupees} \+ SGST ${percent} ${rupees})\)$`,
  "s",
);
const paiseOf = (amount: string) => BigInt(amount.replace(".", ""));

/**
 * The tax split a ledger note stored, read from its journal description as the ledger wrote it at
 * posting ("… (SAC 9968; taxable 4000.00, CGST 9% 360.00 + SGST 9% 360.00)", or "IGST 18% …"):
 * never computed again. Null when the note states no GST (a correcting entry, a note before GST).
 */
export function statedNoteTax(description: string): StatedNoteTax | null {
  const m = STATED_TAX.exec(description);
  if (!m) return null;
  const [, what = "", sac = "", taxable = "", igstRate, igst, cgstRate, cgst, sgstRate, sgst] = m;
  if (igstRate !== undefined && igst !== undefined)
    return {
      what,
      sac,
      taxable: paiseOf(taxable),
      rate: Number(igstRate),
      cgst: 0n,
      sgst: 0n,
      igst: paiseOf(igst),
    };
  return {
    what,
    sac,
    taxable: paiseOf(taxable),
    rate: Number(cgstRate) + Number(sgstRate),
    cgst: paiseOf(cgst ?? "0.00"),
    sgst: paiseOf(sgst ?? "0.00"),
    igst: 0n,
  };
}
