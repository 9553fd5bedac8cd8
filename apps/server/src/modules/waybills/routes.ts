import {
  AdminIdParam,
  AdminWaybill,
  AdminWaybillsResponse,
  CloseWaybillBody,
  CreateWaybillRequestBody,
  ErrorResponse,
  WaybillsQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { WaybillsService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const admin = { access: "admin" as const };
const tags = ["admin"];

export const waybillsRoutes: FastifyPluginAsyncZod<{ waybills: WaybillsService }> = async (
  app,
  { waybills },
) => {
  app.get(
    "/api/admin/waybills",
    {
      config: admin,
      schema: {
        tags,
        summary: "Waybill requests",
        querystring: WaybillsQuery,
        response: { 200: AdminWaybillsResponse, ...errors },
      },
    },
    async (request) => waybills.list(request.query),
  );
  app.post(
    "/api/admin/waybills",
    {
      config: admin,
      schema: {
        tags,
        summary: "Raise a WH Request for a load",
        body: CreateWaybillRequestBody,
        response: { 200: AdminWaybill, ...errors },
      },
    },
    async (request) => waybills.request(userOf(request), request.body),
  );
  app.post(
    "/api/admin/waybills/:id/close",
    {
      config: admin,
      schema: {
        tags,
        summary: "Close a waybill once its documents are in",
        params: AdminIdParam,
        body: CloseWaybillBody,
        response: { 200: AdminWaybill, ...errors },
      },
    },
    async (request) => waybills.close(userOf(request), request.params.id, request.body.comment),
  );
};
