import { type CartItem, CartResponse, CartUpdateResponse, RemoveCartItemsResponse } from "@portal/contracts";
import { CART_REFRESH_MS } from "@portal/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { request } from "./api";

/**
 * The server cart, shared by every screen that shows it (product cards, quick view, product detail,
 * the navbar badge and the cart screens). It lives in lib because several features read it and
 * features never import each other. Every cart query key starts with CART_KEY, so one invalidation
 * refreshes the items and the allocation alike.
 */
export const CART_KEY = ["cart"] as const;

export const cartKeys = {
  all: CART_KEY,
  items: () => [...CART_KEY, "items"] as const,
  allocation: () => [...CART_KEY, "allocation"] as const,
};

/** GET /api/users/cart */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartKeys.items(),
    queryFn: ({ signal }) => request("/api/users/cart", { schema: CartResponse, signal }),
    staleTime: 60_000,
  });

/**
 * The spec's automatic cart refresh: every 10 minutes (CART_REFRESH_MS) the cart's count, items and
 * allocation are fetched again, on every screen of the signed-in shell (it is mounted there once).
 */
export function useCartAutoRefresh(intervalMs: number = CART_REFRESH_MS) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => queryClient.invalidateQueries({ queryKey: CART_KEY }), intervalMs);
    return () => clearInterval(timer);
  }, [queryClient, intervalMs]);
}

/** The cart's items. */
export const useCart = () => useQuery(cartQueryOptions());

const countOf = (data: CartResponse) => data.products.length;

/** The number of lines in the cart (the navbar badge); undefined while unknown. */
export const useCartCount = () => useQuery({ ...cartQueryOptions(), select: countOf }).data;

/** The quantity of one product in the cart, or null when it is not there (undefined while loading). */
export function useCartQuantity(productId: number): number | null | undefined {
  const select = useCallback(
    (data: CartResponse) => data.products.find((p) => p.id === productId)?.qty ?? null,
    [productId],
  );
  return useQuery({ ...cartQueryOptions(), select }).data;
}

/** Puts a cart answered by any cart call into the cache and refreshes what depends on it (the allocation). */
export function useCartReplaced() {
  const queryClient = useQueryClient();
  return useCallback(
    (products: CartItem[]) => {
      queryClient.setQueryData(cartQueryOptions().queryKey, { products });
      // the allocation and anything else keyed under the cart
      return queryClient.invalidateQueries({
        queryKey: CART_KEY,
        predicate: (q) => q.queryKey[1] !== "items",
      });
    },
    [queryClient],
  );
}

export interface CartLineChange {
  id: number;
  qty: number;
}

/**
 * PUT /api/users/cart/update. "add" for an Add button (a product already there is refused),
 * "update" for a changed quantity.
 */
export function useSaveToCart(mode: "add" | "update") {
  const changed = useCartReplaced();
  return useMutation({
    mutationFn: (products: CartLineChange[]) =>
      request("/api/users/cart/update", {
        method: "PUT",
        body: { products, mode },
        schema: CartUpdateResponse,
      }),
    onSuccess: (answer) => changed(answer.products),
  });
}

/** POST /api/users/cart/removeCartItems */
export function useRemoveFromCart() {
  const changed = useCartReplaced();
  return useMutation({
    mutationFn: (productIds: number[]) =>
      request("/api/users/cart/removeCartItems", {
        method: "POST",
        body: { productIds },
        schema: RemoveCartItemsResponse,
      }),
    onSuccess: (answer) => changed(answer.products),
  });
}
