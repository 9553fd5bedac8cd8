import { DashboardResponse, ReorderResponse } from "@portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  period: (from: string, to: string) => ["dashboard", from, to] as const,
};

/** GET /api/dashboard: every figure of the period in one answer (empty days: the server's default, the last 12 months). */
export const dashboardQueryOptions = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: dashboardKeys.period(period.from, period.to),
    queryFn: ({ signal }) =>
      request("/api/dashboard", {
        query: { from: period.from || undefined, to: period.to || undefined },
        schema: DashboardResponse,
        signal,
      }),
    staleTime: 60_000,
  });

/** The account area's gap reorder (POST /api/order/{poid}/reorder?mode=gap): the order's gaps go to the cart. */
export const reorderGaps = (poid: string) =>
  request(`/api/order/${encodeURIComponent(poid)}/reorder`, {
    method: "POST",
    query: { mode: "gap" },
    body: {},
    schema: ReorderResponse,
  });
