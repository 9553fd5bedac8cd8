import { toSearchString } from "@portal/domain";
import type { QueryClient } from "@tanstack/react-query";
import { matchPath } from "react-router";
import { listingQueryOptions, productQueryOptions } from "./api";
import { productImages } from "./format";
import { columnsFor } from "./gridColumns";
import { parseListingParams, toListingBody } from "./listingParams";

/**
 * The data of a listing or product address, asked for as soon as the entry runs, under the keys the
 * pages read (see `preloadFirstScreen` in app/router.tsx). Its own small module, apart from the pages:
 * the request leaves while the pages' code is still loading, instead of after it. When the answer is
 * in, the pictures the first screen shows start loading too, while the page is still being drawn.
 */
export function prefetchListing(queryClient: QueryClient, url: URL) {
  const searchString = matchPath("/products/search/:searchString", safeDecode(url.pathname))?.params
    .searchString;
  const state = parseListingParams(url.searchParams);
  const search = searchString ? toSearchString(searchString) : "";
  const options = listingQueryOptions(toListingBody(state, search || undefined), state.page);
  void queryClient.prefetchInfiniteQuery(options).then(() => {
    // the first row of the grid (about as wide as the window)
    const products = queryClient.getQueryData(options.queryKey)?.pages[0]?.products ?? [];
    warmImages(products.slice(0, columnsFor(window.innerWidth)).map((p) => productImages(p)[0]));
  });
}

export function prefetchProduct(queryClient: QueryClient, url: URL) {
  const id = positiveId(url.pathname.split("/").at(-1));
  if (id === null) return;
  const options = productQueryOptions(id, positiveId(url.searchParams.get("whId")));
  void queryClient.prefetchQuery(options).then(() => {
    const product = queryClient.getQueryData(options.queryKey);
    if (product) warmImages([productImages(product)[0]]);
  });
}

/** Starts fetching pictures into the browser's cache (the page's <img> then finds them there). */
function warmImages(sources: readonly (string | undefined)[]) {
  for (const src of sources) {
    if (!src) continue;
    const image = new Image();
    image.fetchPriority = "high";
    image.src = src;
  }
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
