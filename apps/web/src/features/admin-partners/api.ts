import {
  ArsReplenishmentResponse,
  type CreatePartnerInput,
  MessageResponse,
  PartnerDetail,
  type UpdatePartnerBody,
  type UserListQuery,
  UserListResponse,
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

export type AdminPartnersFilter = ListQuery<typeof UserListQuery>;

const partnersKey = [...adminKeys.all, "partners"] as const;
export const adminPartnerKeys = {
  all: partnersKey,
  list: (q: AdminPartnersFilter) => [...partnersKey, "list", cleanQuery(q)] as const,
  detail: (id: number | null) => [...partnersKey, "detail", id] as const,
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
};
export const exportAdminPartners = partnerList.exportRows;

export const usePartners = (q: AdminPartnersFilter) => useQuery(adminPartnerQueries.list(q));
export const usePartner = (id: number | null) => useQuery(adminPartnerQueries.detail(id));

export const useCreatePartner = () =>
  useAdminAction((body: CreatePartnerInput) => post("/api/users", PartnerDetail, body));
export const useUpdatePartner = () =>
  useAdminAction(({ id, ...body }: { id: number } & UpdatePartnerBody) =>
    request(`/api/admin/partners/${id}`, { method: "PUT", body, schema: PartnerDetail }),
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
