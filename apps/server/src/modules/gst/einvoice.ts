/**
 * The e-invoice (INV-01 v1.1) of a stored tax invoice, credit note or debit note, built from the
 * document as issued: its lines, rates, tax and totals are read, never computed again. The seller is
 * the issuing company registered in the dispatching warehouse's state (the warehouse's GSTIN), the
 * buyer the partner (the GSTIN the invoice recorded at issue) with the place of supply the state
 * shipped to. The ledger's own notes (staff and ageing notes of the head office) are value-only
 * service notes: one line at the SAC and the tax split their journal entry stated. Validated by the
 * NIC JSON schema (ajv) and by the IRP's arithmetic rules.
 */

import type { Invoice } from "@portal/contracts";
import {
  type Company,
  EINVOICE_SCHEMA_VERSION,
  EINVOICE_START_DAY,
  EINVOICE_UNIT,
  type Einvoice,
  type EinvoiceDocType,
  type EinvoiceItem,
  einvoiceAmount,
  einvoiceDate,
  einvoiceRuleProblems,
  gstStateCode,
  HEAD_OFFICE_PLACE,
  HEAD_OFFICE_STATE,
  paiseToDecimal,
  SHIPPING_CHARGE_SAC,
  type StatedNoteTax,
  toPaise,
} from "@portal/domain";
import Ajv from "ajv";
import type { CreditNoteDocument } from "../../db/schema";
import schema from "./schemas/einvoice-inv01-v1.1.schema.json" with { type: "json" };

// NIC's patterns escape characters JavaScript's unicode mode refuses (`\"`, `\/`): they are read as written.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
const validateSchema = ajv.compile(schema);

/** Why an e-invoice fails the NIC schema or the IRP's rules; empty when valid. */
export function einvoiceProblems(e: Einvoice): string[] {
  const schemaProblems = validateSchema(e)
    ? []
    : (validateSchema.errors ?? []).map((err) => `${err.instancePath || "/"} ${err.message ?? "is invalid"}`);
  return [...schemaProblems, ...einvoiceRuleProblems(e)];
}

/** The places an e-invoice names: the dispatching warehouse and the partner, as stored. */
export interface WarehousePlace {
  id: number;
  name: string;
  address: string;
  city: string;
  pincode: string;
  gstNo: string;
}
export interface PartnerPlace {
  name: string;
  gstin: string | null;
  address: string | null;
  shippingAddress1: string | null;
  shippingCity: string | null;
  pincode: string | null;
  state: string | null;
  shippingState?: string | null;
}

/** The stored tax invoice document's fields the e-invoice reads (`invoices.document`, the printed invoice). */
export type StoredTaxInvoice = Pick<
  Invoice,
  "company" | "warehouse" | "partner" | "lines" | "shippingCharge" | "totals"
>;

/** Whether a document of a day, billed to a GSTIN or not, takes an e-invoice (B2B from 2020-10-01). */
export const einvoiceApplies = (day: string, buyerGstin: string | null) =>
  day >= EINVOICE_START_DAY && buyerGstin !== null && buyerGstin !== "";

