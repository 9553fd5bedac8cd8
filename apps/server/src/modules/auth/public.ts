/** What other modules may use of auth. */
export type { FranchiseRow, UserRow } from "./repo";
export type { AuthService, SessionUser } from "./service";

import type { AuthService } from "./service";

/**
 * Ends every session of a user, on every instance at once (sessions live only in the database):
 * for deactivation and anything else that must sign a user out everywhere.
 */
export const endAllSessions = (auth: AuthService, userId: number): Promise<void> =>
  auth.endAllSessions(userId);
export { SIGNUP_LIMIT } from "./service";
