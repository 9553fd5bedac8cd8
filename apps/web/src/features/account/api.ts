import {
  GapReport,
  Invoice,
  LoadDetail,
  type LoadFilter,
  LoadListResponse,
  LoadTotals,
  OrderHistoryResponse,
  OrderStats,
  PurchaseOrder,
  ReorderResponse,
} from "@portal/contracts";
import { request, requestFile } from "../../lib/api";

/** The order history filter as the API takes it (query parameters). */
export interface HistoryFilter {
  orderFrom?: string | undefined;
  orderTo?: string | undefined;
  shipFrom?: string | undefined;
  shipTo?: string | undefined;
  status?: string | undefined;
  warehouseId?: number | undefined;
  source?: string | undefined;
}

/** Empty dates are sent as empty (the user cleared them); the very first request sends none. */
const historyQuery = (f: HistoryFilter) => ({
  orderFrom: f.orderFrom,
  orderTo: f.orderTo,
  shipFrom: f.shipFrom,
  shipTo: f.shipTo,
  status: f.status || undefined,
  warehouseId: f.warehouseId,
  source: f.source || undefined,
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
};
