import {
  Invoice,
  LedgerAccTypes,
  LedgerShipmentOrders,
  LedgerSrDetails,
  LedgerStatement,
  type LedgerStatementEntry,
  LedgerTransaction,
} from "@portal/contracts";
import { formatDate } from "@portal/domain";
import Papa from "papaparse";
import { request, requestFile } from "../../lib/api";

export type LedgerFilter = {
  ledgerAccount: number;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};

export const ledgerApi = {
  statement: (f: LedgerFilter) =>
    request("/api/ledger/getLedger", { method: "POST", body: f, schema: LedgerStatement }),
  accTypes: () => request("/api/ledger/getAccTypes", { schema: LedgerAccTypes }),
  shipmentOrders: (loadId: number) =>
    request(`/api/ledger/sales/porder/${loadId}`, { schema: LedgerShipmentOrders }),
  loadInvoice: (loadId: number) => request("/api/cpo/getLoadInvoice", { query: { loadId }, schema: Invoice }),
  srDetails: (referenceId: string, noteType: string) =>
    request(`/api/ledger/srdetails/${encodeURIComponent(referenceId)}`, {
      query: { noteType },
      schema: LedgerSrDetails,
    }),
  transaction: (acc: number, id: number) =>
    request(`/api/ledger/transactionDetails/${acc}/${id}`, { schema: LedgerTransaction }),
};

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const LEDGER_CSV_COLUMNS = [
  "Date",
  "Voucher Type",
  "Voucher No",
  "Particulars",
  "Description",
  "Reference",
  "Debit",
  "Credit",
  "Balance",
  "Dr/Cr",
] as const;

/** The statement as CSV rows: the opening balance, every entry, the closing balance. */
export function ledgerCsv(s: LedgerStatement): string {
  const [opening, ...entries] = s.ledger;
  const rows = [
    [
      formatDate(s.fromDate),
      "",
      "",
      "Opening Balance",
      "",
      "",
      "",
      "",
      opening.openingBalance,
      opening.crdrOpeningBalance,
    ],
    ...(entries as LedgerStatementEntry[]).map((e) => [
      formatDate(e.approvedDate),
      e.voucherType,
      e.voucherNumber,
      e.descTitle,
      e.description,
      e.B2BReferenceNumber ?? "",
      e.debit,
      e.credit,
      e.balance,
      e.crdrBalance,
    ]),
    [
      formatDate(s.toDate),
      "",
      "",
      "Closing Balance",
      "",
      "",
      s.totalDebit,
      s.totalCredit,
      s.closingBalance,
      s.crdrClosingBalance,
    ],
  ];
  return Papa.unparse({ fields: [...LEDGER_CSV_COLUMNS], data: rows });
}

export const ledgerDownloads = {
  csv: (s: LedgerStatement) =>
    saveBlob(
      new Blob([`\uFEFF${ledgerCsv(s)}`], { type: "text/csv;charset=utf-8" }),
      `ledger-${s.ledgerAccount}-${s.fromDate}-${s.toDate}.csv`,
    ),
  pdf: async (f: LedgerFilter) => {
    const { blob, filename } = await requestFile("/api/ledger/getLedger/pdf", { method: "POST", body: f });
    saveBlob(blob, filename ?? "ledger.pdf");
  },
  invoicePdf: async (loadId: number) => {
    const { blob, filename } = await requestFile("/api/cpo/getLoadInvoice/pdf", { query: { loadId } });
    saveBlob(blob, filename ?? "invoice.pdf");
  },
};
