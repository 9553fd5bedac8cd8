/**
 * What other modules may use of orders. Orders own purchase orders and their lines: the order desk
 * and loads record an order's later steps through the functions below, in their own transaction.
 */
export {
  type HistoricalPlacement,
  type OrderStepColumns,
  recordOrderSteps,
  reserveOrderNumbers,
  writeHistoricalPlacements,
} from "./batch";
export { productFactsOf, writeHistoricalPlacement } from "./history";
export type { ProductFacts, WarehouseFacts } from "./plan";
export {
  assignOrdersToLoad,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  recordOrderCancelled,
  recordOrderConfirmed,
  recordOrderDelivered,
  recordOrdersHandedOver,
  recordOrdersLedgerAccount,
  recordOrdersShipped,
  recordOrdersUnloaded,
  restateOrderLines,
} from "./repo";
export type { ApprovalAsked, ApprovalDesk, OrdersService, PlaceOptions } from "./service";
export { placedByOf, toPurchaseOrder } from "./view";
