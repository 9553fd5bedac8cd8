import { useQuery } from "@tanstack/react-query";
import { financeQueries } from "../../features/finance/api";

/** What the account menu needs beyond `me`: whether the partner has C-form rows (then C-Form is listed). */
export function useMenuExtras(): { hasCforms: boolean } {
  const summary = useQuery({ ...financeQueries.cformSummary(), staleTime: 5 * 60_000, retry: false });
  return { hasCforms: (summary.data?.total ?? 0) > 0 };
}
