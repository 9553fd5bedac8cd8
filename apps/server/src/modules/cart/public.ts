/** What other modules may use of the cart: add lines as a caller would (gap reorder, order again). */
export type { CartCaller } from "./facts";
export type { CartService } from "./service";
