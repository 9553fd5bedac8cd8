import {
  AdminArtwork,
  AdminArtworksResponse,
  ContentFile,
  ContentFilesResponse,
  MessageResponse,
  SignedUrlResponse,
} from "@portal/contracts";
import type { ArtworkStatus, ContentKind } from "@portal/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "../../lib/api";
import type { ListParams } from "./api";

const clean = (params: ListParams) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ""));

const fetchArtworks = (params: ListParams, signal?: AbortSignal) =>
  request("/api/admin/artworks", { schema: AdminArtworksResponse, query: clean(params), signal });

export const artworksList = {
  options: (params: ListParams) =>
    queryOptions({
      queryKey: ["admin", "artworks", clean(params)],
      queryFn: ({ signal }) => fetchArtworks(params, signal),
      placeholderData: keepPreviousData,
    }),
  all: (params: ListParams) => fetchArtworks({ ...params, page: 1, pageSize: 500 }),
};
export const useAdminArtworks = (params: ListParams) => useQuery(artworksList.options(params));

export const useContentFiles = (kind: ContentKind | null) =>
  useQuery({
    queryKey: ["admin", "content", kind],
    queryFn: ({ signal }) =>
      request("/api/admin/content", {
        schema: ContentFilesResponse,
        query: { kind: kind ?? undefined },
        signal,
      }),
  });

export const contentFileUrl = (id: number) =>
  request(`/api/admin/content/${id}/url`, { schema: SignedUrlResponse });

function useAction<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
    },
  });
}

export const useMoveArtwork = () =>
  useAction(({ id, status }: { id: number; status: ArtworkStatus }) =>
    request(`/api/admin/artworks/${id}/status`, { method: "POST", body: { status }, schema: AdminArtwork }),
  );

export const useUploadContent = () =>
  useAction((form: FormData) =>
    request("/api/admin/content", { method: "POST", body: form, schema: ContentFile }),
  );

export const useReplaceContent = () =>
  useAction(({ id, form }: { id: number; form: FormData }) =>
    request(`/api/admin/content/${id}/file`, { method: "PUT", body: form, schema: ContentFile }),
  );

export const useRemoveContent = () =>
  useAction((id: number) =>
    request(`/api/admin/content/${id}`, { method: "DELETE", schema: MessageResponse }),
  );
