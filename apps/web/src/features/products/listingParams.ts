import { FILTER_KEYS, type FilterKey, type ListingBody, textProblem } from "@portal/contracts";

type ListingFilterInput = NonNullable<ListingBody["filters"]>[number];

import {
  AGE_RANGES,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PRICE_RANGES,
  SORT_OPTIONS,
  type SortName,
  STOCK_TYPES,
  WAREHOUSE_TYPES,
  type WarehouseType,
} from "@portal/domain";

/**
 * The listing's whole view lives in the address so that it can be shared and Back restores it.
 * The spec's query parameters (categories, subcategories, brands, prices, age, offer, stocktype,
 * premium, sort, whId, whType, isSet, isNonSet, Type, and our sizes) carry comma-separated values; `sort` is a name,
 * prefixed with "-" when descending. Two of ours ride along: `size` (page size) and `page` (the page
 * a "Go to page" jump starts from).
 */

export type SortOrder = "asc" | "desc";
export interface ListingSort {
  name: SortName;
  order: SortOrder;
}
export type PageSize = (typeof PAGE_SIZES)[number];

export interface ListingState {
  /** Every filter key, with its chosen values (empty when not filtered). */
  filters: Record<FilterKey, string[]>;
  /** null: the server's default order. */
  sort: ListingSort | null;
  size: PageSize;
  whId: number | null;
  whType: WarehouseType;
  /** The first page shown (1 unless the user jumped). */
  page: number;
}

/** Filters that are on/off switches: their one value is "true". */
export const FLAG_KEYS = ["offer", "premium", "isSet", "isNonSet"] as const satisfies readonly FilterKey[];
/** Filters whose values are ids (sent to the API as numbers). */
export const ID_KEYS = [
  "categories",
  "subcategories",
  "brands",
  "Type",
] as const satisfies readonly FilterKey[];

const isFlagKey = (key: FilterKey) => (FLAG_KEYS as readonly string[]).includes(key);
const isIdKey = (key: FilterKey) => (ID_KEYS as readonly string[]).includes(key);

const PRICE_KEYS: readonly string[] = PRICE_RANGES.map((r) => r.key);
const AGE_KEYS: readonly string[] = AGE_RANGES.map((r) => r.key);
const STOCK_TYPE_NAMES: readonly string[] = STOCK_TYPES;
const SORT_NAMES: readonly string[] = SORT_OPTIONS.map((o) => o.name);
const WAREHOUSE_TYPE_KEYS: readonly string[] = WAREHOUSE_TYPES.map((t) => t.key);

/** The order of parameters in a written address (stable, so equal views have equal addresses). */
const PARAM_ORDER: readonly FilterKey[] = [
  "categories",
  "subcategories",
  "Type",
  "brands",
  "prices",
  "age",
  "stocktype",
  "offer",
  "premium",
  "isSet",
  "isNonSet",
  "sizes",
];

/** Whether a value can belong to a filter: a mangled address is cleaned, never sent to the API. */
function isValidValue(key: FilterKey, value: string): boolean {
  if (isFlagKey(key)) return value === "true";
  if (isIdKey(key)) return /^\d{1,10}$/.test(value) && Number(value) > 0;
  if (key === "prices") return PRICE_KEYS.includes(value);
  if (key === "age") return AGE_KEYS.includes(value);
  if (key === "stocktype") return STOCK_TYPE_NAMES.includes(value);
  // Size labels are text ("2-3 Y", "UK 4 (18-24 M)"): printable, at most 60 characters.
  if (key === "sizes") return value.length <= 60 && textProblem(value) === null;
  return false;
}

export const emptyFilters = (): Record<FilterKey, string[]> =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, [] as string[]])) as Record<FilterKey, string[]>;

export const DEFAULT_LISTING_STATE: ListingState = {
  filters: emptyFilters(),
  sort: null,
  size: DEFAULT_PAGE_SIZE as PageSize,
  whId: null,
  whType: "all",
  page: 1,
};

/** "-price" → price, descending; "price" → ascending; anything else → null. */
export function parseSort(text: string | null): ListingSort | null {
  if (!text) return null;
  const trimmed = text.trim();
  const descending = trimmed.startsWith("-");
  const name = descending ? trimmed.slice(1) : trimmed.replace(/^\+/, "");
  if (!SORT_NAMES.includes(name)) return null;
  return { name: name as SortName, order: descending ? "desc" : "asc" };
}

export const formatSort = (sort: ListingSort) => `${sort.order === "desc" ? "-" : ""}${sort.name}`;

