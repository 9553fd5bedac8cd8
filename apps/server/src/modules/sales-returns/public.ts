/** What other modules may use of sales returns. */
export type { SalesReturnsService } from "./service";
