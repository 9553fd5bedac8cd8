/** What other modules may use of sales returns. */
export { createSalesReturnsService, type SalesReturnsService } from "./service";
