import {
  AdminEwayBill,
  AdminLoad,
  AdminLoadChoices,
  AdminLoadDetail,
  type AdminLoadsQuery,
  AdminLoadsResponse,
  type CancelLoadBody,
  type CreateLoadBody,
  type DeliverLoadBody,
  type EwayBillNumberBody,
  type HandOverBody,
  LoadCandidatesResponse,
  type RemoveLoadOrderBody,
  type ShipLoadBody,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";
import { saveBlob } from "../../lib/download";

export type AdminLoadsFilter = ListQuery<typeof AdminLoadsQuery>;

const loadsKey = deskKeys<AdminLoadsFilter>("loads");
export const adminLoadKeys = {
  ...loadsKey,
  /** Confirmed orders not yet in a load, by partner and warehouse. */
  candidates: () => [...loadsKey.all, "candidates"] as const,
  /** The board's filter choices (warehouses, transporters) from the database. */
  choices: () => [...loadsKey.all, "choices"] as const,
  detail: (id: number) => [...loadsKey.all, "detail", id] as const,
};

const loadList = adminList(adminLoadKeys.list, "/api/admin/loads", AdminLoadsResponse);

export const adminLoadQueries = {
  list: loadList.query,
  candidates: () =>
    queryOptions({
      queryKey: adminLoadKeys.candidates(),
      queryFn: ({ signal }) =>
        request("/api/admin/loads/candidates", { schema: LoadCandidatesResponse, signal }),
    }),
  choices: () =>
    queryOptions({
      queryKey: adminLoadKeys.choices(),
      queryFn: ({ signal }) => request("/api/admin/loads/choices", { schema: AdminLoadChoices, signal }),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: adminLoadKeys.detail(id),
      queryFn: ({ signal }) => request(`/api/admin/loads/${id}`, { schema: AdminLoadDetail, signal }),
    }),
};
export const exportAdminLoads = loadList.exportRows;

export const useAdminLoads = (q: AdminLoadsFilter) => useQuery(adminLoadQueries.list(q));
export const useLoadCandidates = () => useQuery(adminLoadQueries.candidates());
export const useLoadChoices = () => useQuery(adminLoadQueries.choices());
/** One load with its orders and lines (no call while `id` is null). */
export const useAdminLoad = (id: number | null) =>
  useQuery({ ...adminLoadQueries.detail(id ?? 0), enabled: id !== null });

export const useCreateLoad = () =>
  useAdminAction((body: CreateLoadBody) => post("/api/admin/loads", AdminLoad, body));
export const useHandOver = () =>
  useAdminAction(({ id, ...body }: { id: number } & HandOverBody) =>
    post(`/api/admin/loads/${id}/hand-over`, AdminLoad, body),
  );
export const useShipLoad = () =>
  useAdminAction(({ id, actualShippingDate }: { id: number } & ShipLoadBody) =>
    post(`/api/admin/loads/${id}/ship`, AdminLoad, { actualShippingDate }),
  );
/** Proof of delivery; `lines` lists the short ones (every other line arrived in full). */
export const useDeliverLoad = () =>
  useAdminAction(({ id, lines }: { id: number } & DeliverLoadBody) =>
    post(`/api/admin/loads/${id}/deliver`, AdminLoad, lines ? { lines } : {}),
  );
export const useRemoveLoadOrder = () =>
  useAdminAction(({ id, poid, reason }: { id: number; poid: string } & RemoveLoadOrderBody) =>
    post(`/api/admin/loads/${id}/orders/${encodeURIComponent(poid)}/remove`, AdminLoadDetail, {
      reason: reason || undefined,
    }),
  );
export const useCancelLoad = () =>
  useAdminAction(({ id, reason }: { id: number } & CancelLoadBody) =>
    post(`/api/admin/loads/${id}/cancel`, AdminLoadDetail, { reason }),
  );

/** A load's e-way bill: state, number, valid until, the EWB-01 JSON (no call while `id` is null). */
export const useLoadEwayBill = (id: number | null) =>
  useQuery({
    queryKey: [...adminLoadKeys.detail(id ?? 0), "ewaybill"] as const,
    queryFn: ({ signal }) => request(`/api/admin/loads/${id}/ewaybill`, { schema: AdminEwayBill, signal }),
    enabled: id !== null,
  });
/** Generates the load's e-way bill through the e-way bill system. */
export const useGenerateEwayBill = () =>
  useAdminAction((id: number) => post(`/api/admin/loads/${id}/ewaybill`, AdminEwayBill));
/** Records the number of an e-way bill generated elsewhere. */
export const useEnterEwayBill = () =>
  useAdminAction(({ id, ...body }: { id: number } & EwayBillNumberBody) =>
    request(`/api/admin/loads/${id}/ewaybill`, { method: "PUT", body, schema: AdminEwayBill }),
  );
/** Saves the e-way bill's JSON (as sent, else as it would be sent) as a file. */
export function downloadEwayBillJson(bill: AdminEwayBill) {
  const name = `ewaybill-load-${bill.loadId}.json`;
  saveBlob(new Blob([`${JSON.stringify(bill.json, null, 2)}\n`], { type: "application/json" }), name);
  return name;
}
