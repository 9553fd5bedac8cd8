import type { QueryClient } from "@tanstack/react-query";
import { meQueryOptions } from "../../lib/auth";
import { cartQueryOptions } from "../../lib/cart";
import { allocationQueryOptions } from "./api";

/**
 * The cart screen's data, asked for as soon as the entry runs (see `preloadFirstScreen` in
 * app/router.tsx): the cart, and its allocation once the account (whose state it needs) is in.
 */
export function prefetchCart(queryClient: QueryClient) {
  void queryClient.prefetchQuery(cartQueryOptions());
  void queryClient
    .fetchQuery(meQueryOptions())
    .then((me) => queryClient.prefetchQuery(allocationQueryOptions(me)))
    .catch(() => {});
}
