import { ReconciliationReport } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../lib/api";

/** The whole reconciliation report (every partner and ledger account); the page filters it. */
export const reconciliationOptions = () =>
  queryOptions({
    queryKey: ["admin", "reconciliation"],
    queryFn: ({ signal }) => request("/api/admin/reconciliation", { schema: ReconciliationReport, signal }),
  });
export const useReconciliation = () => useQuery(reconciliationOptions());
