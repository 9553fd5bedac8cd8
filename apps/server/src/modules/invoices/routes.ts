import {
  AdminIdParam,
  AdminInvoicesQuery,
  AdminInvoicesResponse,
  ErrorResponse,
  Invoice,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { InvoicesService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const admin = { access: "admin" as const };

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    "/api/admin/invoices",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Proforma and tax invoices",
        querystring: AdminInvoicesQuery,
        response: { 200: AdminInvoicesResponse, ...errors },
      },
    },
    async (request) => invoices.list(request.query),
  );
  app.get(
    "/api/admin/invoices/:id",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "One invoice as printed",
        params: AdminIdParam,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => invoices.get(request.params.id),
  );
};
