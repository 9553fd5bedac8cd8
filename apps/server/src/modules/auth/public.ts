/** What other modules may use of auth. */
import type { DbOrTx } from "../../db/client";
import { findUserWithFranchise } from "./repo";
import type { AuthService, SessionUser } from "./service";

export type { FranchiseRow, UserRow } from "./repo";
export type { AuthService, SessionMember, SessionUser } from "./service";
export { teamRoleOf } from "./service";

/**
 * Ends every session of a user, on every instance at once (sessions live only in the database):
 * for deactivation and anything else that must sign a user out everywhere.
 */
export const endAllSessions = (auth: AuthService, userId: number): Promise<void> =>
  auth.endAllSessions(userId);
/** Ends every session of a store member (deactivation), on every instance at once. */
export const endMemberSessions = (auth: AuthService, memberId: number): Promise<void> =>
  auth.endMemberSessions(memberId);
export { SIGNUP_LIMIT } from "./service";
/** A user with their franchise, as a session reads them (null when unknown). */
export { findUserWithFranchise };

/**
 * A partner as their own session would see them, for work done on their behalf without a session
 * (the weekly ARS replenishment, a staff action placing it); null when unknown or inactive.
 */
export async function sessionUserById(db: DbOrTx, id: number): Promise<SessionUser | null> {
  const found = await findUserWithFranchise(db, id);
  if (!found?.user.active) return null;
  return { ...found.user, franchise: found.franchise, kioskCustomerMobile: null, member: null };
}
