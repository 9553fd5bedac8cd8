import { useSearchParams } from "react-router";

const PAGE_SIZES = [25, 50, 100];
export const ALL = "all";

/**
 * A list's filters, page and page size, kept in the address so the dashboard can link to a filtered
 * queue and a reload keeps the view. Changing a filter goes back to page 1.
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
  const page = Number(search.get("page") ?? "1") || 1;
  const pageSize = PAGE_SIZES.includes(Number(search.get("pageSize"))) ? Number(search.get("pageSize")) : 25;

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
    page,
    pageSize,
    pageSizes: PAGE_SIZES,
    /** The query for the list route: filters, page and size. */
    params: {
      ...(Object.fromEntries(keys.map((k) => [k, filters[k] === ALL ? "" : filters[k]])) as Record<
        K,
        string
      >),
      page,
      pageSize,
    },
    /** Clearing a filter that has a default keeps it cleared ("all") rather than back to the default. */
    setFilter: (key: K, value: string | null) =>
      update({ [key]: value || (defaults[key] ? ALL : ""), page: null }),
    setPage: (p: number) => update({ page: String(p) }),
    setPageSize: (size: number) => update({ pageSize: String(size), page: null }),
  };
}
