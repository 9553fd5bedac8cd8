/**
 * What other modules may use of the cart: the purchase rules every buying path asks (order placement
 * too), and adding lines as a caller would (gap reorder, order again).
 */
export { assertMayBuy, type CartCaller, purchaseRules } from "./purchase";
export type { CartService } from "./service";
