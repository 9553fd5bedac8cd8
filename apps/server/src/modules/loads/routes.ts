import {
  AdminIdParam,
  AdminLoad,
  AdminLoadsQuery,
  AdminLoadsResponse,
  CreateLoadBody,
  DeliverLoadBody,
  ErrorResponse,
  HandOverBody,
  LoadCandidatesResponse,
  ShipLoadBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { LoadsService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const admin = { access: "admin" as const };
const tags = ["admin"];

export const loadsRoutes: FastifyPluginAsyncZod<{ loads: LoadsService }> = async (app, { loads }) => {
  app.get(
    "/api/admin/loads",
    {
      config: admin,
      schema: {
        tags,
        summary: "Loads board",
        querystring: AdminLoadsQuery,
        response: { 200: AdminLoadsResponse, ...errors },
      },
    },
    async (request) => loads.list(request.query),
  );
  app.get(
    "/api/admin/loads/candidates",
    {
      config: admin,
      schema: {
        tags,
        summary: "Confirmed orders not yet loaded, per partner and warehouse",
        response: { 200: LoadCandidatesResponse, ...errors },
      },
    },
    async () => loads.candidates(),
  );
  app.get(
    "/api/admin/loads/:id",
    {
      config: admin,
      schema: { tags, summary: "One load", params: AdminIdParam, response: { 200: AdminLoad, ...errors } },
    },
    async (request) => loads.get(request.params.id),
  );
  app.post(
    "/api/admin/loads",
    {
      config: admin,
      schema: {
        tags,
        summary: "Build a load of Confirmed orders (one partner, one warehouse)",
        body: CreateLoadBody,
        response: { 200: AdminLoad, ...errors },
      },
    },
    async (request) => loads.create(userOf(request), request.body),
  );
  app.post(
    "/api/admin/loads/:id/hand-over",
    {
      config: admin,
      schema: {
        tags,
        summary: "Hand a load over (transporter, docket number)",
        params: AdminIdParam,
        body: HandOverBody,
        response: { 200: AdminLoad, ...errors },
      },
    },
    async (request) => loads.handOver(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/loads/:id/ship",
    {
      config: admin,
      schema: {
        tags,
        summary: "Ship a load: orders Shipped, tax invoice, ledger debit",
        params: AdminIdParam,
        body: ShipLoadBody,
        response: { 200: AdminLoad, ...errors },
      },
    },
    async (request) => loads.ship(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/loads/:id/deliver",
    {
      config: admin,
      schema: {
        tags,
        summary: "Proof of delivery: orders Delivered with delivered quantities",
        params: AdminIdParam,
        body: DeliverLoadBody,
        response: { 200: AdminLoad, ...errors },
      },
    },
    async (request) => loads.deliver(userOf(request), request.params.id, request.body),
  );
};
