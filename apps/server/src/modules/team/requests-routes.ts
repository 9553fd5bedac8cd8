import {
  ApproveRequestResponse,
  DeclineRequestBody,
  DeclineRequestResponse,
  ErrorResponse,
  OrderRequestIdParam,
  OrderRequestsQuery,
  OrderRequestsResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { RequestsService } from "./requests-service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const decided = { ...errors, 404: ErrorResponse, 409: ErrorResponse };

/** Buyers' order requests (issue 30): the list, and the owner's approve and decline. */
export const orderRequestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (
  app,
  { requests },
) => {
  app.get(
    "/api/team/requests",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary:
          "Order requests, newest first: the owner sees the store's, a buyer their own (requests past 7 days are expired first)",
        querystring: OrderRequestsQuery,
        response: { 200: OrderRequestsResponse, ...errors },
      },
    },
    async (request) => requests.list(userOf(request), request.query),
  );

  app.post(
    "/api/team/requests/:id/approve",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary:
          "Approve a pending request (owner): its orders are placed now, stock checked at this moment; refused warehouse orders are reported in result",
        params: OrderRequestIdParam,
        response: { 200: ApproveRequestResponse, ...decided },
      },
    },
    async (request) => requests.approve(userOf(request), await request.viewer(), request.params.id),
  );

  app.post(
    "/api/team/requests/:id/decline",
    {
      config: { access: "user" },
      schema: {
        tags: ["team"],
        summary: "Decline a pending request with a reason (owner); the buyer is told",
        params: OrderRequestIdParam,
        body: DeclineRequestBody,
        response: { 200: DeclineRequestResponse, ...decided },
      },
    },
    async (request) => requests.decline(userOf(request), request.params.id, request.body.reason),
  );
};
