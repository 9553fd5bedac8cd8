/**
 * What other modules may use of the cart: the purchase rules every buying path asks (order placement
 * too), and adding lines as a caller would (gap reorder, order again); and
 * placing an order takes the ordered units out of the cart in the order's transaction. Each person of
 * a store has their own cart (`cartOwnerOf`: the store and the member, 0 for the owner).
 */
export { assertMayBuy, type CartCaller, type CartPerson, cartOwnerOf, purchaseRules } from "./purchase";
export { type CartOwner, takeOrderedFromCart } from "./repo";
export type { CartService } from "./service";
export { readCartFile, type UploadedFile } from "./upload";
