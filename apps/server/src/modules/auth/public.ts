/** What other modules may use of auth. */

export type { FranchiseRow, UserRow } from "./repo";
export type { AuthService, SessionUser } from "./service";
