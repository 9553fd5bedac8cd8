import {
  AdminWaybill,
  AdminWaybillDocuments,
  AdminWaybillsResponse,
  type CloseWaybillBody,
  type CreateWaybillRequestBody,
  WaybillDownloadResponse,
  type WaybillsQuery,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AdminWaybillsFilter = ListQuery<typeof WaybillsQuery>;

const waybillsKey = deskKeys<AdminWaybillsFilter>("waybills");
export const adminWaybillKeys = {
  ...waybillsKey,
  documents: (id: number) => [...waybillsKey.all, "documents", id] as const,
  /** A document's short-lived signed address (asked afresh when the viewer opens it). */
  documentUrl: (path: string) => [...waybillsKey.all, "document-url", path] as const,
};

const waybillList = adminList(adminWaybillKeys.list, "/api/admin/waybills", AdminWaybillsResponse);

export const adminWaybillQueries = {
  list: waybillList.query,
  documents: (id: number) =>
    queryOptions({
      queryKey: adminWaybillKeys.documents(id),
      queryFn: ({ signal }) =>
        request(`/api/admin/waybills/${id}/documents`, { schema: AdminWaybillDocuments, signal }),
    }),
  documentUrl: (path: string) =>
    queryOptions({
      queryKey: adminWaybillKeys.documentUrl(path),
      queryFn: ({ signal }) =>
        request("/api/waybill/download", {
          method: "POST",
          body: { path },
          schema: WaybillDownloadResponse,
          signal,
        }),
      // the address expires: a new one each time the viewer opens
      staleTime: 0,
      gcTime: 0,
    }),
};
export const exportAdminWaybills = waybillList.exportRows;

export const useAdminWaybills = (q: AdminWaybillsFilter) => useQuery(adminWaybillQueries.list(q));
/** The documents of the request `id` (no call while it is null). */
export const useWaybillDocuments = (id: number | null) =>
  useQuery({ ...adminWaybillQueries.documents(id ?? 0), enabled: id !== null });
export const useWaybillDocumentUrl = (path: string | null) =>
  useQuery({ ...adminWaybillQueries.documentUrl(path ?? ""), enabled: path !== null });

export const useRaiseWaybill = () =>
  useAdminAction((body: z.input<typeof CreateWaybillRequestBody>) =>
    post("/api/admin/waybills", AdminWaybill, body),
  );
export const useCloseWaybill = () =>
  useAdminAction(({ id, comment }: { id: number } & z.input<typeof CloseWaybillBody>) =>
    post(`/api/admin/waybills/${id}/close`, AdminWaybill, { comment }),
  );
