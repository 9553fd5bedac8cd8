import {
  type QuickOrderAddBody,
  QuickOrderAddResponse,
  type QuickOrderResolveBody,
  QuickOrderResolveResponse,
  SuggestionsResponse,
} from "@portal/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";
import { CART_KEY } from "../../lib/cart";

export const quickOrderKeys = {
  resolve: (rows: QuickOrderResolveBody["rows"]) => ["quickOrder", "resolve", rows] as const,
};

/** POST /api/quickOrder/resolve: every row of the pad in one request (the pad's rows are its key). */
export const resolveQueryOptions = (rows: QuickOrderResolveBody["rows"]) =>
  queryOptions({
    queryKey: quickOrderKeys.resolve(rows),
    queryFn: ({ signal }) =>
      request("/api/quickOrder/resolve", {
        method: "POST",
        body: { rows },
        schema: QuickOrderResolveResponse,
        signal,
      }),
    staleTime: 30_000,
  });

export const useResolvedRows = (rows: QuickOrderResolveBody["rows"]) =>
  useQuery({ ...resolveQueryOptions(rows), enabled: rows.length > 0, placeholderData: keepPreviousData });

/**
 * The navbar search's suggestions call (POST /api/products/suggestions/b2b) for the pad's code field,
 * under the same query key, so a text typed in either place is fetched once.
 */
export const useCodeSuggestions = (text: string | null) =>
  useQuery({
    queryKey: ["suggestions", text ?? ""],
    queryFn: ({ signal }) =>
      request("/api/products/suggestions/b2b", {
        method: "POST",
        body: { search: text ?? "" },
        schema: SuggestionsResponse,
        signal,
      }),
    enabled: text !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** POST /api/quickOrder/addToCart: the buyable rows go in through the cart's rules; the cart is fetched again. */
export function useAddPadToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: QuickOrderAddBody["rows"]) =>
      request("/api/quickOrder/addToCart", {
        method: "POST",
        body: { rows },
        schema: QuickOrderAddResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}
