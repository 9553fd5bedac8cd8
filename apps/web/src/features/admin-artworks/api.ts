import {
  AdminArtwork,
  type AdminArtworksQuery,
  AdminArtworksResponse,
  type ArtworkStatusBody,
} from "@portal/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminList, deskKeys, type ListQuery, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

export type AdminArtworksFilter = ListQuery<typeof AdminArtworksQuery>;

const artworksKey = deskKeys<AdminArtworksFilter>("artworks");
export const adminArtworkKeys = {
  ...artworksKey,
};

const artworkList = adminList(adminArtworkKeys.list, "/api/admin/artworks", AdminArtworksResponse);

export const adminArtworkQueries = { list: artworkList.query };
export const exportAdminArtworks = artworkList.exportRows;

export const useAdminArtworks = (q: AdminArtworksFilter) => useQuery(adminArtworkQueries.list(q));

export const useMoveArtwork = () =>
  useAdminAction(({ id, status }: { id: number } & z.input<typeof ArtworkStatusBody>) =>
    request(`/api/admin/artworks/${id}/status`, { method: "POST", body: { status }, schema: AdminArtwork }),
  );
