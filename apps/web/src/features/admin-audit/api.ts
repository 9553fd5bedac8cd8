import { AuditFilterChoices, type AuditQuery, AuditResponse } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminKeys, adminList, cleanQuery, type ListQuery } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AuditFilter = ListQuery<typeof AuditQuery>;

const auditKey = [...adminKeys.all, "audit"] as const;
export const adminAuditKeys = {
  all: auditKey,
  list: (q: AuditFilter) => [...auditKey, "list", cleanQuery(q)] as const,
  filterChoices: () => [...auditKey, "filter-choices"] as const,
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
