import {
  AdminInvoiceChoices,
  type AdminInvoicesQuery,
  AdminInvoicesResponse,
  Invoice,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminList, deskKeys, type ListQuery } from "../../admin-kit/query";
import { request, requestFile } from "../../lib/api";
import { downloadFile } from "../../lib/download";

export type AdminInvoicesFilter = ListQuery<typeof AdminInvoicesQuery>;

const invoicesKey = deskKeys<AdminInvoicesFilter>("invoices");
export const adminInvoiceKeys = {
  ...invoicesKey,
  one: (id: number) => [...invoicesKey.all, "one", id] as const,
  choices: () => [...invoicesKey.all, "choices"] as const,
};

const invoiceList = adminList(adminInvoiceKeys.list, "/api/admin/invoices", AdminInvoicesResponse);

export const adminInvoiceQueries = {
  list: invoiceList.query,
  one: (id: number) =>
    queryOptions({
      queryKey: adminInvoiceKeys.one(id),
      queryFn: ({ signal }) => request(`/api/admin/invoices/${id}`, { schema: Invoice, signal }),
      enabled: Number.isInteger(id) && id > 0,
    }),
  /** The warehouse filter's choices, from the invoices the database holds. */
  choices: () =>
    queryOptions({
      queryKey: adminInvoiceKeys.choices(),
      queryFn: ({ signal }) =>
        request("/api/admin/invoices/choices", { schema: AdminInvoiceChoices, signal }),
      staleTime: 5 * 60_000,
    }),
};
export const exportAdminInvoices = invoiceList.exportRows;

export const useAdminInvoices = (q: AdminInvoicesFilter) => useQuery(adminInvoiceQueries.list(q));
export const useAdminInvoice = (id: number) => useQuery(adminInvoiceQueries.one(id));
export const useInvoiceChoices = () => useQuery(adminInvoiceQueries.choices());

const pdfPath = (id: number) => `/api/admin/invoices/${id}/pdf`;

/** Saves the invoice's PDF (as the partner downloads it); resolves to the file's name. */
export const downloadInvoicePdf = (id: number, number: string) =>
  downloadFile(pdfPath(id), {}, `${number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`);

/** The invoice's PDF as a blob, for the browser's own viewer to print. */
export const invoicePdfBlob = async (id: number) => (await requestFile(pdfPath(id))).blob;
