/** What other modules may use of store reports: nothing yet but the service's type (app wiring). */

export { ARS_JOB, type ArsReplenishment, createArsReplenishment, nextArsRunAt } from "./replenishment";
export type { StoreReportsService } from "./service";
