/** What other modules may use of orders. */

export type { PurchaseOrderLineRow, PurchaseOrderRow } from "./repo";
export { toPurchaseOrder } from "./view";
