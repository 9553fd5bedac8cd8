import { AuditFilterChoices, type AuditQuery, AuditResponse } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminList, deskKeys, type ListQuery } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AuditFilter = ListQuery<typeof AuditQuery>;

const auditKey = deskKeys<AuditFilter>("audit");
export const adminAuditKeys = {
  ...auditKey,
  filterChoices: () => [...auditKey.all, "filter-choices"] as const,
};

const auditList = adminList(adminAuditKeys.list, "/api/admin/audit", AuditResponse);

export const adminAuditQueries = {
  list: auditList.query,
  filterChoices: () =>
    queryOptions({
      queryKey: adminAuditKeys.filterChoices(),
      queryFn: ({ signal }) => request("/api/admin/audit/filters", { schema: AuditFilterChoices, signal }),
    }),
};
export const exportAudit = auditList.exportRows;

export const useAudit = (q: AuditFilter) => useQuery(adminAuditQueries.list(q));
export const useAuditFilterChoices = () => useQuery(adminAuditQueries.filterChoices());
