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
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { PartnersService } from "./service";

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (
  app,
  { partners },
) => {
  app.get(
    "/api/users/userList",
    staffRoute("Partners: list and search", UserListResponse, { querystring: UserListQuery }),
    async (request) => partners.list(request.query),
  );
  app.post(
    "/api/users/forgetPassword",
    staffRoute("Send a partner a password-reset mail", MessageResponse, { body: ForgetPasswordBody }),
    async (request) => ({ message: await partners.sendPasswordReset(userOf(request), request.body.userId) }),
  );
  app.get(
    "/api/admin/partners/:id",
    staffRoute("A partner with mapping, rules and flags", PartnerDetail, { params: AdminIdParam }),
    async (request) => partners.get(request.params.id),
  );
  app.put(
    "/api/admin/partners/:id",
    staffRoute("Edit flags, account type, concept, mapping and rules", PartnerDetail, {
      params: AdminIdParam,
      body: UpdatePartnerBody,
    }),
    async (request) => partners.update(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/partners/:id/deactivate",
    staffRoute("Deactivate: every session ends at once", PartnerDetail, { params: AdminIdParam }),
    async (request) => partners.setActive(userOf(request), request.params.id, false),
  );
  app.post(
    "/api/admin/partners/:id/activate",
    staffRoute("Activate again", PartnerDetail, { params: AdminIdParam }),
    async (request) => partners.setActive(userOf(request), request.params.id, true),
  );
};
