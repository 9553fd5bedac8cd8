import { messages, PASSWORD_RESET_TTL_MS, SESSION_TTL_MS } from "@portal/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { AppError, badRequest, notFound, unauthorized } from "../../lib/errors";
import { WindowLimiter } from "../../lib/limiter";
import type { Mailer } from "../../lib/mailer";
import { hashPassword, verifyPassword } from "../../lib/password";
import { hashToken, newToken } from "../../lib/tokens";
import { TtlCache } from "../../lib/ttl-cache";
import * as repo from "./repo";

export type SessionUser = repo.UserRow & {
  franchise: repo.FranchiseRow | null;
  kioskCustomerMobile: string | null;
};

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const SESSION_CACHE_MS = 10_000;
const ONE_HOUR = 60 * 60 * 1000;

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
    deps.loginLimit,
    FIFTEEN_MINUTES,
    "Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.",
  );
  const forgotRequests = new WindowLimiter(
    5,
    ONE_HOUR,
    "Too many password reset requests. Please wait an hour and try again.",
  );

  const sessionCache = new TtlCache<Promise<Awaited<ReturnType<typeof repo.findSession>>>>(
    SESSION_CACHE_MS,
    20_000,
  );
  const forgetUser = (userId: number) => sessionCache.deleteWhere((s) => s?.user.id === userId);

  async function startSession(userId: number, kioskCustomerMobile?: string): Promise<string> {
    const { token, hash } = newToken();
    await repo.insertSession(deps.db, {
      userId,
      tokenHash: hash,
      expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
      ...(kioskCustomerMobile ? { kioskCustomerMobile } : {}),
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
    const { file } = await deps.mailer.send({
      to: user.email,
      subject: "Reset your Partner Portal password",
      text: `Hello ${user.firstname},\n\nWe received a request to reset the password of your Partner Portal account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this mail; your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(user.firstname)},</p><p>We received a request to reset the password of your Partner Portal account.</p><p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p><p>If you did not ask for this, you can ignore this mail; your password stays as it is.</p>`,
    });
    deps.log.info({ email: user.email, link, file }, "password reset link sent");
  }

  return {
    startSession,

    /** A member of staff sends a partner a password-reset mail (POST /api/users/forgetPassword). */
    async sendResetMail(userId: number): Promise<string> {
      const user = await repo.findUserById(deps.db, userId);
      if (!user) throw notFound("User not found");
      await mailResetLink(user);
      return `A password reset link was sent to ${user.email}.`;
    },

    /** Ends every session of a user at once: rows deleted, this instance's cache dropped. */
    async endAllSessions(userId: number): Promise<void> {
      await repo.deleteSessionsOfUser(deps.db, userId);
      forgetUser(userId);
    },

    async login(email: string, password: string, ip: string): Promise<string> {
      const keys = [`email:${email}`, `ip:${ip}`];
      failedLogins.check(keys);
      const user = await repo.findUserByEmail(deps.db, email);
      const ok = user ? await verifyPassword(password, user.passwordHash) : false;
      if (!user || !ok || !user.active) {
        failedLogins.hit(keys);
        throw unauthorized(messages.loginFailed);
      }
      failedLogins.reset([`email:${email}`]);
      await repo.deleteExpiredSessions(deps.db, now());
      return startSession(user.id);
    },

    /**
     * The user behind a bearer token. Looked up at most every 10 seconds per token: every request
     * resolves its token, and this instance evicts on sign-out and password changes at once (another
     * instance sharing the database notices within those 10 seconds).
     */
    async resolveSession(token: string): Promise<SessionUser | null> {
      const hash = hashToken(token);
      const session = await sessionCache.getOrCompute(hash, () => repo.findSession(deps.db, hash, now()));
      if (!session || session.expiresAt <= now() || !session.user.active) return null;
      return {
        ...session.user,
        franchise: session.franchise,
        kioskCustomerMobile: session.kioskCustomerMobile,
      };
    },

    /** Ends this session only; other devices stay signed in. */
    async logout(token: string) {
      const hash = hashToken(token);
      await repo.deleteSession(deps.db, hash);
      sessionCache.delete(hash);
    },

    async forgotPassword(email: string, ip: string): Promise<string> {
      const keys = [`email:${email}`, `ip:${ip}`];
      forgotRequests.check(keys);
      forgotRequests.hit(keys);
      const user = await repo.findUserByEmail(deps.db, email);
      if (!user) throw notFound(messages.forgotUnknownEmail);
      await mailResetLink(user);
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
        await repo.updatePasswordHash(tx, found.userId, passwordHash);
        await repo.deleteSessionsOfUser(tx, found.userId);
      });
      await forgetUser(found.userId);
      failedLogins.reset([`email:${found.email.toLowerCase()}`]);
      return messages.resetSuccess;
    },

    async changePassword(user: SessionUser, oldPassword: string, newPassword: string): Promise<string> {
      if (!(await verifyPassword(oldPassword, user.passwordHash))) {
        throw new AppError(400, messages.currentPasswordInvalid);
      }
      await repo.updatePasswordHash(deps.db, user.id, await hashPassword(newPassword));
      await forgetUser(user.id);
      return messages.passwordChanged;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
