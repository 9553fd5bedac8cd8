import {
  MEMBER_ROLES,
  type MemberRole,
  messages,
  PASSWORD_RESET_TTL_MS,
  SESSION_TTL_MS,
  storedReader,
  type TeamRole,
} from "@portal/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { AppError, badRequest, notFound, unauthorized } from "../../lib/errors";
import { WindowLimiter } from "../../lib/limiter";
import type { Mailer } from "../../lib/mailer";
import { hashPassword, verifyPassword } from "../../lib/password";
import { hashToken, newToken } from "../../lib/tokens";
import { mailMemberPasswordLink, setMemberPasswordHash } from "../team/public";
import { setPasswordHash } from "../users/public";
import * as repo from "./repo";

/** A store member signed in (issue 30); the session's user is then their store. */
export interface SessionMember {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: MemberRole;
  /** Rupees as stored (numeric); a buyer's approval limit, null for the other roles. */
  approvalLimit: string | null;
}

/**
 * The store behind a session, and who of the store is signed in: `member` is null for the owner
 * (the partner account's own sign-in) and for staff.
 */
export type SessionUser = repo.UserRow & {
  franchise: repo.FranchiseRow | null;
  kioskCustomerMobile: string | null;
  member: SessionMember | null;
};

/** The role of whoever is signed in: a member's role, else the store's owner. */
export function teamRoleOf(user: Pick<SessionUser, "member">): TeamRole {
  return user.member?.role ?? "owner";
}

/** A member's role as stored (the database's CHECK holds it to the domain's list). */
const storedMemberRole = storedReader("member role", MEMBER_ROLES);

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Sign-ups allowed per address in an hour. */
export const SIGNUP_LIMIT = 10;
/** A key's count after a hit, and when its window ends. */
type Hit = { count: number; resetAt: Date };

