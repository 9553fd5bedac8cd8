import {
  AccountInvoicesResponse,
  GapReport,
  Invoice,
  LoadDetail,
  type LoadFilter,
  LoadListResponse,
  LoadTotals,
  type OrderHistoryQuery,
  OrderHistoryResponse,
  OrderStats,
  PurchaseOrder,
  ReorderResponse,
} from "@portal/contracts";
import type { OrderHistorySort } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { request, requestFile } from "../../lib/api";

/**
 * The order history filter as GET /api/order takes it (the page is asked for apart). The contract
 * coerces warehouseId from query text, so its input type is unknown: the screen sends a number.
 */
export type HistoryFilter = Omit<OrderHistoryQuery, "pageNo" | "pageSize" | "warehouseId" | "q" | "sort"> & {
  warehouseId?: number | undefined;
  /** A PO id, product id or name, or invoice number. */
  q?: string | undefined;
  sort?: OrderHistorySort | undefined;
};

/** Empty dates are sent as empty (the user cleared them); the very first request sends none. */
const historyQuery = (f: HistoryFilter) => ({
  orderFrom: f.orderFrom,
  orderTo: f.orderTo,
  shipFrom: f.shipFrom,
  shipTo: f.shipTo,
  status: f.status || undefined,
  warehouseId: f.warehouseId,
  source: f.source || undefined,
  q: f.q?.trim() || undefined,
  sort: f.sort || undefined,
});

export const accountApi = {
  history: (f: HistoryFilter, pageNo: number, pageSize: number) =>
    request("/api/order", {
      query: { ...historyQuery(f), pageNo, pageSize },
      schema: OrderHistoryResponse,
    }),
  stats: (f: HistoryFilter) => request("/api/order/stats", { query: historyQuery(f), schema: OrderStats }),
  order: (poid: string) => request(`/api/order/${encodeURIComponent(poid)}`, { schema: PurchaseOrder }),
  gapReport: (poid: string) =>
    request("/api/order/getGapReport", { query: { orderId: poid }, schema: GapReport }),
  reorder: (poid: string, mode: "gap" | "all") =>
    request(`/api/order/${encodeURIComponent(poid)}/reorder`, {
      method: "POST",
      query: { mode },
      body: {},
      schema: ReorderResponse,
    }),
  invoice: (poid: string) =>
    request("/api/invoice/getInvoice", {
      method: "POST",
      query: { orderId: poid },
      body: {},
      schema: Invoice,
    }),
  loads: (f: LoadFilter) =>
    request("/api/cpo/getLoad", { method: "POST", body: { loadFilter: f }, schema: LoadListResponse }),
  loadTotals: (f: LoadFilter) =>
    request("/api/cpo/getLoadTotal", { method: "POST", body: { loadFilter: f }, schema: LoadTotals }),
  load: (id: number) => request("/api/cpo/getLoadById", { query: { loadId: id }, schema: LoadDetail }),
  loadInvoice: (id: number) => request("/api/cpo/getLoadInvoice", { query: { loadId: id }, schema: Invoice }),
  invoices: () => request("/api/account/invoices", { schema: AccountInvoicesResponse }),
};

/** The load list's filter without its page (the totals are of every page). */
export type LoadTotalsFilter = Omit<LoadFilter, "pageNo" | "selectedPageSize">;

export const accountKeys = {
  all: ["account"] as const,
  orders: (f: HistoryFilter, pageNo: number, pageSize: number) =>
    [...accountKeys.all, "orders", f, pageNo, pageSize] as const,
  orderStats: (f: HistoryFilter) => [...accountKeys.all, "order-stats", f] as const,
  order: (poid: string) => [...accountKeys.all, "order", poid] as const,
  invoice: (poid: string | null) => [...accountKeys.all, "invoice", poid] as const,
  gap: (poid: string) => [...accountKeys.all, "gap", poid] as const,
  loads: (f: LoadFilter) => [...accountKeys.all, "loads", f] as const,
  loadTotals: (f: LoadTotalsFilter) => [...accountKeys.all, "load-totals", f] as const,
  load: (id: number) => [...accountKeys.all, "load", id] as const,
  loadInvoice: (id: number) => [...accountKeys.all, "load-invoice", id] as const,
  invoices: () => [...accountKeys.all, "invoices"] as const,
};

export const accountQueries = {
  orders: (f: HistoryFilter, pageNo: number, pageSize: number) =>
    queryOptions({
      queryKey: accountKeys.orders(f, pageNo, pageSize),
      queryFn: () => accountApi.history(f, pageNo, pageSize),
    }),
  orderStats: (f: HistoryFilter) =>
    queryOptions({ queryKey: accountKeys.orderStats(f), queryFn: () => accountApi.stats(f) }),
  order: (poid: string) =>
    queryOptions({ queryKey: accountKeys.order(poid), queryFn: () => accountApi.order(poid) }),
  /** Asked once an order is chosen (poid null before). */
  invoice: (poid: string | null) =>
    queryOptions({ queryKey: accountKeys.invoice(poid), queryFn: () => accountApi.invoice(poid ?? "") }),
  gap: (poid: string) =>
    queryOptions({ queryKey: accountKeys.gap(poid), queryFn: () => accountApi.gapReport(poid) }),
  loads: (f: LoadFilter) =>
    queryOptions({ queryKey: accountKeys.loads(f), queryFn: () => accountApi.loads(f) }),
  loadTotals: (f: LoadTotalsFilter) =>
    queryOptions({ queryKey: accountKeys.loadTotals(f), queryFn: () => accountApi.loadTotals(f) }),
  load: (id: number) => queryOptions({ queryKey: accountKeys.load(id), queryFn: () => accountApi.load(id) }),
  loadInvoice: (id: number) =>
    queryOptions({ queryKey: accountKeys.loadInvoice(id), queryFn: () => accountApi.loadInvoice(id) }),
  invoices: () => queryOptions({ queryKey: accountKeys.invoices(), queryFn: () => accountApi.invoices() }),
};

/** Saves a file answered by the API under the server's name. */
async function save(path: string, options: Parameters<typeof requestFile>[1], fallback: string) {
  const { blob, filename } = await requestFile(path, options);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloads = {
  historyCsv: (f: HistoryFilter) => save("/api/order/csv", { query: historyQuery(f) }, "orders.csv"),
  orderInvoicePdf: (poid: string) => save("/api/invoice/pdf", { query: { orderId: poid } }, "invoice.pdf"),
  loadInvoicePdf: (id: number) =>
    save("/api/cpo/getLoadInvoice/pdf", { query: { loadId: id } }, "invoice.pdf"),
  loadsCsv: (f: LoadFilter) =>
    save("/api/cpo/getCSVData", { method: "POST", body: { loadFilter: f } }, "loads.csv"),
  dataFile: (id: number) => save(`/api/datafile/getCSVDataFile/${id}`, {}, `load-${id}.csv`),
  discount: () => save("/api/discount", {}, "discount.csv"),
  /** Every tax invoice of a month (yyyy-MM) as PDFs in one zip. */
  monthInvoices: (month: string) =>
    save("/api/account/invoices/month.zip", { query: { month } }, `invoices-${month}.zip`),
};
