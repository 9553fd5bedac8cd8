import { SuggestionsResponse } from "@portal/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const searchKeys = {
  suggestions: (text: string) => ["suggestions", text] as const,
};

/**
 * POST /api/products/suggestions/b2b for a text already cleaned by toSuggestText. Each new text is a
 * new query; the request of a text typed over is aborted (its signal is consumed).
 */
export const suggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(text),
    queryFn: ({ signal }) =>
      request("/api/products/suggestions/b2b", {
        method: "POST",
        body: { search: text },
        schema: SuggestionsResponse,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** Suggestions for the navbar search; none below the 3-character minimum (text null). */
export const useSuggestions = (text: string | null) =>
  useQuery({
    ...suggestionsQueryOptions(text ?? ""),
    enabled: text !== null,
    placeholderData: keepPreviousData,
  });
