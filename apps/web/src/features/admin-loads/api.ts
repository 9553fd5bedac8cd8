import {
  AdminLoad,
  type AdminLoadsQuery,
  AdminLoadsResponse,
  type CreateLoadBody,
  type HandOverBody,
  LoadCandidatesResponse,
  type ShipLoadBody,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  adminKeys,
  adminList,
  cleanQuery,
  type ListQuery,
  post,
  useAdminAction,
} from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AdminLoadsFilter = ListQuery<typeof AdminLoadsQuery>;

const loadsKey = [...adminKeys.all, "loads"] as const;
export const adminLoadKeys = {
  all: loadsKey,
  list: (q: AdminLoadsFilter) => [...loadsKey, "list", cleanQuery(q)] as const,
  /** Confirmed orders not yet in a load, by partner and warehouse. */
  candidates: () => [...loadsKey, "candidates"] as const,
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
};
export const exportAdminLoads = loadList.exportRows;

export const useAdminLoads = (q: AdminLoadsFilter) => useQuery(adminLoadQueries.list(q));
export const useLoadCandidates = () => useQuery(adminLoadQueries.candidates());

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
export const useDeliverLoad = () =>
  useAdminAction((id: number) => post(`/api/admin/loads/${id}/deliver`, AdminLoad, {}));
