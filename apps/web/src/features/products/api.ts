import {
  Brand,
  ChildrenResponse,
  LikeDislikeRecord,
  LikeDislikeResponse,
  type ListingBody,
  ListingResponse,
  MappingResponse,
  ProductDetail,
} from "@portal/contracts";
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { z } from "zod";
import { request } from "../../lib/api";

export type ListingQuery = Omit<ListingBody, "page">;

export const productKeys = {
  listing: (query: ListingQuery, startPage: number) => ["listing", query, startPage] as const,
  product: (id: number, whId: number | null) => ["product", id, whId] as const,
  brand: (id: number) => ["brand", id] as const,
  children: (groupID: number, color: string | null) => ["product-children", groupID, color] as const,
  likes: (productId: number) => ["likes", productId] as const,
  mapping: () => ["mapping"] as const,
};

/**
 * POST /api/listing/b2b, one page per fetch. Infinite: the scroll asks for the next page, a page jump
 * starts from another page and the earlier ones can still be loaded above it.
 */
export const listingQueryOptions = (query: ListingQuery, startPage = 1) =>
  infiniteQueryOptions({
    queryKey: productKeys.listing(query, startPage),
    queryFn: ({ pageParam, signal }) =>
      request("/api/listing/b2b", {
        method: "POST",
        body: { ...query, page: pageParam },
        schema: ListingResponse,
        signal,
      }),
    initialPageParam: startPage,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    getPreviousPageParam: (first) => (first.page > 1 ? first.page - 1 : undefined),
  });

/** The listing; while another filter combination loads, the previous one stays on screen. */
export const useListing = (query: ListingQuery, startPage = 1) =>
  useInfiniteQuery({ ...listingQueryOptions(query, startPage), placeholderData: keepPreviousData });

/** GET /api/products/{id}; whId asks for the price at that warehouse. */
export const productQueryOptions = (id: number, whId?: number | null) =>
  queryOptions({
    queryKey: productKeys.product(id, whId ?? null),
    queryFn: ({ signal }) =>
      request(`/api/products/${id}`, {
        schema: ProductDetail,
        query: { whId: whId ?? undefined },
        signal,
      }),
  });

export const useProduct = (id: number, whId?: number | null, enabled = true) =>
  useQuery({ ...productQueryOptions(id, whId), enabled });

/** GET /api/brand/{id} */
export const brandQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.brand(id),
    queryFn: ({ signal }) => request(`/api/brand/${id}`, { schema: Brand, signal }),
    staleTime: 30 * 60_000,
  });

export const useBrand = (id: number, enabled = true) => useQuery({ ...brandQueryOptions(id), enabled });

/** POST /api/products/children: the sellable sizes of a group in one colour. */
export const childrenQueryOptions = (groupID: number, color: string | null) =>
  queryOptions({
    queryKey: productKeys.children(groupID, color),
    queryFn: ({ signal }) =>
      request("/api/products/children", {
        method: "POST",
        body: { products: [{ groupID, color }] },
        schema: ChildrenResponse,
        signal,
      }),
  });

export const useChildren = (groupID: number, color: string | null) =>
  useQuery(childrenQueryOptions(groupID, color));

export type LikeRecord = z.infer<typeof LikeDislikeRecord>;

/** GET /api/products/getLikesDislikes/{id}: the caller's like or dislike of a product, or null. */
export const likesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: productKeys.likes(productId),
    queryFn: ({ signal }) =>
      request(`/api/products/getLikesDislikes/${productId}`, { schema: LikeDislikeResponse, signal }),
  });

export const useLikes = (productId: number) => useQuery(likesQueryOptions(productId));

/** POST /api/products/likesDislikes: one record per user and product. */
export function useSaveLike(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { likeDislike: 0 | 1; reason: string }) =>
      request("/api/products/likesDislikes", {
        method: "POST",
        body: { productId, ...body },
        schema: LikeDislikeRecord,
      }),
    onSuccess: (record) => queryClient.setQueryData(likesQueryOptions(productId).queryKey, record),
  });
}

/** GET /api/mapping/getMapping: the warehouses the caller may order from. */
export const mappingQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.mapping(),
    queryFn: ({ signal }) => request("/api/mapping/getMapping", { schema: MappingResponse, signal }),
    staleTime: 30 * 60_000,
  });

export const useMapping = () => useQuery(mappingQueryOptions());
