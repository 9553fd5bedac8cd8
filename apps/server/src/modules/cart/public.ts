/**
 * What other modules may use of the cart: the purchase rules every buying path asks (order placement
 * too), and adding lines as a caller would (gap reorder, order again); and
 * placing an order takes the ordered units out of the cart in the order's transaction.
 */
export { assertMayBuy, type CartCaller, purchaseRules } from "./purchase";
export { takeOrderedFromCart } from "./repo";
export type { CartService } from "./service";
export { readCartFile, type UploadedFile } from "./upload";
