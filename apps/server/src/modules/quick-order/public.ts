/** What other modules may use of the quick order pad: its service type (the app wires it). */
export type { QuickOrderService } from "./service";
