import {
  AdminIdParam,
  ForgetPasswordBody,
  MessageResponse,
  PartnerDetail,
  UpdatePartnerBody,
  UserListQuery,
  UserListResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { PartnersService } from "./service";

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  app.get(
    "/api/users/userList",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Partners: list and search",
        querystring: UserListQuery,
        response: { 200: UserListResponse, ...adminErrors },
      },
    },
    async (request) => partners.list(request.query),
  );
  app.post(
    "/api/users/forgetPassword",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Send a partner a password-reset mail",
        body: ForgetPasswordBody,
        response: { 200: MessageResponse, ...adminErrors },
      },
    },
    async (request) => ({ message: await partners.sendPasswordReset(userOf(request), request.body.userId) }),
  );
  app.get(
    "/api/admin/partners/:id",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "A partner with mapping, rules and flags",
        params: AdminIdParam,
        response: { 200: PartnerDetail, ...adminErrors },
      },
    },
    async (request) => partners.get(request.params.id),
  );
  app.put(
    "/api/admin/partners/:id",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Edit flags, account type, concept, mapping and rules",
        params: AdminIdParam,
        body: UpdatePartnerBody,
        response: { 200: PartnerDetail, ...adminErrors },
      },
    },
    async (request) => partners.update(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/partners/:id/deactivate",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Deactivate: every session ends at once",
        params: AdminIdParam,
        response: { 200: PartnerDetail, ...adminErrors },
      },
    },
    async (request) => partners.setActive(userOf(request), request.params.id, false),
  );
  app.post(
    "/api/admin/partners/:id/activate",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Activate again",
        params: AdminIdParam,
        response: { 200: PartnerDetail, ...adminErrors },
      },
    },
    async (request) => partners.setActive(userOf(request), request.params.id, true),
  );
};
