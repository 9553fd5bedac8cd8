/** What other modules may use of the cart. */
export { unserviceableAmong } from "./facts";
