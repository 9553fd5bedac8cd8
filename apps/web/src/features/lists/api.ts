import { ListAddToCartResponse, type ListLineInput, SavedList, SavedListChange } from "@portal/contracts";
import { CART_UPLOAD_FIELD } from "@portal/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request, requestFile } from "../../lib/api";
import { useCartReplaced } from "../../lib/cart";
import { saveBlob } from "../../lib/download";
import { listKeys, useListChanged } from "../../lib/lists";

export { listKeys, listsQueryOptions, useAddListLines, useCreateList, useSavedLists } from "../../lib/lists";

/** GET /api/lists/{id}: the list with each line as the store sees it now. */
export const listQueryOptions = (id: number) =>
  queryOptions({
    queryKey: listKeys.one(id),
    queryFn: ({ signal }) => request(`/api/lists/${id}`, { schema: SavedList, signal }),
    staleTime: 15_000,
  });

export const useSavedList = (id: number) => useQuery(listQueryOptions(id));

/** PUT /api/lists/{id}: rename and/or replace the lines. */
export function useUpdateList(id: number) {
  const changed = useListChanged();
  return useMutation({
    mutationFn: (body: { name?: string; lines?: ListLineInput[] }) =>
      request(`/api/lists/${id}`, { method: "PUT", body, schema: SavedListChange }),
    onSuccess: (list) => changed(list),
  });
}

/** DELETE /api/lists/{id} */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/api/lists/${id}`, { method: "DELETE", schema: SavedListChange }),
    onSuccess: async (list) => {
      queryClient.removeQueries({ queryKey: listKeys.one(list.id) });
      await queryClient.invalidateQueries({ queryKey: listKeys.index() });
    },
  });
}

/** POST /api/lists/{id}/addToCart: the whole list or the chosen products, each line's outcome. */
export function useListToCart(id: number) {
  const replaced = useCartReplaced();
  return useMutation({
    mutationFn: (productIds?: number[]) =>
      request(`/api/lists/${id}/addToCart`, {
        method: "POST",
        body: productIds ? { productIds } : {},
        schema: ListAddToCartResponse,
      }),
    onSuccess: (answer) => replaced(answer.products),
  });
}

/** GET /api/lists/{id}.csv, saved by the browser. */
export async function downloadListCsv(id: number) {
  const { blob, filename } = await requestFile(`/api/lists/${id}.csv`);
  saveBlob(blob, filename ?? "list.csv");
}

/** POST /api/lists/import (multipart, field "file"; the name is the form field "name"). */
export function useImportList() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name?: string }) => {
      const form = new FormData();
      if (name) form.append("name", name);
      form.append(CART_UPLOAD_FIELD, file, file.name);
      return request("/api/lists/import", { method: "POST", body: form, schema: SavedListChange });
    },
    onSuccess: (list) => changed(list),
  });
}
