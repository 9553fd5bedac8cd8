/** The ledger statement as PDF (pdfmake, Roboto with the ₹ sign), in the invoice PDF's style. */
import type { LedgerStatement, LedgerStatementEntry } from "@portal/contracts";
import { formatRupees } from "@portal/domain";
import { pdfCells, renderPdf } from "../../lib/pdfmake";

const { cell, right, head, dmy } = pdfCells;
const rupees = (amount: string) => (amount === "0.00" ? "" : formatRupees(amount));

export function statementDocument(s: LedgerStatement, partner: { name: string; email: string }): object {
  const [opening, ...entries] = s.ledger;
  const rows = (entries as LedgerStatementEntry[]).map((e) => [
    cell(dmy(e.approvedDate)),
    cell(e.voucherType),
    cell(e.voucherNumber),
    cell(`${e.descTitle}\n${e.description}`),
    cell(e.B2BReferenceNumber ?? ""),
    right(rupees(e.debit)),
    right(rupees(e.credit)),
    right(`${formatRupees(e.balance)} ${e.crdrBalance}`),
  ]);
  const body = [
    ["Date", "Voucher type", "Voucher no.", "Particulars", "Reference", "Debit", "Credit", "Balance"].map(
      head,
    ),
    [
      cell(dmy(s.fromDate)),
      cell(""),
      cell(""),
      cell("Opening Balance", { bold: true }),
      cell(""),
      cell(""),
      cell(""),
      cell(`${formatRupees(opening.openingBalance)} ${opening.crdrOpeningBalance}`, {
        bold: true,
        alignment: "right",
      }),
    ],
    ...rows,
    ...(s.voucherType && s.otherEntries.count > 0
      ? [
          [
            cell(""),
            cell(""),
            cell(""),
            cell(`Other vouchers, not shown (${s.otherEntries.count} entries)`, { italics: true }),
            cell(""),
            right(rupees(s.otherEntries.debit)),
            right(rupees(s.otherEntries.credit)),
            cell(""),
          ],
        ]
      : []),
    [
      cell(dmy(s.toDate)),
      cell(""),
      cell(""),
      cell("Closing Balance", { bold: true }),
      cell(""),
      cell(formatRupees(s.totalDebit), { bold: true, alignment: "right" }),
      cell(formatRupees(s.totalCredit), { bold: true, alignment: "right" }),
      cell(`${formatRupees(s.closingBalance)} ${s.crdrClosingBalance}`, { bold: true, alignment: "right" }),
    ],
  ];
  return {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [30, 30, 30, 30],
    info: { title: `Ledger statement ${dmy(s.fromDate)} to ${dmy(s.toDate)}` },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    footer: (page: number, pages: number) => ({
      text: `Page ${page} of ${pages}`,
      alignment: "right",
      fontSize: 7,
      margin: [30, 5, 30, 0],
    }),
    content: [
      {
        columns: [
          [{ text: s.accTypeName, fontSize: 14, bold: true }, { text: `Ledger account ${s.ledgerAccount}` }],
          [
            { text: "LEDGER STATEMENT", fontSize: 14, bold: true, alignment: "right" },
            { text: `${dmy(s.fromDate)} to ${dmy(s.toDate)}`, alignment: "right" },
            ...(s.voucherType ? [{ text: `${s.voucherType} entries only`, alignment: "right" }] : []),
          ],
        ],
      },
      { text: " " },
      { text: partner.name, bold: true },
      { text: partner.email },
      { text: " " },
      {
        table: { headerRows: 1, widths: [48, 52, 80, "*", 60, 62, 62, 76], body },
        layout: "lightHorizontalLines",
      },
      { text: " " },
      {
        text: `Closing balance: ${formatRupees(s.closingBalance)} ${s.crdrClosingBalance === "Dr" ? "Debit" : "Credit"}`,
        bold: true,
        alignment: "right",
      },
      { text: " " },
      { text: "This is a computer generated statement.", fontSize: 7, color: "#666666" },
    ],
  };
}

export function statementPdf(s: LedgerStatement, partner: { name: string; email: string }): Promise<Buffer> {
  return renderPdf(statementDocument(s, partner));
}
