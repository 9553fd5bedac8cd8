/** What other modules may use of store reports: nothing yet but the service's type (app wiring). */
export type { StoreReportsService } from "./service";
