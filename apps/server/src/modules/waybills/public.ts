/** What other modules may use of waybills. */
export { createWaybillPartnerService } from "./partner";
export { createWaybillsService, type WaybillsService } from "./service";
