import {
  AdminIdParam,
  AdminWaybill,
  AdminWaybillsResponse,
  CloseWaybillBody,
  CreateWaybillRequestBody,
  WaybillsQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { WaybillsService } from "./service";

export const waybillsRoutes: FastifyPluginAsyncZod<{ waybills: WaybillsService }> = async (
  app,
  { waybills },
) => {
  app.get(
    "/api/admin/waybills",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Waybill requests",
        querystring: WaybillsQuery,
        response: { 200: AdminWaybillsResponse, ...adminErrors },
      },
    },
    async (request) => waybills.list(request.query),
  );
  app.post(
    "/api/admin/waybills",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Raise a WH Request for a load",
        body: CreateWaybillRequestBody,
        response: { 200: AdminWaybill, ...adminErrors },
      },
    },
    async (request) => waybills.request(userOf(request), request.body),
  );
  app.post(
    "/api/admin/waybills/:id/close",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Close a waybill once its documents are in",
        params: AdminIdParam,
        body: CloseWaybillBody,
        response: { 200: AdminWaybill, ...adminErrors },
      },
    },
    async (request) => waybills.close(userOf(request), request.params.id, request.body.comment),
  );
};
