import { toSearchString } from "@portal/domain";

/** Web paths used across features (the route table itself is app/router.tsx). */
export const categoryListingPath = (id: number) => `/products/listing?categories=${id}`;
export const subcategoryListingPath = (id: number) => `/products/listing?subcategories=${id}`;
/** /products/search/{searchString}, or null when nothing searchable is left. */
export function searchPath(text: string): string | null {
  const query = toSearchString(text);
  return query ? `/products/search/${encodeURIComponent(query)}` : null;
}
export const brandListingPath = (id: number) => `/products/listing?brands=${id}`;
