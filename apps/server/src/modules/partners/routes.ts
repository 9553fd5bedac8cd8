import {
  AdminIdParam,
  ForgetPasswordBody,
  MessageResponse,
  PartnerDetail,
  PartnerUpdateResponse,
  UpdatePartnerBody,
  UserListQuery,
  UserListResponse,
  WarehouseOptions,
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
    staffRoute(
      "Partners: search (the spec's), q over email, names, store, GSTIN and concept; sort is a column (-column descending); format=csv answers every matching row as CSV",
      UserListResponse,
      { querystring: UserListQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv" ? partners.csv(reply, request.query) : partners.list(request.query),
  );
  app.get(
    "/api/admin/partners/warehouses",
    staffRoute("The warehouses a partner may be mapped to, by name", WarehouseOptions),
    async () => partners.warehouses(),
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
    staffRoute(
      "Edit flags, account type, concept, state, GSTIN, address, credit limit, mapping and rules; answers the partner with what changed",
      PartnerUpdateResponse,
      {
        params: AdminIdParam,
        body: UpdatePartnerBody,
      },
    ),
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
