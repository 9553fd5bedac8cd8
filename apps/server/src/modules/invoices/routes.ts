import {
  AdminIdParam,
  AdminInvoiceChoices,
  AdminInvoicesQuery,
  AdminInvoicesResponse,
  Invoice,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { pdfFile, sendPdf } from "../../lib/send-pdf";
import type { InvoicesService } from "./service";

/** The invoices desk: the list (JSON or CSV), its filter choices, one invoice, and its PDF. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    "/api/admin/invoices",
    staffRoute(
      "Proforma and tax invoices: q searches the number, the orders (PO) and the partner's name and email; sort is a column (-column descending); format=csv answers every matching row as CSV",
      AdminInvoicesResponse,
      { querystring: AdminInvoicesQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv" ? invoices.csv(reply, request.query) : invoices.list(request.query),
  );
  app.get(
    "/api/admin/invoices/choices",
    staffRoute(
      "The invoices desk's filter choices: the warehouses that issued invoices",
      AdminInvoiceChoices,
    ),
    async () => invoices.choices(),
  );
  app.get(
    "/api/admin/invoices/:id",
    staffRoute("One invoice as printed", Invoice, { params: AdminIdParam }),
    async (request) => invoices.get(request.params.id),
  );
  app.get(
    "/api/admin/invoices/:id/pdf",
    staffRoute("One invoice as PDF, as the partner downloads it", pdfFile, {
      params: AdminIdParam,
      produces: ["application/pdf"],
    }),
    async (request, reply) => {
      const { invoice, pdf } = await invoices.pdf(request.params.id);
      return sendPdf(reply, invoice.number, pdf, "inline");
    },
  );
};
