import {
  type GetLedgerBody,
  Invoice,
  LedgerAccTypes,
  LedgerShipmentOrders,
  LedgerSrDetails,
  LedgerStatement,
  type LedgerStatementEntry,
  LedgerTransaction,
} from "@portal/contracts";
import { formatDate } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import Papa from "papaparse";
import type { z } from "zod";
import { request, requestFile } from "../../lib/api";

/** The statement's filter as POST /api/ledger/getLedger takes it. */
export type LedgerFilter = z.input<typeof GetLedgerBody>;

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

export const ledgerKeys = {
  all: ["ledger"] as const,
  accTypes: () => [...ledgerKeys.all, "accTypes"] as const,
  statement: (f: LedgerFilter) => [...ledgerKeys.all, "statement", f] as const,
  invoice: (loadId: number | null) => [...ledgerKeys.all, "invoice", loadId] as const,
  orders: (loadId: number | null) => [...ledgerKeys.all, "orders", loadId] as const,
  srDetails: (referenceId: string, noteType: string) =>
    [...ledgerKeys.all, "srdetails", referenceId, noteType] as const,
  /** acc and id as the route gives them (text). */
  transaction: (acc: string, id: string) => [...ledgerKeys.all, "transaction", acc, id] as const,
};

/** The popups' queries take a load id or null (closed: not asked). */
export const ledgerQueries = {
  accTypes: () => queryOptions({ queryKey: ledgerKeys.accTypes(), queryFn: ledgerApi.accTypes }),
  statement: (f: LedgerFilter) =>
    queryOptions({ queryKey: ledgerKeys.statement(f), queryFn: () => ledgerApi.statement(f) }),
  invoice: (loadId: number | null) =>
    queryOptions({ queryKey: ledgerKeys.invoice(loadId), queryFn: () => ledgerApi.loadInvoice(loadId ?? 0) }),
  orders: (loadId: number | null) =>
    queryOptions({
      queryKey: ledgerKeys.orders(loadId),
      queryFn: () => ledgerApi.shipmentOrders(loadId ?? 0),
    }),
  srDetails: (referenceId: string, noteType: string) =>
    queryOptions({
      queryKey: ledgerKeys.srDetails(referenceId, noteType),
      queryFn: () => ledgerApi.srDetails(referenceId, noteType),
    }),
  transaction: (acc: string, id: string) =>
    queryOptions({
      queryKey: ledgerKeys.transaction(acc, id),
      queryFn: () => ledgerApi.transaction(Number(acc), Number(id)),
    }),
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

/** The line saying how many vouchers the voucher-type filter leaves out ("12 vouchers of other types not shown"). */
export function hiddenVouchersLine(count: number): string {
  return count === 1 ? "1 voucher of another type not shown" : `${count} vouchers of other types not shown`;
}

/**
 * The statement as CSV rows: the opening balance, every entry, the vouchers the filter leaves out
 * (their count and amounts, so opening + shown + hidden = closing, as on the screen), the closing balance.
 */
export function ledgerCsv(s: LedgerStatement): string {
  const [opening, ...entries] = s.ledger;
  const hidden = s.voucherType && s.otherEntries.count > 0 ? s.otherEntries : null;
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
    ...(hidden
      ? [
          [
            formatDate(s.toDate),
            "",
            "",
            hiddenVouchersLine(hidden.count),
            `Only ${s.voucherType} vouchers are listed`,
            "",
            hidden.debit,
            hidden.credit,
            "",
            "",
          ],
        ]
      : []),
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
  /** The statement's period as TallyPrime import XML or as CSV of the same vouchers (GET /api/ledger/tally). */
  tally: async (s: LedgerStatement, format: "xml" | "csv") => {
    const query = { ledgerAccount: s.ledgerAccount, fromDate: s.fromDate, toDate: s.toDate, format };
    const { blob, filename } = await requestFile("/api/ledger/tally", { query });
    saveBlob(blob, filename ?? `tally.${format}`);
  },
  invoicePdf: async (loadId: number) => {
    const { blob, filename } = await requestFile("/api/cpo/getLoadInvoice/pdf", { query: { loadId } });
    saveBlob(blob, filename ?? "invoice.pdf");
  },
};
