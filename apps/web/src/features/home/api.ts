import { BannersResponse, CategoriesResponse } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: ["banners"],
    queryFn: ({ signal }) => request("/api/banner", { schema: BannersResponse, signal }),
    staleTime: 10 * 60_000,
  });

export const useBanners = () => useQuery(bannersQueryOptions());

export const categoryTilesQueryOptions = () =>
  queryOptions({
    queryKey: ["category", "b2b"],
    queryFn: ({ signal }) => request("/api/category/b2b", { schema: CategoriesResponse, signal }),
    staleTime: 10 * 60_000,
  });

/** Category tiles of the landing screen (GET /api/category/b2b). */
export const useCategoryTiles = () => useQuery(categoryTilesQueryOptions());
