/** What other modules may use of waybills. */
export type { WaybillsService } from "./service";