const amount = (money: string) => einvoiceAmount(toPaise(money));
const rate = (money: string) => Number(money);
/** Text as the schema allows it: no double quotes, at most `max` characters. */
const clean = (value: string, max: number) => value.replace(/"/g, "'").slice(0, max).trim();

function seller(company: { name: string }, warehouse: WarehousePlace) {
  return {
    Gstin: warehouse.gstNo,
    LglNm: clean(company.name, 100),
    Addr1: clean(warehouse.address, 100),
    Loc: clean(warehouse.city, 50),
    Pin: Number(warehouse.pincode),
    Stcd: warehouse.gstNo.slice(0, 2),
  };
}

function buyer(partner: PartnerPlace, name: string, gstin: string, shipState: string) {
  return {
    Gstin: gstin,
    LglNm: clean(name, 100),
    Pos: gstStateCode(shipState) ?? gstin.slice(0, 2),
    Addr1: clean(partner.address || partner.shippingAddress1 || name, 100),
    Loc: clean(partner.shippingCity || partner.state || "India", 100),
    Pin: Number(partner.pincode),
    Stcd: gstin.slice(0, 2),
  };
}

function dispatch(company: { name: string }, warehouse: WarehousePlace) {
  return {
    Nm: clean(`${company.name}, ${warehouse.name} warehouse`, 100),
    Addr1: clean(warehouse.address, 100),
    Loc: clean(warehouse.city, 100),
    Pin: Number(warehouse.pincode),
    Stcd: warehouse.gstNo.slice(0, 2),
  };
}

interface StoredLine {
  name: string;
  hsnCode: string;
  quantity: number;
  taxable: string;
  cgstRate: string;
  sgstRate: string;
  igstRate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

function item(slNo: number, l: StoredLine, isService: boolean): EinvoiceItem {
  const assessable = toPaise(l.taxable);
  const igst = toPaise(l.igst);
  const gstRate = igst > 0n ? rate(l.igstRate) : rate(l.cgstRate) + rate(l.sgstRate);
  return {
    SlNo: String(slNo),
    PrdDesc: clean(l.name.length >= 3 ? l.name : `${l.name} item`, 300),
    IsServc: isService ? "Y" : "N",
    HsnCd: l.hsnCode,
    Qty: l.quantity,
    Unit: isService ? "OTH" : EINVOICE_UNIT,
    // The unit price to the paisa's thousandth; unit price × quantity is the gross amount within a rupee.
    UnitPrice: Math.round(Number(assessable * 1000n) / 100 / l.quantity) / 1000,
    TotAmt: einvoiceAmount(assessable),
    AssAmt: einvoiceAmount(assessable),
    GstRt: gstRate,
    IgstAmt: amount(l.igst),
    CgstAmt: amount(l.cgst),
    SgstAmt: amount(l.sgst),
    TotItemVal: amount(l.total),
  };
}

function valueDetails(t: { taxable: string; cgst: string; sgst: string; igst: string; total: string }) {
  return {
    AssVal: amount(t.taxable),
    CgstVal: amount(t.cgst),
    SgstVal: amount(t.sgst),
    IgstVal: amount(t.igst),
    TotInvVal: amount(t.total),
  };
}

const TRANSACTION = { TaxSch: "GST", SupTyp: "B2B", RegRev: "N", IgstOnIntra: "N" } as const;

/** The e-invoice of a stored tax invoice. */
export function taxInvoiceEinvoice(
  invoice: { number: string; issuedOn: string; document: StoredTaxInvoice },
  warehouse: WarehousePlace,
  partner: PartnerPlace,
  buyerGstin: string,
): Einvoice {
  const doc = invoice.document;
  const lines: EinvoiceItem[] = doc.lines.filter((l) => l.quantity > 0).map((l, i) => item(i + 1, l, false));
  const charge = doc.shippingCharge;
  if (charge && toPaise(charge.amount) > 0n) {
    lines.push(
      item(
        lines.length + 1,
        {
          ...charge,
          name: "Shipping charge",
          hsnCode: SHIPPING_CHARGE_SAC,
          quantity: 1,
          total: charge.amount,
        },
        true,
      ),
    );
  }
  return {
    Version: EINVOICE_SCHEMA_VERSION,
    TranDtls: TRANSACTION,
    DocDtls: { Typ: "INV", No: invoice.number, Dt: einvoiceDate(invoice.issuedOn) },
    SellerDtls: seller(doc.company, warehouse),
    BuyerDtls: buyer(partner, doc.partner.name, buyerGstin, doc.partner.shipState),
    DispDtls: dispatch(doc.company, warehouse),
    ItemList: lines,
    ValDtls: valueDetails(doc.totals),
  };
}

/** The e-invoice of a sales return's credit note, referring to the invoice it credits. */
export function creditNoteEinvoice(
  note: CreditNoteDocument,
  invoice: { issuedOn: string; document: StoredTaxInvoice },
  warehouse: WarehousePlace,
  partner: PartnerPlace,
  buyerGstin: string,
): Einvoice {
  const doc = invoice.document;
  return {
    Version: EINVOICE_SCHEMA_VERSION,
    TranDtls: TRANSACTION,
    DocDtls: { Typ: "CRN" satisfies EinvoiceDocType, No: note.number, Dt: einvoiceDate(note.day) },
    SellerDtls: seller(doc.company, warehouse),
    BuyerDtls: buyer(partner, doc.partner.name, buyerGstin, doc.partner.shipState),
    DispDtls: dispatch(doc.company, warehouse),
    ItemList: note.lines.filter((l) => l.quantity > 0).map((l, i) => item(i + 1, l, false)),
    ValDtls: valueDetails(note.totals),
    RefDtls: { PrecDocDtls: [{ InvNo: note.invoiceNumber, InvDt: einvoiceDate(invoice.issuedOn) }] },
  };
}

/** A ledger-only note (a staff or ageing note of the head office) as its journal entry stored it. */
export interface StoredLedgerNote {
  type: "DBN" | "CRN";
  number: string;
  day: string;
  /** The note's amount (its debit or credit), GST inclusive. */
  amount: string;
}

/**
 * The e-invoice of a ledger-only note: a value-only note as the IRP takes one, a single service line
 * (IsServc "Y", quantity 1) at the SAC and the taxable value, rate and tax its entry stated. The
 * seller is the issuing company at its head office (the notes' series is warehouse 00), nothing is
 * dispatched; the place of supply is the partner's state the note was taxed for.
 */
export function ledgerNoteEinvoice(
  note: StoredLedgerNote,
  stated: StatedNoteTax,
  company: Company,
  partner: PartnerPlace,
  buyerGstin: string,
): Einvoice {
  const m = (p: bigint) => paiseToDecimal(p);
  const half = m(BigInt(Math.round(stated.rate * 50)));
  const line = item(
    1,
    {
      name: stated.what,
      hsnCode: stated.sac,
      quantity: 1,
      taxable: m(stated.taxable),
      cgstRate: stated.igst > 0n ? "0.00" : half,
      sgstRate: stated.igst > 0n ? "0.00" : half,
      igstRate: stated.igst > 0n ? m(BigInt(Math.round(stated.rate * 100))) : "0.00",
      cgst: m(stated.cgst),
      sgst: m(stated.sgst),
      igst: m(stated.igst),
      total: note.amount,
    },
    true,
  );
  // The state the ledger taxed the note for: shipping state, else billing state, else the head office's.
  const partnerState = partner.shippingState ?? partner.state ?? HEAD_OFFICE_STATE;
  return {
    Version: EINVOICE_SCHEMA_VERSION,
    TranDtls: TRANSACTION,
    DocDtls: { Typ: note.type, No: note.number, Dt: einvoiceDate(note.day) },
    SellerDtls: {
      Gstin: company.gstNo,
      LglNm: clean(company.name, 100),
      Addr1: clean(HEAD_OFFICE_PLACE.address, 100),
      Loc: clean(HEAD_OFFICE_PLACE.city, 50),
      Pin: Number(HEAD_OFFICE_PLACE.pincode),
      Stcd: company.gstNo.slice(0, 2),
    },
    BuyerDtls: buyer(partner, partner.name, buyerGstin, partnerState),
    ItemList: [line],
    ValDtls: {
      AssVal: einvoiceAmount(stated.taxable),
      CgstVal: einvoiceAmount(stated.cgst),
      SgstVal: einvoiceAmount(stated.sgst),
      IgstVal: einvoiceAmount(stated.igst),
      TotInvVal: amount(note.amount),
    },
  };
}
