import {
  AdminDashboard,
  AdminOrderDetail,
  type AdminOrdersQuery,
  AdminOrdersResponse,
  type BulkConfirmBody,
  BulkResult,
  type CancelOrderBody,
  type ConfirmOrderBody,
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

export type AdminOrdersFilter = ListQuery<typeof AdminOrdersQuery>;

const ordersKey = [...adminKeys.all, "orders"] as const;
export const adminOrderKeys = {
  all: ordersKey,
  list: (q: AdminOrdersFilter) => [...ordersKey, "list", cleanQuery(q)] as const,
  detail: (poid: string) => [...ordersKey, "detail", poid] as const,
};

const dashboardKey = [...adminKeys.all, "dashboard"] as const;
export const adminDashboardKeys = { all: dashboardKey, counts: () => [...dashboardKey, "counts"] as const };

const orderList = adminList(adminOrderKeys.list, "/api/admin/orders", AdminOrdersResponse);
const orderPath = (poid: string) => `/api/admin/orders/${encodeURIComponent(poid)}`;

export const adminOrderQueries = {
  list: orderList.query,
  detail: (poid: string) =>
    queryOptions({
      queryKey: adminOrderKeys.detail(poid),
      queryFn: ({ signal }) => request(orderPath(poid), { schema: AdminOrderDetail, signal }),
    }),
};
export const exportAdminOrders = orderList.exportRows;

export const adminDashboardQueries = {
  counts: () =>
    queryOptions({
      queryKey: adminDashboardKeys.counts(),
      queryFn: ({ signal }) => request("/api/admin/dashboard", { schema: AdminDashboard, signal }),
    }),
};

export const useDashboard = () => useQuery(adminDashboardQueries.counts());
export const useAdminOrders = (q: AdminOrdersFilter) => useQuery(adminOrderQueries.list(q));
export const useAdminOrder = (poid: string) => useQuery(adminOrderQueries.detail(poid));

export const useConfirmOrder = () =>
  useAdminAction(({ poid, lines }: { poid: string } & ConfirmOrderBody) =>
    post(`${orderPath(poid)}/confirm`, AdminOrderDetail, lines ? { lines } : {}),
  );
export const useCancelOrder = () =>
  useAdminAction(({ poid, reason }: { poid: string } & CancelOrderBody) =>
    post(`${orderPath(poid)}/cancel`, AdminOrderDetail, { reason }),
  );
export const useBulkConfirm = () =>
  useAdminAction((poids: BulkConfirmBody["poids"]) =>
    post("/api/admin/orders/confirm", BulkResult, { poids }),
  );
