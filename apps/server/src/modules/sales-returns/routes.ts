import {
  AdminIdParam,
  AdminSalesReturn,
  AdminSalesReturnsResponse,
  AdvanceSalesReturnBody,
  SalesReturnsQuery,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { SalesReturnsService } from "./service";

export const salesReturnsRoutes: FastifyPluginAsyncZod<{ salesReturns: SalesReturnsService }> = async (
  app,
  { salesReturns },
) => {
  app.get(
    "/api/admin/sales-returns",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Sales returns",
        querystring: SalesReturnsQuery,
        response: { 200: AdminSalesReturnsResponse, ...adminErrors },
      },
    },
    async (request) => salesReturns.list(request.query),
  );
  app.post(
    "/api/admin/sales-returns/:id/status",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Move an SR one step (AccountApproved posts the credit note)",
        params: AdminIdParam,
        body: AdvanceSalesReturnBody,
        response: { 200: AdminSalesReturn, ...adminErrors },
      },
    },
    async (request) => salesReturns.advance(userOf(request), request.params.id, request.body.status),
  );
};
