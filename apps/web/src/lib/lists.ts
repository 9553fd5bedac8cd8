import {
  type CreateListRequest,
  type ListLineInput,
  type SavedList,
  SavedListChange,
  SavedListsResponse,
} from "@portal/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { request } from "./api";

/**
 * Saved lists as other features use them (the cart, past orders, product pages and the quick order
 * pad save to lists): the query keys, the index, and creating a list or adding lines to one.
 */
export const listKeys = {
  all: ["lists"] as const,
  index: () => [...listKeys.all, "index"] as const,
  one: (id: number) => [...listKeys.all, "one", id] as const,
};

/** GET /api/lists */
export const listsQueryOptions = () =>
  queryOptions({
    queryKey: listKeys.index(),
    queryFn: ({ signal }) => request("/api/lists", { schema: SavedListsResponse, signal }),
    staleTime: 15_000,
  });

export const useSavedLists = (enabled = true) => useQuery({ ...listsQueryOptions(), enabled });

/** After a change: the changed list is known; the index is read again. */
export function useListChanged() {
  const queryClient = useQueryClient();
  return async (list?: SavedList) => {
    if (list) queryClient.setQueryData(listKeys.one(list.id), list);
    await queryClient.invalidateQueries({ queryKey: listKeys.index() });
  };
}

/** POST /api/lists */
export function useCreateList() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: (body: CreateListRequest) =>
      request("/api/lists", { method: "POST", body, schema: SavedListChange }),
    onSuccess: (list) => changed(list),
  });
}

/** POST /api/lists/{id}/lines: add products to a list, or change their quantity there. */
export function useAddListLines() {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ id, lines }: { id: number; lines: ListLineInput[] }) =>
      request(`/api/lists/${id}/lines`, { method: "POST", body: { lines }, schema: SavedListChange }),
    onSuccess: (list) => changed(list),
  });
}

/** The address of one list. */
export const listPath = (id: number) => `/lists?list=${id}`;
