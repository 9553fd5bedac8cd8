import { ReconciliationReport } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminKeys } from "../../admin-kit/query";
import { request } from "../../lib/api";

const reconciliationKey = [...adminKeys.all, "reconciliation"] as const;
export const adminReconciliationKeys = {
  all: reconciliationKey,
  report: () => [...reconciliationKey, "report"] as const,
};

export const adminReconciliationQueries = {
  /** The whole report (every partner and ledger account); the page filters it. */
  report: () =>
    queryOptions({
      queryKey: adminReconciliationKeys.report(),
      queryFn: ({ signal }) => request("/api/admin/reconciliation", { schema: ReconciliationReport, signal }),
    }),
};

export const useReconciliation = () => useQuery(adminReconciliationQueries.report());
