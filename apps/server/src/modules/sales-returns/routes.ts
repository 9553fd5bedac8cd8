import {
  AdminIdParam,
  AdminSalesReturn,
  AdminSalesReturnsResponse,
  AdvanceSalesReturnBody,
  ErrorResponse,
  SalesReturnsQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { SalesReturnsService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const admin = { access: "admin" as const };
const tags = ["admin"];

export const salesReturnsRoutes: FastifyPluginAsyncZod<{ salesReturns: SalesReturnsService }> = async (
  app,
  { salesReturns },
) => {
  app.get(
    "/api/admin/sales-returns",
    {
      config: admin,
      schema: {
        tags,
        summary: "Sales returns",
        querystring: SalesReturnsQuery,
        response: { 200: AdminSalesReturnsResponse, ...errors },
      },
    },
    async (request) => salesReturns.list(request.query),
  );
  app.post(
    "/api/admin/sales-returns/:id/status",
    {
      config: admin,
      schema: {
        tags,
        summary: "Move an SR one step (AccountApproved posts the credit note)",
        params: AdminIdParam,
        body: AdvanceSalesReturnBody,
        response: { 200: AdminSalesReturn, ...errors },
      },
    },
    async (request) => salesReturns.advance(userOf(request), request.params.id, request.body.status),
  );
};
