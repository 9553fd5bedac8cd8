/** The printed invoice as PDF: the partners' download and the staff's invoices desk print the same. */
import type { Invoice } from "@portal/contracts";
import {
  amountInWords,
  formatRupees,
  INTRA_STATE_GST,
  SHIPPING_CHARGE_SAC,
  taxIdLabelOf,
} from "@portal/domain";
import { pdfCells, renderPdf } from "../../lib/pdfmake";
import type { EinvoiceRegistration } from "../gst/public";

const rupees = (amount: string) => formatRupees(amount);
const { cell, right, head, dmy } = pdfCells;

/** India's date and time of an instant: dd/MM/yyyy HH:mm. */
const indiaDateTime = (at: Date) => {
  const india = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${india.slice(8, 10)}/${india.slice(5, 7)}/${india.slice(0, 4)} ${india.slice(11, 16)}`;
};

/** The e-invoice block: IRN, acknowledgement and the IRP's signed QR code (pdfmake draws the QR). */
const einvoiceBlock = (e: EinvoiceRegistration) => ({
  columns: [
    [
      { text: "E-invoice", bold: true },
      { text: `IRN: ${e.irn}`, fontSize: 8 },
      { text: `Ack No: ${e.ackNo}` },
      { text: `Ack Date: ${indiaDateTime(e.ackAt)}` },
      { text: `Buyer GSTIN: ${e.buyerGstin}` },
    ],
    { qr: e.signedQr, fit: 150, alignment: "right", eccLevel: "L" },
  ],
});

/** The pdfmake document of an invoice (with its e-invoice block once registered with the IRP). */
export function invoiceDocument(invoice: Invoice, einvoice: EinvoiceRegistration | null = null): object {
  // Before GST (VAT and CST) a dealer was known by its TIN, from 2017-07-01 by its GSTIN.
  const taxId = taxIdLabelOf(invoice.issuedOn);
  const gst = invoice.taxRegime === INTRA_STATE_GST || invoice.taxRegime === "IGST";
  const oldTax = invoice.taxRegime === "CST" ? "CST" : "VAT";
  const taxHeads = gst
    ? invoice.taxRegime === "IGST"
      ? ["IGST %", "IGST"]
      : ["CGST %", "CGST", "SGST %", "SGST"]
    : [`${oldTax} %`, oldTax];
  const taxCells = (l: Invoice["lines"][number] | NonNullable<Invoice["shippingCharge"]>) =>
    gst
      ? invoice.taxRegime === "IGST"
        ? [right(l.igstRate), right(rupees(l.igst))]
        : [right(l.cgstRate), right(rupees(l.cgst)), right(l.sgstRate), right(rupees(l.sgst))]
      : [right(l.vatRate ?? ""), right(rupees("vatAmount" in l ? l.vatAmount : l.vat))];
  const charge = invoice.shippingCharge;
  const totalTax = gst
    ? invoice.taxRegime === "IGST"
      ? ["", right(rupees(invoice.totals.igst))]
      : ["", right(rupees(invoice.totals.cgst)), "", right(rupees(invoice.totals.sgst))]
    : ["", right(rupees(invoice.totals.vat))];
  const widths = ["auto", "auto", "*", "auto", "auto", "auto", "auto", ...taxHeads.map(() => "auto"), "auto"];
  const body = [
    // figures from Qty on are right-aligned, and so are their heads
    ["#", "Order", "Product", "HSN", "Qty", "Rate", "Taxable", ...taxHeads, "Total"].map((text, i) =>
      i >= 4 ? { ...head(text), alignment: "right" } : head(text),
    ),
    ...invoice.lines.map((l, i) => [
      cell(String(i + 1)),
      cell(l.poid),
      cell(`${l.productId} ${l.name}`),
      cell(l.hsnCode),
      right(String(l.quantity)),
      right(rupees(l.actualPrice)),
      right(rupees(l.taxable)),
      ...taxCells(l),
      right(rupees(l.total)),
    ]),
    ...(charge
      ? [
          [
            cell(String(invoice.lines.length + 1)),
            cell(""),
            cell(`Shipping charge (GST inclusive, SAC ${SHIPPING_CHARGE_SAC})`),
            cell(SHIPPING_CHARGE_SAC),
            right("1"),
            right(rupees(charge.amount)),
            right(rupees(charge.taxable)),
            ...taxCells(charge),
            right(rupees(charge.amount)),
          ],
        ]
      : []),
    [
      cell("Total", { bold: true, colSpan: 6 }),
      "",
      "",
      "",
      "",
      "",
      right(rupees(invoice.totals.taxable)),
      ...totalTax,
      cell(rupees(invoice.totals.total), { bold: true, alignment: "right" }),
    ],
  ];
  return {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [30, 30, 30, 30],
    info: { title: `${invoice.kind} ${invoice.number}` },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: [
      {
        columns: [
          [
            { text: invoice.company.name, fontSize: 14, bold: true },
            { text: `${taxId}: ${invoice.company.gstNo}` },
            { text: `CIN: ${invoice.company.cin}` },
          ],
          [
            { text: invoice.kind, fontSize: 14, bold: true, alignment: "right" },
            { text: `Invoice No: ${invoice.number}`, alignment: "right" },
            { text: `Date: ${dmy(invoice.issuedOn)}`, alignment: "right" },
            ...(invoice.poid ? [{ text: `Order: ${invoice.poid}`, alignment: "right" }] : []),
            ...(invoice.loadId ? [{ text: `Load: ${invoice.loadId}`, alignment: "right" }] : []),
          ],
        ],
      },
      { text: " " },
      {
        columns: [
          [
            { text: "Ship from", bold: true },
            { text: `${invoice.warehouse.name} (warehouse ${invoice.warehouse.id})` },
            { text: invoice.warehouse.address },
            { text: `Warehouse ${taxId}: ${invoice.warehouse.gstNo}` },
          ],
          [
            { text: "Bill to", bold: true },
            { text: invoice.partner.name },
            { text: `Ship state: ${invoice.partner.shipState}` },
            { text: `${taxId}: ${invoice.partner.billingGstNo ?? "Not registered"}` },
            ...(invoice.shipOutDate ? [{ text: `Ship-out date: ${dmy(invoice.shipOutDate)}` }] : []),
          ],
        ],
      },
      { text: " " },
      ...(einvoice ? [einvoiceBlock(einvoice), { text: " " }] : []),
      { text: `Tax: ${invoice.taxRegime}`, fontSize: 8 },
      { table: { headerRows: 1, widths, body }, layout: "lightHorizontalLines" },
      { text: " " },
      { text: `Amount payable: ${rupees(invoice.total)}`, bold: true, alignment: "right" },
      { text: amountInWords(invoice.total), italics: true, alignment: "right" },
      { text: " " },
      { text: "This is a computer generated invoice.", fontSize: 7, color: "#666666" },
    ],
  };
}

export async function invoicePdf(
  invoice: Invoice,
  einvoice: EinvoiceRegistration | null = null,
): Promise<Buffer> {
  return renderPdf(invoiceDocument(invoice, einvoice));
}
