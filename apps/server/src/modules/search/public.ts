/** What other modules may use of search: the words of a search, their correction and what they find. */
export { createSearchMatcher, type SearchMatcher } from "./matches";
export { correctWords, searchWordsOf } from "./repo";
