import {
  AdminDashboard,
  AdminLoad,
  AdminLoadsResponse,
  AdminOrderDetail,
  AdminOrdersResponse,
  AdminPayment,
  AdminPaymentsResponse,
  AdminSalesReturn,
  AdminSalesReturnsResponse,
  AdminWaybill,
  AdminWaybillsResponse,
  ArsReplenishmentResponse,
  AuditResponse,
  type BroadcastBody,
  BroadcastResponse,
  BulkResult,
  type ConfirmOrderBody,
  type CreateLoadBody,
  type CreatePartnerInput,
  type HandOverBody,
  LoadCandidatesResponse,
  LockDateSetting,
  MessageResponse,
  PartnerDetail,
  type RaiseSalesReturnBody,
  type ReceiveSalesReturnBody,
  ReturnableInvoice,
  ShippingChargeSetting,
  type UpdatePartnerBody,
  UserListResponse,
} from "@portal/contracts";
import type { SalesReturnStatus } from "@portal/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ZodType } from "zod";
import { request } from "../../lib/api";

/** Query string values as the list routes take them; empty values are left out. */
export type ListParams = Record<string, string | number | undefined>;

const clean = (params: ListParams) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "" && v !== null));

/** One fetcher, its queryOptions and its hook per list; keys start with "admin" so actions refresh them all. */
function lister<S extends ZodType>(area: string, path: string, schema: S) {
  const fetch = (params: ListParams, signal?: AbortSignal) =>
    request(path, { schema, query: clean(params), signal });
  return {
    options: (params: ListParams) =>
      queryOptions({
        queryKey: ["admin", area, clean(params)],
        queryFn: ({ signal }) => fetch(params, signal),
        placeholderData: keepPreviousData,
      }),
    /** Every row the filters match (up to 500), for a CSV export. */
    all: (params: ListParams) => fetch({ ...params, page: 1, pageSize: 500 }),
  };
}

export const dashboardOptions = () =>
  queryOptions({
    queryKey: ["admin", "dashboard"],
    queryFn: ({ signal }) => request("/api/admin/dashboard", { schema: AdminDashboard, signal }),
  });
export const useDashboard = () => useQuery(dashboardOptions());

export const ordersList = lister("orders", "/api/admin/orders", AdminOrdersResponse);
export const useAdminOrders = (params: ListParams) => useQuery(ordersList.options(params));

export const useAdminOrder = (poid: string) =>
  useQuery({
    queryKey: ["admin", "order", poid],
    queryFn: ({ signal }) =>
      request(`/api/admin/orders/${encodeURIComponent(poid)}`, { schema: AdminOrderDetail, signal }),
  });

export const loadsList = lister("loads", "/api/admin/loads", AdminLoadsResponse);
export const useAdminLoads = (params: ListParams) => useQuery(loadsList.options(params));

export const useLoadCandidates = () =>
  useQuery({
    queryKey: ["admin", "load-candidates"],
    queryFn: ({ signal }) =>
      request("/api/admin/loads/candidates", { schema: LoadCandidatesResponse, signal }),
  });

export const paymentsList = lister("payments", "/api/admin/payments", AdminPaymentsResponse);
export const useAdminPayments = (params: ListParams) => useQuery(paymentsList.options(params));

export const salesReturnsList = lister(
  "sales-returns",
  "/api/admin/sales-returns",
  AdminSalesReturnsResponse,
);
export const useAdminSalesReturns = (params: ListParams) => useQuery(salesReturnsList.options(params));

export const waybillsList = lister("waybills", "/api/admin/waybills", AdminWaybillsResponse);
export const useAdminWaybills = (params: ListParams) => useQuery(waybillsList.options(params));

export const partnersList = lister("partners", "/api/users/userList", UserListResponse);
export const usePartners = (params: ListParams) => useQuery(partnersList.options(params));

export const usePartner = (id: number | null) =>
  useQuery({
    queryKey: ["admin", "partner", id],
    queryFn: ({ signal }) => request(`/api/admin/partners/${id}`, { schema: PartnerDetail, signal }),
    enabled: id !== null,
  });

export const auditList = lister("audit", "/api/admin/audit", AuditResponse);
export const useAudit = (params: ListParams) => useQuery(auditList.options(params));

/** A staff action: on success every admin query refetches (counts, queues and screens move together). */
function useAdminAction<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // not awaited: the notice of what changed shows at once, the lists catch up behind it
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
    },
  });
}

const post = <S extends ZodType>(path: string, schema: S, body: unknown = {}) =>
  request(path, { method: "POST", body, schema });

export const useConfirmOrder = () =>
  useAdminAction(({ poid, lines }: { poid: string } & ConfirmOrderBody) =>
    post(`/api/admin/orders/${encodeURIComponent(poid)}/confirm`, AdminOrderDetail, lines ? { lines } : {}),
  );
