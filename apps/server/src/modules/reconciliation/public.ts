/** What other modules (and the CLI) may use of reconciliation. */
export { createReconciliationService } from "./service";
