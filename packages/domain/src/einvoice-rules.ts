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
  DispDtls: { Nm: string; Addr1: string; Addr2?: string; Loc: string; Pin: number; Stcd: string };
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

/** What staff are told about e-invoices. */
export const einvoiceMessages = {
  invoiceNotFound: "No such invoice.",
  proforma: "A proforma invoice takes no e-invoice: only tax invoices, credit notes and debit notes do.",
  beforeStart: (day: string) =>
    `This document is dated ${day}: e-invoices are issued for documents from ${EINVOICE_START_DAY} on.`,
  noBuyerGstin: "The partner has no GSTIN: a sale to an unregistered buyer (B2C) takes no e-invoice.",
  documentNotFound: "No such tax invoice, credit note or debit note.",
  noCreditedInvoice: "The invoice this credit note credits is not on record: its e-invoice cannot name it.",
  irpRefused: (error: string) => `The IRP refused: ${error}`,
  alreadyRegistered: (number: string) => `${number} is registered with the IRP already.`,
  cancelledBefore: (number: string) =>
    `${number}'s IRN was cancelled: the IRP does not take the same document number again.`,
  notRegistered: (number: string) => `${number} has no registered IRN to cancel.`,
  cancelWindowOver: (number: string) =>
    `${number}'s IRN can no longer be cancelled: the IRP allows it within 24 hours of the acknowledgement.`,
} as const;
