import {
  ArsReplenishmentResponse,
  BroadcastConcepts,
  type CreatePartnerInput,
  MessageResponse,
  PartnerDetail,
  PartnerUpdateResponse,
  type UpdatePartnerBody,
  type UserListQuery,
  UserListResponse,
  WarehouseOptions,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AdminPartnersFilter = ListQuery<typeof UserListQuery>;

const partnersKey = deskKeys<AdminPartnersFilter>("partners");
export const adminPartnerKeys = {
  ...partnersKey,
  detail: (id: number | null) => [...partnersKey.all, "detail", id] as const,
  warehouses: () => [...partnersKey.all, "warehouses"] as const,
  concepts: () => [...partnersKey.all, "concepts"] as const,
};

const partnerList = adminList(adminPartnerKeys.list, "/api/users/userList", UserListResponse);

export const adminPartnerQueries = {
  list: partnerList.query,
  /** Nothing is asked until a partner is named. */
  detail: (id: number | null) =>
    queryOptions({
      queryKey: adminPartnerKeys.detail(id),
      queryFn: ({ signal }) => request(`/api/admin/partners/${id}`, { schema: PartnerDetail, signal }),
      enabled: id !== null,
    }),
  /** Every warehouse by name: what a partner may be mapped to. */
  warehouses: () =>
    queryOptions({
      queryKey: adminPartnerKeys.warehouses(),
      queryFn: ({ signal }) =>
        request("/api/admin/partners/warehouses", { schema: WarehouseOptions, signal }),
      staleTime: 5 * 60_000,
    }),
  /** The concepts partners belong to (the database's), for the concept filter and field. */
  concepts: () =>
    queryOptions({
      queryKey: adminPartnerKeys.concepts(),
      queryFn: ({ signal }) =>
        request("/api/admin/notifications/concepts", { schema: BroadcastConcepts, signal }),
    }),
};
export const exportAdminPartners = partnerList.exportRows;

export const usePartners = (q: AdminPartnersFilter) => useQuery(adminPartnerQueries.list(q));
export const usePartner = (id: number | null) => useQuery(adminPartnerQueries.detail(id));
export const useWarehouseOptions = () => useQuery(adminPartnerQueries.warehouses());
export const usePartnerConcepts = () => useQuery(adminPartnerQueries.concepts());

export const useCreatePartner = () =>
  useAdminAction((body: CreatePartnerInput) => post("/api/users", PartnerDetail, body));
export const useUpdatePartner = () =>
  useAdminAction(({ id, ...body }: { id: number } & UpdatePartnerBody) =>
    request(`/api/admin/partners/${id}`, { method: "PUT", body, schema: PartnerUpdateResponse }),
  );
export const useSetPartnerActive = () =>
  useAdminAction(({ id, active }: { id: number; active: boolean }) =>
    post(`/api/admin/partners/${id}/${active ? "activate" : "deactivate"}`, PartnerDetail, {}),
  );
export const usePlaceArsReplenishment = () =>
  useAdminAction((id: number) =>
    post(`/api/admin/partners/${id}/arsReplenishment`, ArsReplenishmentResponse, {}),
  );
export const useSendReset = () =>
  useAdminAction((userId: number) => post("/api/users/forgetPassword", MessageResponse, { userId }));