export const useCancelOrder = () =>
  useAdminAction(({ poid, reason }: { poid: string; reason: string }) =>
    post(`/api/admin/orders/${encodeURIComponent(poid)}/cancel`, AdminOrderDetail, { reason }),
  );
export const useBulkConfirm = () =>
  useAdminAction((poids: string[]) => post("/api/admin/orders/confirm", BulkResult, { poids }));

export const useCreateLoad = () =>
  useAdminAction((body: CreateLoadBody) => post("/api/admin/loads", AdminLoad, body));
export const useHandOver = () =>
  useAdminAction(({ id, ...body }: { id: number } & HandOverBody) =>
    post(`/api/admin/loads/${id}/hand-over`, AdminLoad, body),
  );
export const useShipLoad = () =>
  useAdminAction(({ id, actualShippingDate }: { id: number; actualShippingDate?: string }) =>
    post(`/api/admin/loads/${id}/ship`, AdminLoad, { actualShippingDate }),
  );
export const useDeliverLoad = () =>
  useAdminAction((id: number) => post(`/api/admin/loads/${id}/deliver`, AdminLoad, {}));

export const useApprovePayment = () =>
  useAdminAction(({ id, amountReceived }: { id: number; amountReceived?: string }) =>
    post(
      `/api/admin/payments/${id}/approve`,
      AdminPayment,
      amountReceived === undefined ? {} : { amountReceived },
    ),
  );
export const useRejectPayment = () =>
  useAdminAction(({ id, reason }: { id: number; reason: string }) =>
    post(`/api/admin/payments/${id}/reject`, AdminPayment, { reason }),
  );

export const useAdvanceSalesReturn = () =>
  useAdminAction(({ id, status }: { id: number; status: SalesReturnStatus }) =>
    post(`/api/admin/sales-returns/${id}/status`, AdminSalesReturn, { status }),
  );

/** What of a tax invoice (its number or id) can still be returned; nothing is asked until one is named. */
export const useReturnableInvoice = (invoice: string) =>
  useQuery({
    queryKey: ["admin", "sales-returns", "returnable", invoice],
    queryFn: ({ signal }) =>
      request("/api/admin/sales-returns/returnable", {
        schema: ReturnableInvoice,
        query: { invoice },
        signal,
      }),
    enabled: invoice.trim() !== "",
    retry: false,
  });
export const useRaiseSalesReturn = () =>
  useAdminAction((body: RaiseSalesReturnBody) => post("/api/admin/sales-returns", AdminSalesReturn, body));
export const useReceiveSalesReturn = () =>
  useAdminAction(({ id, ...body }: { id: number } & ReceiveSalesReturnBody) =>
    post(`/api/admin/sales-returns/${id}/receive`, AdminSalesReturn, body),
  );
export const useApproveSalesReturn = () =>
  useAdminAction((id: number) => post(`/api/admin/sales-returns/${id}/approve`, AdminSalesReturn, {}));
export const useRejectSalesReturn = () =>
  useAdminAction(({ id, reason }: { id: number; reason: string }) =>
    post(`/api/admin/sales-returns/${id}/reject`, AdminSalesReturn, { reason }),
  );

export const useRaiseWaybill = () =>
  useAdminAction((body: { loadId: number; checkpostName?: string; comment?: string }) =>
    post("/api/admin/waybills", AdminWaybill, body),
  );
export const useCloseWaybill = () =>
  useAdminAction(({ id, comment }: { id: number; comment?: string }) =>
    post(`/api/admin/waybills/${id}/close`, AdminWaybill, { comment }),
  );

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

export const useBroadcast = () =>
  useAdminAction((body: BroadcastBody) =>
    post("/api/admin/notifications/broadcast", BroadcastResponse, body),
  );

export const useLockDateSetting = () =>
  useQuery({
    queryKey: ["admin", "settings", "lock-date"],
    queryFn: ({ signal }) => request("/api/admin/settings/lock-date", { schema: LockDateSetting, signal }),
  });

/** Sets the lock date (yyyy-MM-dd) or, with null, opens every period. */
export const useSetLockDate = () =>
  useAdminAction((lockDate: string | null) =>
    request("/api/admin/settings/lock-date", { method: "PUT", body: { lockDate }, schema: LockDateSetting }),
  );

export const useShippingChargeSetting = () =>
  useQuery({
    queryKey: ["admin", "settings", "shipping-charge"],
    queryFn: ({ signal }) =>
      request("/api/admin/settings/shipping-charge", { schema: ShippingChargeSetting, signal }),
  });

export const useSetShippingCharge = () =>
  useAdminAction((amount: string) =>
    request("/api/admin/settings/shipping-charge", {
      method: "PUT",
      body: { amount },
      schema: ShippingChargeSetting,
    }),
  );
