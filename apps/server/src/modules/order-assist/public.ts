/** What other modules may use of order assist: its service type (the app wires it). */
export type { OrderAssistService } from "./service";
/** Order assist's suggestions as product ids (the cart's smart top-up offers them first). */
export { assistSuggestedProductIds } from "./trade";
