/** What other modules may use of the order desk. */

export { cancelOrders, confirmOrdersInFull, type StepRecords } from "./batch";
export { listOrders, type OrderLineRow, type OrderRow } from "./repo";
export { type Actor, createOrderDeskService } from "./service";
export { partnerNameOf, toAdminOrderRow } from "./view";
