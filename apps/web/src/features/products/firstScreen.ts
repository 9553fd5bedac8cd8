import { toSearchString } from "@portal/domain";
import type { QueryClient } from "@tanstack/react-query";
import { matchPath } from "react-router";
import { listingQueryOptions, productQueryOptions } from "./api";
import { parseListingParams, toListingBody } from "./listingParams";

/**
 * The data of a listing or product address, asked for as soon as the entry runs, under the keys the
 * pages read (see `preloadFirstScreen` in app/router.tsx). Its own small module, apart from the pages:
 * the request leaves while the pages' code is still loading, instead of after it.
 */
export function prefetchListing(queryClient: QueryClient, url: URL) {
  const searchString = matchPath("/products/search/:searchString", safeDecode(url.pathname))?.params
    .searchString;
  const state = parseListingParams(url.searchParams);
  const search = searchString ? toSearchString(searchString) : "";
  void queryClient.prefetchInfiniteQuery(
    listingQueryOptions(toListingBody(state, search || undefined), state.page),
  );
}

export function prefetchProduct(queryClient: QueryClient, url: URL) {
  const id = positiveId(url.pathname.split("/").at(-1));
  if (id !== null)
    void queryClient.prefetchQuery(productQueryOptions(id, positiveId(url.searchParams.get("whId"))));
}

/** A whole number above zero in an address, or null. */
export const positiveId = (text: string | undefined | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function safeDecode(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
