/** What other modules may use of waybills. */
export { demoCheckPost, demoWaybillDocument, demoWaybillStage } from "./demo-document";
export { createWaybillPartnerService } from "./partner";
export { createWaybillsService, type WaybillsService } from "./service";
