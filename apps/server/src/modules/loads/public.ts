/** What other modules may use of loads. */

export type { LoadRow } from "./repo";
export { linesOf as loadLinesOf, lock as lockLoad, ordersOfLoad } from "./repo";
export { createLoadsService } from "./service";
