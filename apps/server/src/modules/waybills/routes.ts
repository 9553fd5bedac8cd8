import {
  AdminIdParam,
  AdminWaybill,
  AdminWaybillDocuments,
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
    staffRoute(
      "Waybill requests: q searches the request id, the load number, the AWB, the transporter and the partner's name and email; sort is a column (-column descending); format=csv answers every matching row as CSV",
      AdminWaybillsResponse,
      { querystring: WaybillsQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv" ? waybills.csv(reply, request.query) : waybills.list(request.query),
  );
  app.get(
    "/api/admin/waybills/:id/documents",
    staffRoute(
      "The documents uploaded to a waybill request, oldest first (their signed addresses: POST /api/waybill/download)",
      AdminWaybillDocuments,
      { params: AdminIdParam },
    ),
    async (request) => waybills.documents(request.params.id),
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
