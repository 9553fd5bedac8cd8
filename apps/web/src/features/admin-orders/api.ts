import {
  AdminOrderDetail,
  type AdminOrdersQuery,
  AdminOrdersResponse,
  AdminOverview,
  type AutoConfirmSetting,
  AutoConfirmSettings,
  type BulkConfirmBody,
  BulkResult,
  type CancelOrderBody,
  type ConfirmOrderBody,
  OrderFilterChoices,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminKeys, adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AdminOrdersFilter = ListQuery<typeof AdminOrdersQuery>;

const ordersKey = deskKeys<AdminOrdersFilter>("orders");
export const adminOrderKeys = {
  ...ordersKey,
  detail: (poid: string) => [...ordersKey.all, "detail", poid] as const,
  filterChoices: () => [...ordersKey.all, "filter-choices"] as const,
  autoConfirm: () => [...ordersKey.all, "auto-confirm"] as const,
};

const dashboardKey = [...adminKeys.all, "dashboard"] as const;
export const adminDashboardKeys = {
  all: dashboardKey,
  overview: () => [...dashboardKey, "overview"] as const,
};

const orderList = adminList(adminOrderKeys.list, "/api/admin/orders", AdminOrdersResponse);
const orderPath = (poid: string) => `/api/admin/orders/${encodeURIComponent(poid)}`;
const AUTO_CONFIRM_PATH = "/api/admin/settings/auto-confirm";

export const adminOrderQueries = {
  list: orderList.query,
  detail: (poid: string) =>
    queryOptions({
      queryKey: adminOrderKeys.detail(poid),
      queryFn: ({ signal }) => request(orderPath(poid), { schema: AdminOrderDetail, signal }),
    }),
  filterChoices: () =>
    queryOptions({
      queryKey: adminOrderKeys.filterChoices(),
      queryFn: ({ signal }) => request("/api/admin/order-filters", { schema: OrderFilterChoices, signal }),
      staleTime: 5 * 60_000,
    }),
  autoConfirm: () =>
    queryOptions({
      queryKey: adminOrderKeys.autoConfirm(),
      queryFn: ({ signal }) => request(AUTO_CONFIRM_PATH, { schema: AutoConfirmSettings, signal }),
    }),
};
export const exportAdminOrders = orderList.exportRows;

export const adminDashboardQueries = {
  overview: () =>
    queryOptions({
      queryKey: adminDashboardKeys.overview(),
      queryFn: ({ signal }) => request("/api/admin/overview", { schema: AdminOverview, signal }),
    }),
};

export const useDashboard = () => useQuery(adminDashboardQueries.overview());
export const useAdminOrders = (q: AdminOrdersFilter) => useQuery(adminOrderQueries.list(q));
export const useAdminOrder = (poid: string) => useQuery(adminOrderQueries.detail(poid));
export const useOrderFilterChoices = () => useQuery(adminOrderQueries.filterChoices());
export const useAutoConfirmSettings = () => useQuery(adminOrderQueries.autoConfirm());

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
export const useSaveAutoConfirm = () =>
  useAdminAction((settings: AutoConfirmSetting[]) =>
    request(AUTO_CONFIRM_PATH, { method: "PUT", body: settings, schema: AutoConfirmSettings }),
  );
