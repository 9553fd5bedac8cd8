/**
 * The e-way bill (EWB-01) of a load, built from its stored documents as issued: the load's tax invoice
 * once shipped, before that the proforma invoices of its orders (the documents the goods are packed
 * against; shipping issues the tax invoice from the same order lines). Lines, rates, tax and totals
 * are read, never computed again; the lines are summed per HSN code and rate (the HSN summary). The
 * consignor is the issuing company at the dispatching warehouse (its GSTIN), the consignee the partner
 * at its shipping address; the transporter and docket are the hand-over's; the distance is the
 * domain's pincode table's. Validated by the e-way bill schema (ajv).
 */
import {
  EINVOICE_UNIT,
  type EwayBill,
  type EwayBillItem,
  einvoiceAmount,
  einvoiceDate,
  ewayBillDocNo,
  gstStateCode,
  indiaDay,
  toPaise,
  transporterGstin,
} from "@portal/domain";
import Ajv from "ajv";
import type { StoredTaxInvoice, WarehousePlace } from "./einvoice";
import schema from "./schemas/ewaybill-ewb01-v1.03.schema.json" with { type: "json" };

const ajv = new Ajv({ allErrors: true, strict: false });
const validateSchema = ajv.compile(schema);

/** Why an e-way bill fails NIC's schema; empty when valid. */
export function ewayBillProblems(bill: EwayBill): string[] {
  return validateSchema(bill)
    ? []
    : (validateSchema.errors ?? []).map((err) => `${err.instancePath || "/"} ${err.message ?? "is invalid"}`);
}

/** A stored invoice (tax or proforma) as the e-way bill reads it. */
export interface StoredDocument {
  number: string;
  issuedOn: string;
  document: StoredTaxInvoice;
}

/** The partner as the e-way bill names it: the consignee at its shipping address. */
export interface Consignee {
  name: string;
  gstin: string | null;
  address: string | null;
  shippingAddress1: string | null;
  shippingAddress2: string | null;
  shippingCity: string | null;
  shippingPincode: string | null;
  pincode: string | null;
  state: string | null;
}

/** The load's transport: who carries it and under which docket, handed over when. */
export interface LoadTransport {
  transporter: string | null;
  docketNo: string | null;
  handedOverAt: Date | null;
}

