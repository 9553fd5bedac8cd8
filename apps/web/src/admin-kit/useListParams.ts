import { useSearchParams } from "react-router";

const PAGE_SIZES = [25, 50, 100];
export const ALL = "all";

/** What every list keeps in the address besides its own filters. */
export const SEARCH_KEY = "q";
export const SORT_KEY = "sort";

/** A sort as the list routes take it: a column key, `-key` for descending. */
export interface SortState {
  column: string;
  direction: "asc" | "desc";
}

export const parseSort = (sort: string): SortState | null =>
  sort ? { column: sort.replace(/^-/, ""), direction: sort.startsWith("-") ? "desc" : "asc" } : null;

export const sortParam = ({ column, direction }: SortState): string =>
  direction === "desc" ? `-${column}` : column;

/**
 * A list's whole state, kept in the address so that a filtered, searched and sorted view can be
 * shared, the dashboard can link to it, and Back or a reload returns to it: its filters, `q`
 * (search), `sort`, page and page size. Changing anything but the page goes back to page 1.
 */
export function useListParams<K extends string>(
  keys: readonly K[],
  defaults: Partial<Record<K, string>> = {},
) {
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(keys.map((k) => [k, search.get(k) ?? defaults[k] ?? ""])) as Record<
    K,
    string
  >;
  const q = search.get(SEARCH_KEY) ?? "";
  const sort = search.get(SORT_KEY) ?? "";
  const page = Number(search.get("page") ?? "1") || 1;
  const pageSize = PAGE_SIZES.includes(Number(search.get("pageSize"))) ? Number(search.get("pageSize")) : 25;

  // replaced, not pushed: typing a search or paging is not a step Back should walk through
  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === "") next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  return {
    filters,
    q,
    sort,
    page,
    pageSize,
    pageSizes: PAGE_SIZES,
    /** The query for the list route: filters, search, sort, page and size (empty values are left out later). */
    params: {
      ...(Object.fromEntries(keys.map((k) => [k, filters[k] === ALL ? "" : filters[k]])) as Record<
        K,
        string
      >),
      q,
      sort,
      page,
      pageSize,
    },
    /** Clearing a filter that has a default keeps it cleared ("all") rather than back to the default. */
    setFilter: (key: K, value: string | null) =>
      update({ [key]: value || (defaults[key] ? ALL : ""), page: null }),
    setQ: (value: string) => update({ [SEARCH_KEY]: value.trim(), page: null }),
    setSort: (value: string) => update({ [SORT_KEY]: value, page: null }),
    setPage: (p: number) => update({ page: String(p) }),
    setPageSize: (size: number) => update({ pageSize: String(size), page: null }),
  };
}
