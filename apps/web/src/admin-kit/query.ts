import { UserListResponse } from "@portal/contracts";
import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { ZodType, z } from "zod";
import { request } from "../lib/api";
import { downloadFile } from "../lib/download";

/** Every Admin Console key starts here, so that a staff action refreshes every desk at once. */
export const adminKeys = {
  all: ["admin"] as const,
  /** The partners offered by the partner filter of every queue. */
  partnerChoices: () => [...adminKeys.all, "partner-choices"] as const,
};

/** Query string values as the list routes take them; empty values are left out. */
export type ListParams = Record<string, string | number | undefined>;

/**
 * A list route's query as the address holds it: the contract's field names, their values as typed
 * (strings, and the page numbers); the route parses them.
 */
export type ListQuery<Query extends ZodType> = { [K in keyof z.input<Query>]?: string | number };

export const cleanQuery = <P extends ListParams>(params: P): Partial<P> =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== "" && v !== null),
  ) as Partial<P>;

/** The largest page a list route answers (the partner filter asks for that many choices). */
const LARGEST_PAGE = 500;

/**
 * One server-paged list: its query options (the previous page stays on screen while the next loads)
 * and its CSV export: `format=csv` of the same query, which the server streams with every matching
 * row however many (page and size left out), saved under the server's file name or `fileName`.
 */
export function adminList<P extends ListParams, S extends ZodType>(
  key: (params: P) => QueryKey,
  path: string,
  schema: S,
) {
  const fetchPage = (params: P, signal?: AbortSignal) =>
    request(path, { schema, query: cleanQuery(params), signal });
  return {
    query: (params: P) =>
      queryOptions({
        queryKey: key(params),
        queryFn: ({ signal }) => fetchPage(params, signal),
        placeholderData: keepPreviousData,
      }),
    exportRows: (params: P, fileName: string) => {
      const { page: _page, pageSize: _pageSize, ...filters } = cleanQuery(params);
      return downloadFile(path, { query: { ...filters, format: "csv" } }, fileName);
    },
  };
}

/** A list's CSV export as `adminList` makes it: resolves to the saved file's name. */
export type CsvExport<P extends ListParams> = (params: P, fileName: string) => Promise<string>;

const partnerChoicesQuery = { pageSize: LARGEST_PAGE };
export const partnerChoices = () =>
  queryOptions({
    queryKey: adminKeys.partnerChoices(),
    queryFn: ({ signal }) =>
      request("/api/users/userList", { schema: UserListResponse, query: partnerChoicesQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** A staff action: on success every admin query refetches (counts, queues and screens move together). */
export function useAdminAction<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // not awaited: the notice of what changed shows at once, the lists catch up behind it
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** A POST of a staff action, its answer read with `schema`. */
export const post = <S extends ZodType>(path: string, schema: S, body: unknown = {}) =>
  request(path, { method: "POST", body, schema });

/**
 * A desk's query keys under ["admin", desk]: `all` (what the desk's own refreshes name) and its
 * list's key per query (empty values left out, so equal views share a cache entry).
 */
export function deskKeys<P extends ListParams>(desk: string) {
  const all = [...adminKeys.all, desk] as const;
  return { all, list: (q: P) => [...all, "list", cleanQuery(q)] as const };
}
