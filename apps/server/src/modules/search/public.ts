/** What other modules may use of search: the words of a search, their correction and what they find. */
export { createSearchMatcher, type SearchableRows, type SearchMatcher } from "./matches";
export { correctWords, refreshSearchWords, searchWordsOf } from "./repo";
