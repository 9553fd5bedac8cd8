/** What other modules may use of partners (admin side). */
export type { PartnersService } from "./service";
