import {
  type AdminContentQuery,
  ContentFile,
  ContentFilesResponse,
  MessageResponse,
  SignedUrlResponse,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminKeys, useAdminAction } from "../../admin-kit/query";
import { request } from "../../lib/api";

/** The library's files of one kind; null: every kind. */
type ContentKindFilter = AdminContentQuery["kind"] | null;

const contentKey = [...adminKeys.all, "content"] as const;
export const adminContentKeys = {
  all: contentKey,
  list: (kind: ContentKindFilter) => [...contentKey, "list", kind] as const,
};

export const adminContentQueries = {
  list: (kind: ContentKindFilter) =>
    queryOptions({
      queryKey: adminContentKeys.list(kind),
      queryFn: ({ signal }) =>
        request("/api/admin/content", {
          schema: ContentFilesResponse,
          query: { kind: kind ?? undefined },
          signal,
        }),
    }),
};

export const useContentFiles = (kind: ContentKindFilter) => useQuery(adminContentQueries.list(kind));

export const contentFileUrl = (id: number) =>
  request(`/api/admin/content/${id}/url`, { schema: SignedUrlResponse });

export const useUploadContent = () =>
  useAdminAction((form: FormData) =>
    request("/api/admin/content", { method: "POST", body: form, schema: ContentFile }),
  );

export const useReplaceContent = () =>
  useAdminAction(({ id, form }: { id: number; form: FormData }) =>
    request(`/api/admin/content/${id}/file`, { method: "PUT", body: form, schema: ContentFile }),
  );

export const useRemoveContent = () =>
  useAdminAction((id: number) =>
    request(`/api/admin/content/${id}`, { method: "DELETE", schema: MessageResponse }),
  );
