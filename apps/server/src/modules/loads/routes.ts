import {
  AdminIdParam,
  AdminLoad,
  AdminLoadChoices,
  AdminLoadDetail,
  AdminLoadOrderParams,
  AdminLoadsQuery,
  AdminLoadsResponse,
  CancelLoadBody,
  CreateLoadBody,
  DeliverLoadBody,
  HandOverBody,
  LoadCandidatesResponse,
  RemoveLoadOrderBody,
  ShipLoadBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { LoadsService } from "./service";

export const loadsRoutes: FastifyPluginAsyncZod<{ loads: LoadsService }> = async (app, { loads }) => {
  app.get(
    "/api/admin/loads",
    staffRoute(
      "Loads board: q searches the load number, its orders (PO), the docket, the transporter and the partner's name and email; sort is a column (-column descending); format=csv answers every matching row as CSV",
      AdminLoadsResponse,
      { querystring: AdminLoadsQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv" ? loads.csv(reply, request.query) : loads.list(request.query),
  );
  app.get(
    "/api/admin/loads/choices",
    staffRoute(
      "The loads board's filter choices: every warehouse and every transporter used",
      AdminLoadChoices,
    ),
    async () => loads.choices(),
  );
  app.get(
    "/api/admin/loads/candidates",
    staffRoute("Confirmed orders not yet loaded, per partner and warehouse", LoadCandidatesResponse),
    async () => loads.candidates(),
  );
  app.get(
    "/api/admin/loads/:id",
    staffRoute("One load with its orders and their lines, and the steps staff may take", AdminLoadDetail, {
      params: AdminIdParam,
    }),
    async (request) => loads.detail(request.params.id),
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
  app.post(
    "/api/admin/loads/:id/orders/:poid/remove",
    staffRoute(
      "Take an order off a load before it ships: the order stays Confirmed, in no load; the load's totals are restated",
      AdminLoadDetail,
      { params: AdminLoadOrderParams, body: RemoveLoadOrderBody },
    ),
    async (request) =>
      loads.removeOrder(userOf(request), request.params.id, request.params.poid, request.body),
  );
  app.post(
    "/api/admin/loads/:id/cancel",
    staffRoute(
      "Cancel a load before it ships (with a reason): its orders stay Confirmed, in no load",
      AdminLoadDetail,
      {
        params: AdminIdParam,
        body: CancelLoadBody,
      },
    ),
    async (request) => loads.cancel(userOf(request), request.params.id, request.body),
  );
};
