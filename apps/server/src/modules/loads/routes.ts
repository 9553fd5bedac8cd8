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
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { LoadsService } from "./service";

export const loadsRoutes: FastifyPluginAsyncZod<{ loads: LoadsService }> = async (app, { loads }) => {
  app.get(
    "/api/admin/loads",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Loads board",
        querystring: AdminLoadsQuery,
        response: { 200: AdminLoadsResponse, ...adminErrors },
      },
    },
    async (request) => loads.list(request.query),
  );
  app.get(
    "/api/admin/loads/candidates",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Confirmed orders not yet loaded, per partner and warehouse",
        response: { 200: LoadCandidatesResponse, ...adminErrors },
      },
    },
    async () => loads.candidates(),
  );
  app.get(
    "/api/admin/loads/:id",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "One load",
        params: AdminIdParam,
        response: { 200: AdminLoad, ...adminErrors },
      },
    },
    async (request) => loads.get(request.params.id),
  );
  app.post(
    "/api/admin/loads",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Build a load of Confirmed orders (one partner, one warehouse)",
        body: CreateLoadBody,
        response: { 200: AdminLoad, ...adminErrors },
      },
    },
    async (request) => loads.create(userOf(request), request.body),
  );
  app.post(
    "/api/admin/loads/:id/hand-over",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Hand a load over (transporter, docket number)",
        params: AdminIdParam,
        body: HandOverBody,
        response: { 200: AdminLoad, ...adminErrors },
      },
    },
    async (request) => loads.handOver(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/loads/:id/ship",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Ship a load: orders Shipped, tax invoice, ledger debit",
        params: AdminIdParam,
        body: ShipLoadBody,
        response: { 200: AdminLoad, ...adminErrors },
      },
    },
    async (request) => loads.ship(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/loads/:id/deliver",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Proof of delivery: orders Delivered with delivered quantities",
        params: AdminIdParam,
        body: DeliverLoadBody,
        response: { 200: AdminLoad, ...adminErrors },
      },
    },
    async (request) => loads.deliver(userOf(request), request.params.id, request.body),
  );
};
