import {
  AdminIdParam,
  AdminWaybill,
  AdminWaybillsResponse,
  CloseWaybillBody,
  CreateWaybillRequestBody,
  WaybillsQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { WaybillsService } from "./service";

export const waybillsRoutes: FastifyPluginAsyncZod<{ waybills: WaybillsService }> = async (
  app,
  { waybills },
) => {
  app.get(
    "/api/admin/waybills",
    staffRoute("Waybill requests", AdminWaybillsResponse, { querystring: WaybillsQuery }),
    async (request) => waybills.list(request.query),
  );
  app.post(
    "/api/admin/waybills",
    staffRoute("Raise a WH Request for a load", AdminWaybill, { body: CreateWaybillRequestBody }),
    async (request) => waybills.request(userOf(request), request.body),
  );
  app.post(
    "/api/admin/waybills/:id/close",
    staffRoute("Close a waybill once its documents are in", AdminWaybill, {
      params: AdminIdParam,
      body: CloseWaybillBody,
    }),
    async (request) => waybills.close(userOf(request), request.params.id, request.body.comment),
  );
};
