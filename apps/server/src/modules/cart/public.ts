/** What other modules may use of the cart: its serviceability rule, and adding lines as a caller would (gap reorder, order again). */
export type { CartCaller } from "./facts";
export { unserviceableAmong } from "./facts";
export type { CartService } from "./service";
