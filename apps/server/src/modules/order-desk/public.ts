/** What other modules may use of the order desk. */
export {
  listOrders,
  lockOrder,
  type OrderLineRow,
  type OrderRow,
  restateLines,
  returnStock,
  updateOrder,
} from "./repo";
export { type Actor, createOrderDeskService } from "./service";
export { partnerNameOf, toAdminOrderRow } from "./view";
