import {
  AdminIdParam,
  AdminLoad,
  AdminLoadsQuery,
  AdminLoadsResponse,
  CreateLoadBody,
  DeliverLoadBody,
  HandOverBody,
  LoadCandidatesResponse,
  ShipLoadBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { LoadsService } from "./service";

export const loadsRoutes: FastifyPluginAsyncZod<{ loads: LoadsService }> = async (app, { loads }) => {
  app.get(
    "/api/admin/loads",
    staffRoute("Loads board", AdminLoadsResponse, { querystring: AdminLoadsQuery }),
    async (request) => loads.list(request.query),
  );
  app.get(
    "/api/admin/loads/candidates",
    staffRoute("Confirmed orders not yet loaded, per partner and warehouse", LoadCandidatesResponse),
    async () => loads.candidates(),
  );
  app.get(
    "/api/admin/loads/:id",
    staffRoute("One load", AdminLoad, { params: AdminIdParam }),
    async (request) => loads.get(request.params.id),
  );
  app.post(
    "/api/admin/loads",
    staffRoute("Build a load of Confirmed orders (one partner, one warehouse)", AdminLoad, {
      body: CreateLoadBody,
    }),
    async (request) => loads.create(userOf(request), request.body),
  );
  app.post(
    "/api/admin/loads/:id/hand-over",
    staffRoute("Hand a load over (transporter, docket number)", AdminLoad, {
      params: AdminIdParam,
      body: HandOverBody,
    }),
    async (request) => loads.handOver(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/loads/:id/ship",
    staffRoute("Ship a load: orders Shipped, tax invoice, ledger debit", AdminLoad, {
      params: AdminIdParam,
      body: ShipLoadBody,
    }),
    async (request) => loads.ship(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/loads/:id/deliver",
    staffRoute("Proof of delivery: orders Delivered with delivered quantities", AdminLoad, {
      params: AdminIdParam,
      body: DeliverLoadBody,
    }),
    async (request) => loads.deliver(userOf(request), request.params.id, request.body),
  );
};
