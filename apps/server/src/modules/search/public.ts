/** What other modules may use of search: the words of a search and their SQL condition and rank. */
export { correctWords, productSearchCondition, productSearchRank, searchWordsOf } from "./repo";
