/** What other modules may use of waybills. */
export { demoWaybillDocument } from "./demo-document";
export { createWaybillPartnerService } from "./partner";
export { createWaybillsService, type WaybillsService } from "./service";
