import {
  AdminWaybill,
  AdminWaybillsResponse,
  type CloseWaybillBody,
  type CreateWaybillRequestBody,
  type WaybillsQuery,
} from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import {
  adminKeys,
  adminList,
  cleanQuery,
  type ListQuery,
  post,
  useAdminAction,
} from "../../admin-kit/query";

export type AdminWaybillsFilter = ListQuery<typeof WaybillsQuery>;

const waybillsKey = [...adminKeys.all, "waybills"] as const;
export const adminWaybillKeys = {
  all: waybillsKey,
  list: (q: AdminWaybillsFilter) => [...waybillsKey, "list", cleanQuery(q)] as const,
};

const waybillList = adminList(adminWaybillKeys.list, "/api/admin/waybills", AdminWaybillsResponse);

export const adminWaybillQueries = { list: waybillList.query };
export const exportAdminWaybills = waybillList.exportRows;

export const useAdminWaybills = (q: AdminWaybillsFilter) => useQuery(adminWaybillQueries.list(q));

export const useRaiseWaybill = () =>
  useAdminAction((body: z.input<typeof CreateWaybillRequestBody>) =>
    post("/api/admin/waybills", AdminWaybill, body),
  );
export const useCloseWaybill = () =>
  useAdminAction(({ id, comment }: { id: number } & z.input<typeof CloseWaybillBody>) =>
    post(`/api/admin/waybills/${id}/close`, AdminWaybill, { comment }),
  );
