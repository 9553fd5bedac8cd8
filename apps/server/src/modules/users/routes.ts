import {
  ChangePasswordBody,
  ErrorResponse,
  MappingResponse,
  Me,
  MessageResponse,
  RulesQuery,
  RulesResponse,
  SignupBody,
  TokenResponse,
  UserIdParam,
} from "@portal/contracts";
import { messages } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { userOf } from "../../plugins/access";
import type { AuthService } from "../auth/public";
import { toMe, type UsersService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; auth: AuthService }> = async (
  app,
  { users, auth },
) => {
  app.get(
    "/api/users/:id",
    {
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
      if (id === "me" || id === viewer.id) return toMe(viewer, viewer.franchise);
      return users.getUser(viewer, id);
    },
  );

  app.post(
    "/api/users",
    {
      config: { access: "public" },
      schema: {
        tags: ["users"],
        summary: "Sign up; returns a session token",
        body: SignupBody,
        response: { 201: TokenResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const id = await users.signup(request.body);
      return reply.code(201).send({ token: await auth.startSession(id) });
    },
  );

  app.put(
    "/api/users/:id/password",
    {
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
        message: await auth.changePassword(viewer, request.body.oldPassword, request.body.newPassword),
      };
    },
  );

  app.get(
    "/api/users/rules",
    {
      schema: {
        tags: ["users"],
        summary: "The caller's allow and block rules",
        querystring: RulesQuery,
        response: { 200: RulesResponse, ...errors },
      },
    },
    async (request) => users.rules(userOf(request).id),
  );

  app.get(
    "/api/mapping/getMapping",
    {
      schema: {
        tags: ["users"],
        summary: "The caller's warehouses",
        response: { 200: MappingResponse, ...errors },
      },
    },
    async (request) => users.mapping(userOf(request).id),
  );
};
