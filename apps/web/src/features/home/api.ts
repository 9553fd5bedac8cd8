import { BannersResponse, CategoriesResponse } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const homeKeys = {
  banners: () => ["banners"] as const,
  categoryTiles: () => ["category", "b2b"] as const,
};

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.banners(),
    queryFn: ({ signal }) => request("/api/banner", { schema: BannersResponse, signal }),
    staleTime: 10 * 60_000,
  });

export const useBanners = () => useQuery(bannersQueryOptions());

export const categoryTilesQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.categoryTiles(),
    queryFn: ({ signal }) => request("/api/category/b2b", { schema: CategoriesResponse, signal }),
    staleTime: 10 * 60_000,
  });

/** Category tiles of the landing screen (GET /api/category/b2b). */
export const useCategoryTiles = () => useQuery(categoryTilesQueryOptions());
