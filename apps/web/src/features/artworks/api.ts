import { ArtworkListResponse, type CreateArtworkBody, CreateArtworkResponse } from "@portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import { request } from "../../lib/api";

export const artworksApi = {
  list: (pageNo: number, pageSize: number) =>
    request("/api/artwork/artworkList", {
      method: "POST",
      body: { pageNo, pageSize },
      schema: ArtworkListResponse,
    }),
  create: (body: CreateArtworkBody) =>
    request("/api/artwork/createArtwork", { method: "POST", body, schema: CreateArtworkResponse }),
};

export const artworksKeys = {
  all: ["artworks"] as const,
  list: (pageNo: number) => [...artworksKeys.all, pageNo] as const,
};

export const artworksQueries = {
  list: (pageNo: number, pageSize: number) =>
    queryOptions({ queryKey: artworksKeys.list(pageNo), queryFn: () => artworksApi.list(pageNo, pageSize) }),
};
