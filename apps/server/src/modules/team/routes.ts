import {
  AcceptInviteBody,
  ErrorResponse,
  InviteInfoResponse,
  InviteMemberBody,
  MemberIdParam,
  TeamMember,
  TeamUsersResponse,
  TokenParam,
  TokenResponse,
  UpdateMemberBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { TeamService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Store teams (issue 30): the owner's team screens, and the invited person's set-password page. */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  app.get(
    "/api/team/users",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary:
          "The store's owner and members (role, approval limit, state) and the roles the store may give",
        response: { 200: TeamUsersResponse, ...errors },
      },
    },
    async (request) => team.list(userOf(request)),
  );

  app.post(
    "/api/team/users",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary:
          "Invite a person to the store by email with a role (and a buyer's approval limit in rupees): a set-password link valid 72 hours goes by mail",
        body: InviteMemberBody,
        response: { 201: TeamMember, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await team.invite(userOf(request), request.body)),
  );

  app.put(
    "/api/team/users/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary:
          "Change a member's role or a buyer's approval limit, deactivate (signed out everywhere at once) or reactivate, or resend the invitation",
        params: MemberIdParam,
        body: UpdateMemberBody,
        response: { 200: TeamMember, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => team.update(userOf(request), request.params.id, request.body),
  );

  app.get(
    "/api/team/invite/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["team"],
        summary: "Whose invitation (or set-password link) this is: email, first name, store and role",
        params: TokenParam,
        response: { 200: InviteInfoResponse, ...errors },
      },
    },
    async (request) => team.inviteInfo(request.params.token),
  );

  app.post(
    "/api/team/invite/accept",
    {
      config: { access: "public" },
      schema: {
        tags: ["team"],
        summary: "Set the password with an invitation link (single use) and sign in: answers a session token",
        body: AcceptInviteBody,
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request) => team.accept(request.body.token, request.body.password),
  );
};
