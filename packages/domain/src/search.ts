import { AUTOSUGGEST_MIN_CHARS } from "./constants";

/**
 * The search string of /products/search/{searchString}: non-alphanumerics stripped, words kept apart
 * by single spaces.
 */
export function toSearchString(text: string): string {
  return text
    .replace(/[^A-Za-z0-9\s]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Autosuggest text: non-alphanumerics become spaces; null below the 3-character minimum. */
export function toSuggestText(text: string): string | null {
  const cleaned = text
    .replace(/[^A-Za-z0-9]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.replace(/ /g, "").length >= AUTOSUGGEST_MIN_CHARS ? cleaned : null;
}
