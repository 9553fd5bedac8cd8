/**
 * Store teams (issue 30): the owner invites the store's people by email (a set-password link valid
 * 72 hours through the outbox), changes their roles and buyers' approval limits, deactivates them
 * (every session of theirs ends at once, on every instance: sessions live in the database) and
 * reactivates them. An invited person opens the link, sets a password and is signed in.
 */
import type { InviteMemberBody, TeamMember, TeamUsersResponse, UpdateMemberBody } from "@portal/contracts";
import {
  assignableRoles,
  MEMBER_ROLES,
  type MemberRole,
  PASSWORD_RESET_TTL_MS,
  storedReader,
  TEAM_INVITE_TTL_MS,
  TEAM_ROLE_LABELS,
  teamMessages,
} from "@portal/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../../db/client";
import { conflict } from "../../lib/admin";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors";
import type { Mailer } from "../../lib/mailer";
import { hashPassword } from "../../lib/password";
import { hashToken, newToken } from "../../lib/tokens";
import type { AuthService, SessionUser } from "../auth/public";
import * as repo from "./repo";

const memberRoleOf = storedReader("member role", MEMBER_ROLES);

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  auth: Pick<AuthService, "startSession" | "endMemberSessions">;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const nameOf = (m: { firstname: string; lastname: string }) => `${m.firstname} ${m.lastname}`.trim();

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function toMember(row: repo.MemberRow, inviteExpiresAt: Date | null): TeamMember {
  const state = !row.active ? "deactivated" : row.passwordHash === null ? "invited" : "active";
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    role: memberRoleOf(row.role),
    approvalLimit: row.role === "buyer" ? (row.approvalLimit ?? "0.00") : null,
    state,
    inviteExpiresAt: state === "invited" && inviteExpiresAt ? inviteExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const rupees = (n: number) => n.toFixed(2);

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Mails a member a set-password link (the invitation page) and keeps its hash; earlier unused links
 * of theirs stop working. `kind` says whether it is their invitation (72 hours) or a new password
 * they asked for (one hour).
 */
async function sendLink(
  deps: Pick<TeamDeps, "mailer" | "publicUrl">,
  db: DbOrTx,
  member: repo.MemberRow,
  store: { storeName: string | null; firstname: string },
  kind: "invite" | "reset",
  at: Date,
): Promise<Date> {
  const { token, hash } = newToken();
  const expiresAt = new Date(at.getTime() + (kind === "invite" ? TEAM_INVITE_TTL_MS : PASSWORD_RESET_TTL_MS));
  await repo.revokeInvites(db, member.id, at);
  await repo.insertInvite(db, { memberId: member.id, tokenHash: hash, expiresAt, createdAt: at });
  const link = `${deps.publicUrl}/team/invite/${token}`;
  const storeName = store.storeName ?? store.firstname;
  const role = TEAM_ROLE_LABELS[memberRoleOf(member.role)];
  if (kind === "invite") {
    await deps.mailer.send({
      to: member.email,
      subject: `${storeName} invites you to the Partner Portal`,
      text: `Hello ${member.firstname},\n\n${storeName} has added you to their store on the Partner Portal as ${role}.\nOpen this link within 72 hours to choose your password and sign in:\n\n${link}\n\nThe link works once. If it has expired, ask the store's owner to send a new one.\n`,
      html: `<p>Hello ${escapeHtml(member.firstname)},</p><p>${escapeHtml(storeName)} has added you to their store on the Partner Portal as ${role}.</p><p><a href="${link}">Choose your password</a> (the link works once, within 72 hours).</p><p>If it has expired, ask the store's owner to send a new one.</p>`,
    });
  } else {
    await deps.mailer.send({
      to: member.email,
      subject: "Reset your Partner Portal password",
      text: `Hello ${member.firstname},\n\nWe received a request to reset your password of ${storeName}'s Partner Portal.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf you did not ask for this, you can ignore this mail; your password stays as it is.\n`,
      html: `<p>Hello ${escapeHtml(member.firstname)},</p><p>We received a request to reset your password of ${escapeHtml(storeName)}'s Partner Portal.</p><p><a href="${link}">Choose a new password</a> (the link works once, within one hour).</p><p>If you did not ask for this, you can ignore this mail; your password stays as it is.</p>`,
    });
  }
  return expiresAt;
}

/**
 * Forgot password for a member's email: mails a one-hour set-password link and answers true; false
 * when the email is no active member's (the caller then answers as for an unknown email).
 */
export async function mailMemberPasswordLink(
  deps: Pick<TeamDeps, "db" | "mailer" | "publicUrl" | "log" | "now">,
  email: string,
): Promise<boolean> {
  const member = await repo.activeMemberByEmail(deps.db, email);
  if (!member) return false;
  const store = await repo.storeOf(deps.db, member.storeId);
  if (!store?.active) return false;
  await sendLink(deps, deps.db, member, store, "reset", (deps.now ?? (() => new Date()))());
  // Never the link: it is a password for the next hour.
  deps.log.info({ memberId: member.id }, "member password link sent");
  return true;
}

/** Sets a member's password hash (their own password change goes through auth). */
export const setMemberPasswordHash = (db: DbOrTx, memberId: number, passwordHash: string, at: Date) =>
  repo.setPasswordHash(db, memberId, passwordHash, at);

export function createTeamService(deps: TeamDeps) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;

  /** The store whose team the caller manages (staff have none). */
  async function storeFor(user: SessionUser) {
    if (user.role === "admin") throw forbidden(teamMessages.staffHaveNoTeam);
    const store = await repo.storeOf(db, user.id);
    if (!store) throw notFound(teamMessages.memberNotFound);
    return store;
  }

  function checkRole(role: MemberRole, accountType: string) {
    if (!assignableRoles(accountType).includes(role)) throw badRequest(teamMessages.counterOnlyKiosk);
  }

  async function memberView(storeId: number, id: number): Promise<TeamMember> {
    const rows = await repo.membersOf(db, storeId, now());
    const found = rows.find((r) => r.member.id === id);
    if (!found) throw notFound(teamMessages.memberNotFound);
    return toMember(found.member, found.inviteExpiresAt);
  }

  return {
    /** GET /api/team/users: the owner, the members (oldest first) and the roles this store may give. */
    async list(user: SessionUser): Promise<TeamUsersResponse> {
      const store = await storeFor(user);
      const rows = await repo.membersOf(db, store.id, now());
      return {
        owner: { email: store.email, firstname: store.firstname, lastname: store.lastname },
        members: rows.map((r) => toMember(r.member, r.inviteExpiresAt)),
        assignableRoles: [...assignableRoles(store.accountType)],
      };
    },

    /**
     * POST /api/team/users: a new member without a password, and a set-password link by mail
     * (72 hours). An email that already signs in (an account's or a member's) is refused with 409.
     */
    async invite(user: SessionUser, body: InviteMemberBody): Promise<TeamMember> {
      const store = await storeFor(user);
      checkRole(body.role, store.accountType);
      if (body.role !== "buyer" && body.approvalLimit !== undefined)
        throw badRequest(teamMessages.limitOnlyForBuyers);
      const at = now();
      try {
        const id = await db.transaction(async (tx) => {
          if (await repo.emailInUse(tx, body.email)) throw conflict(teamMessages.emailInUse(body.email));
          const member = await repo.insertMember(tx, {
            storeId: store.id,
            email: body.email,
            firstname: body.firstname,
            lastname: body.lastname,
            role: body.role,
            approvalLimit: body.role === "buyer" ? rupees(body.approvalLimit ?? 0) : null,
            active: true,
            createdAt: at,
            updatedAt: at,
          });
          await sendLink(deps, tx, member, store, "invite", at);
          return member.id;
        });
        deps.log.info({ storeId: store.id, memberId: id }, "store member invited");
        return memberView(store.id, id);
      } catch (error) {
        // Two invitations of one email at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw conflict(teamMessages.emailInUse(body.email));
        throw error;
      }
    },

    /**
     * PUT /api/team/users/{id}: role, a buyer's approval limit, active (deactivating ends every
     * session of the member at once), or a new invitation link. Another store's member is 404.
     */
    async update(user: SessionUser, id: number, body: UpdateMemberBody): Promise<TeamMember> {
      const store = await storeFor(user);
      const at = now();
      await db.transaction(async (tx) => {
        const member = await repo.memberOf(tx, store.id, id, true);
        if (!member) throw notFound(teamMessages.memberNotFound);
        const role = body.role ?? memberRoleOf(member.role);
        if (body.role !== undefined) checkRole(body.role, store.accountType);
        if (body.approvalLimit !== undefined && role !== "buyer")
          throw badRequest(teamMessages.limitOnlyForBuyers);
        const set: Partial<repo.MemberRow> = { updatedAt: at };
        if (body.role !== undefined) set.role = role;
        if (role === "buyer") {
          if (body.approvalLimit !== undefined) set.approvalLimit = rupees(body.approvalLimit);
          else if (member.role !== "buyer") set.approvalLimit = "0.00";
        } else set.approvalLimit = null;
        if (body.active === false && member.active) {
          set.active = false;
          set.deactivatedAt = at;
        } else if (body.active === true && !member.active) {
          set.active = true;
          set.deactivatedAt = null;
        }
        const active = set.active ?? member.active;
        if (body.resendInvite) {
          if (!active) throw new AppError(409, teamMessages.deactivatedMember(nameOf(member)));
          if (member.passwordHash !== null)
            throw new AppError(409, teamMessages.alreadyAccepted(nameOf(member)));
        }
        const updated = await repo.updateMember(tx, member.id, set);
        if (set.active === false) {
          // Signed out everywhere at once; links sent before stop working.
          await deps.auth.endMemberSessions(member.id, tx);
          await repo.revokeInvites(tx, member.id, at);
        }
        if (body.resendInvite) await sendLink(deps, tx, updated, store, "invite", at);
      });
      return memberView(store.id, id);
    },

    /** GET /api/team/invite/{token} (public): whose link this is, to show on the set-password page. */
    async inviteInfo(token: string) {
      const found = await repo.usableInvite(db, hashToken(token), now());
      if (!found?.storeActive) throw notFound(teamMessages.inviteInvalid);
      return {
        email: found.member.email,
        firstname: found.member.firstname,
        storeName: found.storeName ?? found.storeFirstname,
        role: memberRoleOf(found.member.role),
      };
    },

    /**
     * POST /api/team/invite/accept (public): sets the member's password with a working link (single
     * use), ends any session of theirs, and signs them in: answers the new session's token.
     */
    async accept(token: string, password: string): Promise<{ token: string }> {
      const at = now();
      const found = await repo.usableInvite(db, hashToken(token), at);
      if (!found?.storeActive) throw notFound(teamMessages.inviteInvalid);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await repo.consumeInvite(tx, found.inviteId, at))) throw notFound(teamMessages.inviteInvalid);
        await repo.setPasswordHash(tx, found.member.id, passwordHash, at);
        await deps.auth.endMemberSessions(found.member.id, tx);
      });
      deps.log.info({ memberId: found.member.id }, "store member set a password");
      return { token: await deps.auth.startSession(found.member.storeId, undefined, found.member.id) };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;

/** "Bhavna Iyer (Buyer) for Kids Corner": who of a store acted, for the audit and documents. */
export async function memberLabels(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await repo.namesOf(db, [...new Set(ids)]);
  return new Map(
    rows.map((r) => [
      r.id,
      `${nameOf(r)} (${TEAM_ROLE_LABELS[memberRoleOf(r.role)]}) for ${r.storeName ?? r.storeEmail}`,
    ]),
  );
}
