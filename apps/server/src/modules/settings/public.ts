/** What other modules may use of settings: the shipping charge in force, the lock date of the books, the e-way bill limit. */
export { assertPeriodOpen, currentEwayBillLimit, currentLockDate, currentShippingCharge } from "./service";