/** A hash no password matches, verified when the email is unknown so sign-in takes the same time. */
let dummyHash: Promise<string> | null = null;
const dummyHashOnce = () => {
  dummyHash ??= hashPassword(newToken().token);
  return dummyHash;
};

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  loginLimit: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function createAuthService(deps: AuthDeps) {
  const now = deps.now ?? (() => new Date());
  const failedLogins = new WindowLimiter(
    deps.db,
    "login",
    deps.loginLimit,
    FIFTEEN_MINUTES,
    "Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.",
  );
  const forgotRequests = new WindowLimiter(
    deps.db,
    "reset",
    5,
    ONE_HOUR,
    "Too many password reset requests. Please wait an hour and try again.",
  );
  const signups = new WindowLimiter(
    deps.db,
    "signup",
    SIGNUP_LIMIT,
    ONE_HOUR,
    "Too many sign-ups from your address. Please wait an hour and try again.",
  );

  /**
   * A new session of a store: its owner's, a kiosk guest's (`kioskCustomerMobile`) or a member's
   * (`memberId`: the session names the store as its user and the member beside it).
   */
  async function startSession(
    userId: number,
    kioskCustomerMobile?: string,
    memberId?: number,
  ): Promise<string> {
    const { token, hash } = newToken();
    await repo.insertSession(deps.db, {
      userId,
      tokenHash: hash,
      expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
      ...(kioskCustomerMobile ? { kioskCustomerMobile } : {}),
      ...(memberId ? { memberId } : {}),
    });
    return token;
  }

  /** Mails a single-use reset link valid for one hour. */
  async function mailResetLink(user: repo.UserRow): Promise<void> {
    const { token, hash } = newToken();
    await repo.insertResetToken(deps.db, {
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(now().getTime() + PASSWORD_RESET_TTL_MS),
    });
    const link = `${deps.publicUrl}/resetPassword/${token}`;
    await deps.mailer.send({
      to: user.email,
      subject: "Reset your Partner Portal password",
      text: `Hello ${user.firstname},\n\nWe received a request to reset the password of your Partner Portal account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this mail; your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(user.firstname)},</p><p>We received a request to reset the password of your Partner Portal account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p><p>If you did not ask for this, you can ignore this mail; your password stays as it is.</p>`,
    });
    // Never the link: it is a password for the next hour.
    deps.log.info({ userId: user.id }, "password reset link sent");
  }

  return {
    startSession,

    /** A member of staff sends a partner a password-reset mail (POST /api/users/forgetPassword). */
    async sendResetMail(userId: number): Promise<string> {
      const user = await repo.findUserById(deps.db, userId);
      if (!user) throw notFound(messages.userNotFound);
      await mailResetLink(user);
      return `A password reset link was sent to ${user.email}.`;
    },

    /**
     * Sign-in. Attempts are counted per email and per address (in the database, so every instance
     * counts together) before the password is checked, in one atomic statement: however many
     * guesses arrive at once, on however many instances, each has its own place in the count, and
     * only the first LOGIN_LIMIT of a window are checked; the rest get 429 without a check, the
     * right password among them too. A right password takes its attempt back (and clears the
     * email's count), so only wrong ones use up the limit. An address past its limit is refused.
     * An email past its limit refuses guesses, but a correct password from an address that has not
     * been guessing still gets in: someone guessing at a partner's email cannot lock the partner
     * out. An unknown email costs the same scrypt work as a known one.
     */
    async login(email: string, password: string, ip: string): Promise<string> {
      const emailKey = `email:${email}`;
      const ipKey = `ip:${ip}`;
      const [byEmail, byAddress] = (await failedLogins.hit([emailKey, ipKey])) as [Hit, Hit];
      const limit = failedLogins.limit;
      if (byAddress.count > limit) throw failedLogins.refusal(byAddress.resetAt);
      const emailLocked = byEmail.count > limit;
      // This attempt is the address's first in its window: it has not been guessing.
      const freshAddress = byAddress.count === 1;
      if (emailLocked && !freshAddress) throw failedLogins.refusal(byEmail.resetAt);
      // The email is a partner's or staff's own sign-in, else an active member's of a store (issue 30).
      const user = await repo.findUserByEmail(deps.db, email);
      const member = user ? null : await repo.findSignInMember(deps.db, email);
      const hash = user?.passwordHash ?? member?.member.passwordHash ?? (await dummyHashOnce());
      const ok = await verifyPassword(password, hash);
      const active = user ? user.active : member ? member.storeActive : false;
      if ((user || member) && ok && active) {
        if (emailLocked) await failedLogins.release([{ key: emailKey, resetAt: byEmail.resetAt }]);
        else await failedLogins.reset([emailKey]);
        await failedLogins.release([{ key: ipKey, resetAt: byAddress.resetAt }]);
        await repo.deleteExpiredSessions(deps.db, now());
        if (member) return startSession(member.member.storeId, undefined, member.member.id);
        if (user) return startSession(user.id);
      }
      if (emailLocked) throw failedLogins.refusal(byEmail.resetAt);
      throw unauthorized(messages.loginFailed);
    },

    /** Sign-ups are limited per address (the account itself is made by the users module). */
    async limitSignup(ip: string): Promise<void> {
      await signups.take([`ip:${ip}`]);
    },

    /**
     * The user behind a bearer token, read from the database on every request: a session ended on
     * any instance (sign-out, password change, deactivation) ends everywhere at once.
     */
    async resolveSession(token: string): Promise<SessionUser | null> {
      const session = await repo.findSession(deps.db, hashToken(token), now());
      if (!session || session.expiresAt <= now() || !session.user.active) return null;
      let member: SessionMember | null = null;
      if (session.memberId !== null) {
        // A member's session: the member must still be the store's, active, with a password.
        const m = session.member;
        if (!m || m.storeId !== session.user.id || !m.active || !m.hasPassword) return null;
        member = {
          id: m.id,
          email: m.email,
          firstname: m.firstname,
          lastname: m.lastname,
          role: storedMemberRole(m.role),
          approvalLimit: m.role === "buyer" ? (m.approvalLimit ?? "0.00") : null,
        };
      }
      return {
        ...session.user,
        franchise: session.franchise,
        kioskCustomerMobile: session.kioskCustomerMobile,
        member,
      };
    },

    /** Ends this session only; other devices stay signed in. */
    async logout(token: string) {
      await repo.deleteSession(deps.db, hashToken(token));
    },

    /** Ends every session of a user (deactivation; a store's members' too): on every instance, at once. */
    async endAllSessions(userId: number): Promise<void> {
      await repo.deleteSessionsOfUser(deps.db, userId);
    },

    /**
     * Of these sessions (by token hash), the ones still signed in: open streams ask so on their
     * heartbeat, so a session ended on any instance ends its streams everywhere.
     */
    liveSessionHashes(hashes: readonly string[]): Promise<Set<string>> {
      return repo.liveSessionHashes(deps.db, hashes, now());
    },

    /** Ends every session of a store member (deactivation, a new password): on every instance, at once. */
    async endMemberSessions(memberId: number, db: DbOrTx = deps.db): Promise<void> {
      await repo.deleteSessionsOfMember(db, memberId);
    },

    async forgotPassword(email: string, ip: string): Promise<string> {
      await forgotRequests.take([`email:${email}`, `ip:${ip}`]);
      const user = await repo.findUserByEmail(deps.db, email);
      // A store member gets a fresh set-password link of their own (the invitation's page, one hour).
      if (!user && !(await mailMemberPasswordLink(deps, email))) throw notFound(messages.forgotUnknownEmail);
      if (user) await mailResetLink(user);
      return "We have sent a link to reset your password to your email address. It is valid for one hour.";
    },

    async checkResetToken(token: string): Promise<{ email: string }> {
      const found = await repo.findUsableResetToken(deps.db, hashToken(token), now());
      if (!found) throw unauthorized(messages.resetLinkInvalid);
      return { email: found.email };
    },

    async resetPassword(token: string, email: string, newPassword: string): Promise<string> {
      const found = await repo.findUsableResetToken(deps.db, hashToken(token), now());
      if (!found) throw unauthorized(messages.resetLinkInvalid);
      if (found.email.toLowerCase() !== email.toLowerCase()) throw badRequest(messages.resetFailure);
      const passwordHash = await hashPassword(newPassword);
      await deps.db.transaction(async (tx) => {
        if (!(await repo.consumeResetToken(tx, found.id, now()))) {
          throw unauthorized(messages.resetLinkInvalid);
        }
        await setPasswordHash(tx, found.userId, passwordHash);
        await repo.deleteOwnerSessions(tx, found.userId);
      });
      await failedLogins.reset([`email:${found.email.toLowerCase()}`]);
      return messages.resetSuccess;
    },

    /**
     * Changes the password of whoever is signed in (the owner's, or a member's own) and ends every
     * other session of that person (this one stays signed in; the store's other people keep theirs).
     */
    async changePassword(
      user: SessionUser,
      currentToken: string,
      oldPassword: string,
      newPassword: string,
    ): Promise<string> {
      const member = user.member;
      const current = member ? await repo.memberPasswordHash(deps.db, member.id) : user.passwordHash;
      if (!current || !(await verifyPassword(oldPassword, current))) {
        throw new AppError(400, messages.currentPasswordInvalid);
      }
      const passwordHash = await hashPassword(newPassword);
      await deps.db.transaction(async (tx) => {
        if (member) {
          await setMemberPasswordHash(tx, member.id, passwordHash, now());
          await repo.deleteOtherSessionsOfMember(tx, member.id, hashToken(currentToken));
        } else {
          await setPasswordHash(tx, user.id, passwordHash);
          await repo.deleteOtherSessionsOfUser(tx, user.id, hashToken(currentToken));
        }
      });
      return messages.passwordChanged;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
