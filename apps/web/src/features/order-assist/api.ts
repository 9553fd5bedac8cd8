import {
  ApparelSubcategorySales,
  AssistCategoryTotals,
  AssistSales,
  AssistStock,
  AssistSuggestions,
  CartUpdateResponse,
  Product,
} from "@portal/contracts";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { request } from "../../lib/api";
import { useCartReplaced } from "../../lib/cart";

export const orderAssistKeys = {
  all: ["orderAssist"] as const,
  categoryTotals: () => [...orderAssistKeys.all, "catTotal"] as const,
  sales: (categoryId?: number) => [...orderAssistKeys.all, "sales", categoryId ?? "all"] as const,
  stock: (categoryId?: number) => [...orderAssistKeys.all, "stock", categoryId ?? "all"] as const,
  suggestions: (categoryId: number, productIds: readonly number[]) =>
    [...orderAssistKeys.all, "suggestions", categoryId, productIds.join(",")] as const,
  apparelSubcategory: (subcategoryId: number) =>
    [...orderAssistKeys.all, "apparelSubcat", subcategoryId] as const,
  bestsellers: (categoryId: number) => [...orderAssistKeys.all, "bestsellers", categoryId] as const,
};

/** GET /api/orderAssist/catTotal: the store's 30-day sale, per category (the pickers use it too). */
export const categoryTotalsQuery = () =>
  queryOptions({
    queryKey: orderAssistKeys.categoryTotals(),
    queryFn: ({ signal }) => request("/api/orderAssist/catTotal", { schema: AssistCategoryTotals, signal }),
    staleTime: 60_000,
  });

/** GET /api/orderAssist/sales and sales/{cat}. */
export const salesQuery = (categoryId?: number) =>
  queryOptions({
    queryKey: orderAssistKeys.sales(categoryId),
    queryFn: ({ signal }) =>
      request(categoryId ? `/api/orderAssist/sales/${categoryId}` : "/api/orderAssist/sales", {
        schema: AssistSales,
        signal,
      }),
    staleTime: 60_000,
  });

/** GET /api/orderAssist/stock and stock/{cat}. */
export const stockQuery = (categoryId?: number) =>
  queryOptions({
    queryKey: orderAssistKeys.stock(categoryId),
    queryFn: ({ signal }) =>
      request(categoryId ? `/api/orderAssist/stock/${categoryId}` : "/api/orderAssist/stock", {
        schema: AssistStock,
        signal,
      }),
    staleTime: 60_000,
  });

/**
 * GET /api/products/getSuggestedProducts/{category}, or with product ids the filtered
 * POST /api/products/suggestedProducts.
 */
export const suggestionsQuery = (categoryId: number, productIds: readonly number[] = []) =>
  queryOptions({
    queryKey: orderAssistKeys.suggestions(categoryId, productIds),
    queryFn: ({ signal }) =>
      productIds.length === 0
        ? request(`/api/products/getSuggestedProducts/${categoryId}`, { schema: AssistSuggestions, signal })
        : request("/api/products/suggestedProducts", {
            method: "POST",
            body: { category: categoryId, productIds },
            schema: AssistSuggestions,
            signal,
          }),
    staleTime: 30_000,
  });

/** GET /api/orderAssist/apparelSubcatLevelSales/{id}. */
export const apparelSubcategoryQuery = (subcategoryId: number) =>
  queryOptions({
    queryKey: orderAssistKeys.apparelSubcategory(subcategoryId),
    queryFn: ({ signal }) =>
      request(`/api/orderAssist/apparelSubcatLevelSales/${subcategoryId}`, {
        schema: ApparelSubcategorySales,
        signal,
      }),
    staleTime: 60_000,
  });

/** GET /api/bestseller/all?category: the spec's request of 24 sorted by best seller. */
export const bestsellersQuery = (categoryId: number) =>
  queryOptions({
    queryKey: orderAssistKeys.bestsellers(categoryId),
    queryFn: ({ signal }) =>
      request("/api/bestseller/all", { query: { category: categoryId }, schema: z.array(Product), signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** POST /api/orderAssist/addToCart: suggested products into the cart under every cart rule. */
export function useAddSuggestions() {
  const changed = useCartReplaced();
  return useMutation({
    mutationFn: (products: { id: number; qty: number }[]) =>
      request("/api/orderAssist/addToCart", {
        method: "POST",
        body: { products },
        schema: CartUpdateResponse,
      }),
    onSuccess: (answer) => changed(answer.products),
  });
}
