/** What other modules may use of orders. */
export { productFactsOf, writeHistoricalPlacement } from "./history";
export type { ProductFacts, WarehouseFacts } from "./plan";
export type { PurchaseOrderLineRow, PurchaseOrderRow } from "./repo";
export type { OrdersService, PlaceOptions } from "./service";
export { toPurchaseOrder } from "./view";
