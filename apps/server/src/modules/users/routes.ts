import {
  ChangePasswordBody,
  CreatePartnerBody,
  ErrorResponse,
  MappingResponse,
  Me,
  MessageResponse,
  PartnerDetail,
  PartnerPreferences,
  PartnerPreferencesBody,
  RulesQuery,
  RulesResponse,
  SignupBody,
  TokenResponse,
  UserIdParam,
} from "@portal/contracts";
import { messages } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { describeZodError } from "../../lib/validation";
import { bearerToken, userOf } from "../../plugins/access";
import type { AuthService } from "../auth/public";
import { toMe, type UsersService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

/** Parses a body with a schema chosen at run time; a bad body is 400 naming the fields, as the error handler does. */
function parseBody<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data ?? {});
  if (parsed.success) return parsed.data;
  throw badRequest(describeZodError(parsed.error));
}

export interface UsersRoutesOptions {
  users: UsersService;
  auth: AuthService;
  /** Staff creating a partner through POST /api/users. */
  createPartner?: (actor: { id: number }, body: CreatePartnerBody) => Promise<PartnerDetail>;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { users, auth, createPartner },
) => {
  app.get(
    "/api/users/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary: "A user (`me` for the caller)",
        params: UserIdParam,
        response: { 200: Me, ...errors },
      },
    },
    async (request) => {
      const viewer = userOf(request);
      const { id } = request.params;
      if (id === "me" || id === viewer.id) return toMe(viewer, viewer.franchise, viewer.member);
      return users.getUser(viewer, id);
    },
  );

  app.post(
    "/api/users",
    {
      config: { access: "public" },
      schema: {
        tags: ["users"],
        summary:
          "Sign up (anonymous: SignupBody, returns a session token); staff create a partner (CreatePartnerBody, returns the partner); any other signed-in caller is refused (403)",
        response: {
          201: TokenResponse.or(PartnerDetail),
          ...errors,
          403: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const caller = request.sessionUser;
      // Anonymous: a sign-up. Signed in: staff creating a partner, and no one else.
      if (caller && caller.role !== "admin") throw forbidden(messages.adminsOnly);
      if (caller && createPartner) {
        const partner = await createPartner(caller, parseBody(CreatePartnerBody, request.body));
        return reply.code(201).send(partner);
      }
      await auth.limitSignup(request.ip);
      const id = await users.signup(parseBody(SignupBody, request.body));
      return reply.code(201).send({ token: await auth.startSession(id) });
    },
  );

  app.put(
    "/api/users/:id/password",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary: "Change the caller's password",
        params: UserIdParam,
        body: ChangePasswordBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = userOf(request);
      const { id } = request.params;
      if (id !== "me" && id !== viewer.id) throw notFound(messages.userNotFound);
      return {
        message: await auth.changePassword(
          viewer,
          bearerToken(request) ?? "",
          request.body.oldPassword,
          request.body.newPassword,
        ),
      };
    },
  );

  const ownId = (request: { params: { id: "me" | number } }, viewer: { id: number }) => {
    const { id } = request.params;
    if (id !== "me" && id !== viewer.id) throw notFound(messages.userNotFound);
  };
  app.get(
    "/api/users/:id/preferences",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary: "The caller's settings (the monthly ledger statement by mail)",
        params: UserIdParam,
        response: { 200: PartnerPreferences, ...errors },
      },
    },
    async (request) => {
      const viewer = userOf(request);
      ownId(request, viewer);
      return users.preferences(viewer);
    },
  );
  app.put(
    "/api/users/:id/preferences",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary:
          "Change the caller's settings: monthlyStatement mails last month's ledger statement (PDF) on the 1st of each month (needs the ledger)",
        params: UserIdParam,
        body: PartnerPreferencesBody,
        response: { 200: PartnerPreferences, ...errors, 403: ErrorResponse },
      },
    },
    async (request) => {
      const viewer = userOf(request);
      ownId(request, viewer);
      return users.setPreferences(viewer, request.body);
    },
  );

  app.get(
    "/api/users/rules",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary: "The caller's allow and block rules",
        querystring: RulesQuery,
        response: { 200: RulesResponse, ...errors },
      },
    },
    async (request) => users.rules(userOf(request)),
  );

  app.get(
    "/api/mapping/getMapping",
    {
      config: { access: "user" },
      schema: {
        tags: ["users"],
        summary: "The caller's warehouses",
        response: { 200: MappingResponse, ...errors },
      },
    },
    async (request) => users.mapping(userOf(request)),
  );
};
