import type { Me } from "@portal/contracts";
import { isAdmin, waybillReplaceMessages } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { waybillQueries } from "../../features/waybill/api";

/**
 * How many of the partner's waybill requests wait for their document (WH Request): the menu's badge.
 * One small counted query, kept a minute; staff have no waybills of their own and do not ask.
 */
export function useOpenWaybills(user: Me): { count: number; label: string | null } {
  const query = useQuery({ ...waybillQueries.whRequestCount(), enabled: !isAdmin(user), retry: false });
  const count = query.data?.count ?? 0;
  return { count, label: count > 0 ? waybillReplaceMessages.openRequests(count) : null };
}
