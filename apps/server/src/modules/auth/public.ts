/** What other modules may use of auth: the signed-in user and the service's type. */
export type { FranchiseRow, UserRow } from "./repo";
export type { AuthService, SessionUser } from "./service";
