import { type Me, OrderRequestsResponse } from "@portal/contracts";
import { isAdmin } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { request } from "./api";
import { roleOf } from "./team-access";

/** Every order-request query starts with this key (a decision invalidates them all, the menus' count too). */
export const REQUESTS_KEY = ["team", "requests"] as const;

/**
 * How many order requests wait for the owner's decision: the menus' badge beside "Order requests".
 * Asked only for an owner (a buyer's own requests are decided by someone else); kept a minute.
 */
export function usePendingRequestCount(user: Me): number {
  const owner = roleOf(user) === "owner" && !isAdmin(user);
  const query = useQuery({
    queryKey: [...REQUESTS_KEY, "pending-count"],
    queryFn: ({ signal }) =>
      request("/api/team/requests", {
        query: { status: "pending", page: 1 },
        schema: OrderRequestsResponse,
        signal,
      }),
    enabled: owner,
    staleTime: 60_000,
    retry: false,
  });
  return owner ? (query.data?.total ?? 0) : 0;
}
