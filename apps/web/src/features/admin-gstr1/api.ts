import { Gstr1Companies, Gstr1Summary } from "@portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { adminKeys } from "../../admin-kit/query";
import { request, requestFile } from "../../lib/api";

const gstr1Key = [...adminKeys.all, "gstr1"] as const;
export const adminGstr1Keys = {
  all: gstr1Key,
  companies: () => [...gstr1Key, "companies"] as const,
  summary: (gstin: string, month: string) => [...gstr1Key, "summary", gstin, month] as const,
};

export const adminGstr1Queries = {
  companies: () =>
    queryOptions({
      queryKey: adminGstr1Keys.companies(),
      queryFn: ({ signal }) => request("/api/admin/gstr1/companies", { schema: Gstr1Companies, signal }),
    }),
  /** The month's totals, shown before download. */
  summary: (gstin: string, month: string) =>
    queryOptions({
      queryKey: adminGstr1Keys.summary(gstin, month),
      queryFn: ({ signal }) =>
        request("/api/admin/gstr1", {
          query: { gstin, month, format: "summary" },
          schema: Gstr1Summary,
          signal,
        }),
      enabled: Boolean(gstin && month),
    }),
};

/** Downloads the return as the offline tool's JSON or as CSV. */
export async function downloadGstr1(gstin: string, month: string, format: "json" | "csv") {
  const { blob, filename } = await requestFile("/api/admin/gstr1", { query: { gstin, month, format } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename ?? `GSTR1.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
