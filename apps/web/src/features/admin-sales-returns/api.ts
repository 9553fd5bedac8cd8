import {
  AdminSalesReturn,
  AdminSalesReturnsResponse,
  type AdvanceSalesReturnBody,
  type RaiseSalesReturnBody,
  type ReceiveSalesReturnBody,
  type RejectSalesReturnBody,
  ReturnableInvoice,
  type SalesReturnsQuery,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminList, deskKeys, type ListQuery, post, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AdminSalesReturnsFilter = ListQuery<typeof SalesReturnsQuery>;

const salesReturnsKey = deskKeys<AdminSalesReturnsFilter>("sales-returns");
export const adminSalesReturnKeys = {
  ...salesReturnsKey,
  /** What of a tax invoice (its number or id) can still be returned. */
  returnable: (invoice: string) => [...salesReturnsKey.all, "returnable", invoice] as const,
};

const salesReturnList = adminList(
  adminSalesReturnKeys.list,
  "/api/admin/sales-returns",
  AdminSalesReturnsResponse,
);

export const adminSalesReturnQueries = {
  list: salesReturnList.query,
  /** Nothing is asked until an invoice is named. */
  returnable: (invoice: string) =>
    queryOptions({
      queryKey: adminSalesReturnKeys.returnable(invoice),
      queryFn: ({ signal }) =>
        request("/api/admin/sales-returns/returnable", {
          schema: ReturnableInvoice,
          query: { invoice },
          signal,
        }),
      enabled: invoice.trim() !== "",
      retry: false,
    }),
};
export const exportAdminSalesReturns = salesReturnList.exportRows;

export const useAdminSalesReturns = (q: AdminSalesReturnsFilter) => useQuery(adminSalesReturnQueries.list(q));
export const useReturnableInvoice = (invoice: string) =>
  useQuery(adminSalesReturnQueries.returnable(invoice));

export const useAdvanceSalesReturn = () =>
  useAdminAction(({ id, status }: { id: number } & z.input<typeof AdvanceSalesReturnBody>) =>
    post(`/api/admin/sales-returns/${id}/status`, AdminSalesReturn, { status }),
  );
export const useRaiseSalesReturn = () =>
  useAdminAction((body: RaiseSalesReturnBody) => post("/api/admin/sales-returns", AdminSalesReturn, body));
export const useReceiveSalesReturn = () =>
  useAdminAction(({ id, ...body }: { id: number } & ReceiveSalesReturnBody) =>
    post(`/api/admin/sales-returns/${id}/receive`, AdminSalesReturn, body),
  );
export const useApproveSalesReturn = () =>
  useAdminAction((id: number) => post(`/api/admin/sales-returns/${id}/approve`, AdminSalesReturn, {}));
export const useRejectSalesReturn = () =>
  useAdminAction(({ id, reason }: { id: number } & RejectSalesReturnBody) =>
    post(`/api/admin/sales-returns/${id}/reject`, AdminSalesReturn, { reason }),
  );
