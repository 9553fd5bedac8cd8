/** What other modules may use of settings: the shipping charge in force. */
export { currentShippingCharge } from "./service";