/** Text as NIC takes it: no double quotes, at most `max` characters. */
const clean = (value: string, max: number) =>
  value.replace(/"/g, "'").replace(/\s+/g, " ").trim().slice(0, max).trim();
const rupees = (paise: bigint) => einvoiceAmount(paise);

/** The consignee's pincode: the shipping one, else the registered one. */
export const consigneePincode = (c: Consignee) => c.shippingPincode || c.pincode || "";

/** The HSN summary: the documents' goods lines summed per HSN code and rate. */
function hsnSummary(documents: readonly StoredDocument[]): EwayBillItem[] {
  const groups = new Map<string, { item: EwayBillItem; names: Set<string>; taxable: bigint }>();
  for (const d of documents)
    for (const l of d.document.lines) {
      if (l.quantity <= 0) continue;
      const key = `${l.hsnCode}|${l.cgstRate}|${l.sgstRate}|${l.igstRate}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          item: {
            productName: "",
            productDesc: "",
            hsnCode: Number(l.hsnCode),
            quantity: 0,
            qtyUnit: EINVOICE_UNIT,
            cgstRate: Number(l.cgstRate),
            sgstRate: Number(l.sgstRate),
            igstRate: Number(l.igstRate),
            cessRate: 0,
            cessNonadvol: 0,
            taxableAmount: 0,
          },
          names: new Set(),
          taxable: 0n,
        };
        groups.set(key, g);
      }
      g.item.quantity += l.quantity;
      g.taxable += toPaise(l.taxable);
      g.names.add(l.name);
    }
  return [...groups.values()].map(({ item, names, taxable }) => {
    const [first = `HSN ${item.hsnCode}`] = names;
    return {
      ...item,
      productName: clean(first, 100),
      productDesc: clean(names.size > 1 ? `${first} and ${names.size - 1} more` : first, 100),
      taxableAmount: rupees(taxable),
    };
  });
}

/** The e-way bill's sums: goods (taxable and tax), the shipping charge as other value, the documents' total. */
export function ewayBillValues(documents: readonly StoredDocument[]) {
  let taxable = 0n;
  let cgst = 0n;
  let sgst = 0n;
  let igst = 0n;
  let other = 0n;
  let total = 0n;
  for (const d of documents) {
    for (const l of d.document.lines) {
      if (l.quantity <= 0) continue;
      taxable += toPaise(l.taxable);
      cgst += toPaise(l.cgst);
      sgst += toPaise(l.sgst);
      igst += toPaise(l.igst);
    }
    if (d.document.shippingCharge) other += toPaise(d.document.shippingCharge.amount);
    total += toPaise(d.document.totals.total);
  }
  return { taxable, cgst, sgst, igst, other, total, goods: taxable + cgst + sgst + igst };
}

/**
 * A load's e-way bill from its documents (the first names it: its number; the last its day), the
 * dispatching warehouse, the consignee, the transport and the distance in kilometres.
 */
export function loadEwayBill(
  documents: readonly StoredDocument[],
  warehouse: WarehousePlace,
  consignee: Consignee,
  transport: LoadTransport,
  distanceKm: number,
): EwayBill {
  const [first] = documents;
  if (!first) throw new Error("an e-way bill names at least one document");
  const last = documents.reduce((a, d) => (d.issuedOn > a.issuedOn ? d : a), first);
  const doc = first.document;
  const values = ewayBillValues(documents);
  const toGstin = doc.partner.billingGstNo || consignee.gstin || "URP";
  const fromState = Number(warehouse.gstNo.slice(0, 2));
  const shipState = Number(gstStateCode(doc.partner.shipState) ?? toGstin.slice(0, 2));
  const toState = toGstin === "URP" ? shipState : Number(toGstin.slice(0, 2));
  const docket = clean(transport.docketNo ?? "", 40)
    .replace(/[^a-zA-Z0-9/-]/g, "")
    .slice(0, 15);
  return {
    supplyType: "O",
    subSupplyType: "1",
    subSupplyDesc: "",
    docType: "INV",
    docNo: ewayBillDocNo(first.number),
    docDate: einvoiceDate(last.issuedOn),
    fromGstin: warehouse.gstNo,
    fromTrdName: clean(doc.company.name, 100),
    fromAddr1: clean(warehouse.address, 120),
    fromAddr2: clean(`${warehouse.name} warehouse`, 120),
    fromPlace: clean(warehouse.city, 50),
    fromPincode: Number(warehouse.pincode),
    actFromStateCode: fromState,
    fromStateCode: fromState,
    toGstin,
    toTrdName: clean(doc.partner.name || consignee.name, 100),
    toAddr1: clean(consignee.shippingAddress1 || consignee.address || consignee.name, 120),
    toAddr2: clean(consignee.shippingAddress2 ?? "", 120),
    toPlace: clean(consignee.shippingCity || consignee.state || "India", 50),
    toPincode: Number(consigneePincode(consignee)),
    actToStateCode: shipState,
    toStateCode: toState,
    transactionType: 1,
    otherValue: rupees(values.other),
    totalValue: rupees(values.taxable),
    cgstValue: rupees(values.cgst),
    sgstValue: rupees(values.sgst),
    igstValue: rupees(values.igst),
    cessValue: 0,
    cessNonAdvolValue: 0,
    totInvValue: rupees(values.total),
    transporterId: transporterGstin(transport.transporter) ?? "",
    transporterName: clean(transport.transporter ?? "", 100),
    transDocNo: docket,
    transDocDate: transport.handedOverAt && docket ? einvoiceDate(indiaDay(transport.handedOverAt)) : "",
    transMode: "1",
    transDistance: String(distanceKm),
    vehicleNo: "",
    vehicleType: "R",
    itemList: hsnSummary(documents),
  };
}
