import { CformSummary } from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import { request } from "../../lib/api";

/** What the account menu needs beyond `me`: whether the partner has C-form rows (then C-Form is listed). */
export function useMenuExtras(): { hasCforms: boolean } {
  const summary = useQuery({
    queryKey: ["finance", "cform-summary"],
    queryFn: () => request("/api/cform/summary", { schema: CformSummary }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { hasCforms: (summary.data?.total ?? 0) > 0 };
}
