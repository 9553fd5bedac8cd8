import { MenuResponse } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const catalogueKeys = {
  menu: () => ["menu"] as const,
};

export const menuQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.menu(),
    queryFn: ({ signal }) => request("/api/menu", { schema: MenuResponse, signal }),
    staleTime: 30 * 60_000,
  });

/** The navbar category menu (GET /api/menu). */
export const useMenu = () => useQuery(menuQueryOptions());
