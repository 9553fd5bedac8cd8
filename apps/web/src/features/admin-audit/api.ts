import { type AuditQuery, AuditResponse } from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { adminKeys, adminList, cleanQuery, type ListQuery } from "../../admin-kit/query";

export type AuditFilter = ListQuery<typeof AuditQuery>;

const auditKey = [...adminKeys.all, "audit"] as const;
export const adminAuditKeys = {
  all: auditKey,
  list: (q: AuditFilter) => [...auditKey, "list", cleanQuery(q)] as const,
};

const auditList = adminList(adminAuditKeys.list, "/api/admin/audit", AuditResponse);

export const adminAuditQueries = { list: auditList.query };
export const exportAudit = auditList.exportRows;

export const useAudit = (q: AuditFilter) => useQuery(adminAuditQueries.list(q));