/** The order a sort starts with when picked: newest, cheapest and best-selling first. */
export const defaultOrderOf = (name: SortName): SortOrder => (name === "price" ? "asc" : "desc");

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d{1,9}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n > 0 ? n : null;
}

/** Reads the view from the query string, dropping whatever is not a valid value. */
export function parseListingParams(params: URLSearchParams): ListingState {
  const filters = emptyFilters();
  for (const key of FILTER_KEYS) {
    const raw = params.getAll(key).flatMap((v) => v.split(","));
    const values: string[] = [];
    for (const part of raw) {
      const value = part.trim();
      if (value && isValidValue(key, value) && !values.includes(value)) values.push(value);
    }
    filters[key] = values;
  }
  // Sets and non-sets together are every product: the same as neither.
  if (filters.isSet.length > 0 && filters.isNonSet.length > 0) {
    filters.isSet = [];
    filters.isNonSet = [];
  }
  const size = positiveInt(params.get("size"));
  const whType = params.get("whType") ?? "";
  return {
    filters,
    sort: parseSort(params.get("sort")),
    size: (PAGE_SIZES as readonly number[]).includes(size ?? 0)
      ? (size as PageSize)
      : DEFAULT_LISTING_STATE.size,
    whId: positiveInt(params.get("whId")),
    whType: WAREHOUSE_TYPE_KEYS.includes(whType) ? (whType as WarehouseType) : "all",
    page: positiveInt(params.get("page")) ?? 1,
  };
}

/**
 * Writes the view as a query string without the leading "?": defaults left out, values joined by
 * plain commas (readable when shared), everything else URI-encoded.
 */
export function toQueryString(state: ListingState): string {
  const parts: string[] = [];
  const add = (name: string, value: string) => parts.push(`${name}=${value}`);
  for (const key of PARAM_ORDER) {
    const values = state.filters[key];
    if (values.length > 0) add(key, values.map(encodeURIComponent).join(","));
  }
  if (state.sort) add("sort", formatSort(state.sort));
  if (state.whType !== "all") add("whType", state.whType);
  if (state.whId !== null) add("whId", String(state.whId));
  if (state.size !== DEFAULT_LISTING_STATE.size) add("size", String(state.size));
  if (state.page > 1) add("page", String(state.page));
  return parts.join("&");
}

/** The body of POST /api/listing/b2b for this view (without the page, which the scroll decides). */
export function toListingBody(state: ListingState, search?: string): Omit<ListingBody, "page"> {
  const filters = FILTER_KEYS.filter((key) => state.filters[key].length > 0).map(
    (key) =>
      ({
        key,
        values: isIdKey(key) ? state.filters[key].map(Number) : [...state.filters[key]],
      }) as ListingFilterInput,
  );
  return {
    filters,
    ...(state.sort ? { sort: state.sort } : {}),
    ...(search ? { search } : {}),
    size: state.size,
    ...(state.whId !== null ? { whId: state.whId } : {}),
    whType: state.whType,
  };
}

export const activeFilterCount = (state: ListingState) =>
  FILTER_KEYS.reduce((sum, key) => sum + state.filters[key].length, 0);

/** Any change of what is listed starts again from page 1. */
function withFilters(state: ListingState, key: FilterKey, values: string[]): ListingState {
  return { ...state, filters: { ...state.filters, [key]: values }, page: 1 };
}

export function toggleFilterValue(state: ListingState, key: FilterKey, value: string): ListingState {
  const current = state.filters[key];
  return withFilters(
    state,
    key,
    current.includes(value) ? current.filter((v) => v !== value) : [...current, value],
  );
}

export const setFilterValues = (state: ListingState, key: FilterKey, values: string[]) =>
  withFilters(state, key, values);

export type SetChoice = "all" | "sets" | "nonSets";

export const setChoiceOf = (state: ListingState): SetChoice =>
  state.filters.isSet.length > 0 ? "sets" : state.filters.isNonSet.length > 0 ? "nonSets" : "all";

export function withSetChoice(state: ListingState, choice: SetChoice): ListingState {
  return {
    ...state,
    filters: {
      ...state.filters,
      isSet: choice === "sets" ? ["true"] : [],
      isNonSet: choice === "nonSets" ? ["true"] : [],
    },
    page: 1,
  };
}

/** "Clear all": every filter goes; the sort, page size and warehouse choice stay. */
export const clearFilters = (state: ListingState): ListingState => ({
  ...state,
  filters: emptyFilters(),
  page: 1,
});
