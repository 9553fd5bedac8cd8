/** A kiosk order's receipt and GST invoice as PDF, in the look of every other document (pdfCells). */
import type { KioskInvoice, KioskReceipt } from "@portal/contracts";
import {
  amountInWords,
  formatDateTime,
  formatRupees,
  fromReceiptClock,
  INTRA_STATE_GST,
} from "@portal/domain";
import { pdfCells, renderPdf } from "../../lib/pdfmake";

const { cell, right, head, dmy } = pdfCells;
const rightHead = (text: string) => ({ ...head(text), alignment: "right" });

/** The seller's name across the page, then its details on the left and the document's on the right. */
const header = (title: string, lines: string[], side: string[]) => [
  { text: title, fontSize: 14, bold: true },
  {
    columns: [
      lines.map((text) => ({ text })),
      side.map((text, i) => ({ text, alignment: "right", ...(i === 0 ? { bold: true } : {}) })),
    ],
  },
];

/** The receipt the customer takes home: what they bought and paid at the counter, with voucher codes. */
export function receiptDocument(r: KioskReceipt): object {
  const body = [
    [head("Item"), rightHead("Qty"), rightHead("Price"), rightHead("Amount")],
    ...r.lines.map((l) => [
      cell(l.voucherCodes.length > 0 ? `${l.name}\nCodes: ${l.voucherCodes.join(", ")}` : l.name),
      right(String(l.qty)),
      right(formatRupees(l.unitAmount)),
      right(formatRupees(l.amount)),
    ]),
    [
      cell("Total paid", { bold: true, colSpan: 3 }),
      "",
      "",
      cell(formatRupees(r.totalAmount), { bold: true, alignment: "right" }),
    ],
  ];
  const name = [r.customer.firstName, r.customer.lastName].filter(Boolean).join(" ");
  return {
    pageSize: "A5",
    pageMargins: [28, 28, 28, 28],
    info: { title: `Receipt ${r.receiptNo}` },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: [
      header(
        r.storeName,
        ["Kiosk order receipt"],
        [`Receipt No: ${r.receiptNo}`, `Order: ${r.orderId}`, r.poid],
      ),
      { text: " " },
      { text: `Customer: ${name ? `${name} · ` : ""}${r.customer.mobileNo}` },
      { text: `Ordered: ${formatDateTime(fromReceiptClock(r.createdAt))}` },
      {
        text: `Paid: ${formatDateTime(fromReceiptClock(r.paidAt))} · ${r.paymentMode} at the store counter${r.paymentReference ? ` (${r.paymentReference})` : ""}`,
      },
      { text: " " },
      {
        table: { headerRows: 1, widths: ["*", "auto", "auto", "auto"], body },
        layout: "lightHorizontalLines",
      },
      { text: " " },
      { text: amountInWords(r.totalAmount), italics: true, alignment: "right" },
      { text: " " },
      { text: "Thank you for shopping with us.", fontSize: 8, color: "#666666" },
    ],
  };
}

/** The GST invoice of the sale: each line's taxable value and tax by the engine, and the totals. */
export function kioskInvoiceDocument(inv: KioskInvoice): object {
  const split = inv.regime === INTRA_STATE_GST;
  const taxHeads = split ? ["CGST", "SGST"] : ["IGST"];
  const taxCells = (t: { cgst: string; sgst: string; igst: string }) =>
    split ? [right(formatRupees(t.cgst)), right(formatRupees(t.sgst))] : [right(formatRupees(t.igst))];
  const body = [
    [
      head("#"),
      head("Item"),
      head("HSN"),
      rightHead("Qty"),
      rightHead("GST %"),
      rightHead("Taxable"),
      ...taxHeads.map(rightHead),
      rightHead("Total"),
    ],
    ...inv.lines.map((l, i) => [
      cell(String(i + 1)),
      cell(l.kind === "voucher" ? `${l.name} (no GST until redeemed)` : l.name),
      cell(l.hsnCode ?? ""),
      right(String(l.qty)),
      right(l.kind === "voucher" ? "" : l.gstRate),
      right(formatRupees(l.taxable)),
      ...taxCells(l),
      right(formatRupees(l.total)),
    ]),
  ];
  const t = inv.totals;
  const totalRow = (label: string, amount: string, bold = false) => ({
    columns: [
      { text: label, alignment: "right", bold },
      { text: formatRupees(amount), alignment: "right", width: 90, bold },
    ],
  });
  return {
    pageSize: "A4",
    pageMargins: [30, 30, 30, 30],
    info: { title: `Tax invoice ${inv.invoiceNo}` },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    content: [
      ...header(
        inv.seller.name,
        [inv.seller.address, `GSTIN: ${inv.seller.gstin ?? "Not registered"}`],
        [
          "Tax Invoice",
          `Invoice No: ${inv.invoiceNo}`,
          `Date: ${dmy(inv.issuedOn)}`,
          `Order: ${inv.orderId} · ${inv.poid}`,
        ],
      ),
      { text: " " },
      { text: `Bill to: ${inv.customer.name} · ${inv.customer.mobileNo}` },
      {
        text: `Place of supply: ${inv.seller.state} · Tax: ${inv.regime} · Paid by ${inv.paymentMode} at the store counter`,
      },
      { text: " " },
      {
        table: {
          headerRows: 1,
          widths: ["auto", "*", "auto", "auto", "auto", "auto", ...taxHeads.map(() => "auto"), "auto"],
          body,
        },
        layout: "lightHorizontalLines",
      },
      { text: " " },
      totalRow("Taxable value", t.taxable),
      ...(split ? [totalRow("CGST", t.cgst), totalRow("SGST", t.sgst)] : [totalRow("IGST", t.igst)]),
      ...(t.vouchers !== "0.00" ? [totalRow("Gift vouchers", t.vouchers)] : []),
      ...(t.roundOff !== "0.00" ? [totalRow("Round off", t.roundOff)] : []),
      totalRow("Invoice total", t.total, true),
      { text: amountInWords(t.total), italics: true, alignment: "right" },
      { text: " " },
      { text: "MRP includes GST. This is a computer generated invoice.", fontSize: 7, color: "#666666" },
    ],
  };
}

export const receiptPdf = (r: KioskReceipt): Promise<Buffer> => renderPdf(receiptDocument(r));
export const kioskInvoicePdf = (inv: KioskInvoice): Promise<Buffer> => renderPdf(kioskInvoiceDocument(inv));
