import { AdminIdParam, AdminInvoicesQuery, AdminInvoicesResponse, Invoice } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import type { InvoicesService } from "./service";

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    "/api/admin/invoices",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Proforma and tax invoices",
        querystring: AdminInvoicesQuery,
        response: { 200: AdminInvoicesResponse, ...adminErrors },
      },
    },
    async (request) => invoices.list(request.query),
  );
  app.get(
    "/api/admin/invoices/:id",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "One invoice as printed",
        params: AdminIdParam,
        response: { 200: Invoice, ...adminErrors },
      },
    },
    async (request) => invoices.get(request.params.id),
  );
};
