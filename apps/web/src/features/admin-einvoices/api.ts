import {
  AdminEinvoicesResponse,
  EinvoiceBulkResponse,
  EinvoiceDetail,
  type EinvoiceDocCancelBody,
  EinvoiceRow,
} from "@portal/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";
import { saveBlob } from "../../lib/download";

export interface EinvoicesFilter {
  state?: string;
  q?: string;
  page: number;
  pageSize: number;
}

export const einvoiceKeys = {
  all: ["admin", "einvoices"] as const,
  list: (f: EinvoicesFilter) => [...einvoiceKeys.all, "list", f] as const,
};

const clean = (f: EinvoicesFilter) => ({
  state: f.state || undefined,
  q: f.q || undefined,
  page: f.page,
  pageSize: f.pageSize,
});

export const useEinvoices = (f: EinvoicesFilter) =>
  useQuery(
    queryOptions({
      queryKey: einvoiceKeys.list(f),
      queryFn: ({ signal }) =>
        request("/api/admin/einvoices", { schema: AdminEinvoicesResponse, query: clean(f), signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** Registers documents with the IRP (pending and failed ones; the others answered as they stand). */
export function useRegisterEinvoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: Pick<EinvoiceRow, "type" | "number">[]) =>
      request("/api/admin/einvoices/register", {
        method: "POST",
        body: { documents: rows.map((r) => ({ type: r.type, number: r.number })) },
        schema: EinvoiceBulkResponse,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: einvoiceKeys.all }),
  });
}

/** Cancels a registered document's IRN (within 24 hours of its acknowledgement). */
export function useCancelEinvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EinvoiceDocCancelBody) =>
      request("/api/admin/einvoices/cancel", { method: "POST", body, schema: EinvoiceRow }),
    onSettled: () => client.invalidateQueries({ queryKey: einvoiceKeys.all }),
  });
}

/** Saves a document's e-invoice JSON as the IRP takes it; resolves to the file's name. */
export async function downloadEinvoiceJson(row: Pick<EinvoiceRow, "type" | "number">) {
  const detail = await request("/api/admin/einvoices/document", {
    query: { type: row.type, number: row.number },
    schema: EinvoiceDetail,
  });
  const name = `einvoice-${row.type}-${row.number.replace(/[^A-Za-z0-9-]/g, "_")}.json`;
  saveBlob(new Blob([`${JSON.stringify(detail.einvoice, null, 2)}\n`], { type: "application/json" }), name);
  return name;
}
