/** What other modules may use of order assist: its service type (the app wires it). */
export type { OrderAssistService } from "./service";
