import {
  AdminIdParam,
  ErrorResponse,
  ForgetPasswordBody,
  MessageResponse,
  PartnerDetail,
  UpdatePartnerBody,
  UserListQuery,
  UserListResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { PartnersService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const admin = { access: "admin" as const };
const tags = ["admin"];

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  app.get(
    "/api/users/userList",
    {
      config: admin,
      schema: {
        tags,
        summary: "Partners: list and search",
        querystring: UserListQuery,
        response: { 200: UserListResponse, ...errors },
      },
    },
    async (request) => partners.list(request.query),
  );
  app.post(
    "/api/users/forgetPassword",
    {
      config: admin,
      schema: {
        tags,
        summary: "Send a partner a password-reset mail",
        body: ForgetPasswordBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => ({ message: await partners.sendPasswordReset(userOf(request), request.body.userId) }),
  );
  app.get(
    "/api/admin/partners/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "A partner with mapping, rules and flags",
        params: AdminIdParam,
        response: { 200: PartnerDetail, ...errors },
      },
    },
    async (request) => partners.get(request.params.id),
  );
  app.put(
    "/api/admin/partners/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Edit flags, account type, concept, mapping and rules",
        params: AdminIdParam,
        body: UpdatePartnerBody,
        response: { 200: PartnerDetail, ...errors },
      },
    },
    async (request) => partners.update(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/partners/:id/deactivate",
    {
      config: admin,
      schema: {
        tags,
        summary: "Deactivate: every session ends at once",
        params: AdminIdParam,
        response: { 200: PartnerDetail, ...errors },
      },
    },
    async (request) => partners.setActive(userOf(request), request.params.id, false),
  );
  app.post(
    "/api/admin/partners/:id/activate",
    {
      config: admin,
      schema: {
        tags,
        summary: "Activate again",
        params: AdminIdParam,
        response: { 200: PartnerDetail, ...errors },
      },
    },
    async (request) => partners.setActive(userOf(request), request.params.id, true),
  );
};
