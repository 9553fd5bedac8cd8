/** What other modules may use of settings: the shipping charge in force, the lock date of the books. */
export { assertPeriodOpen, currentLockDate, currentShippingCharge } from "./service";
