/** E-invoices (staff): one invoice's JSON, register and cancel it; the desk's list; any document by type and number (JSON, register, cancel). */
import {
  AdminEinvoicesQuery,
  AdminEinvoicesResponse,
  EinvoiceBulkBody,
  EinvoiceBulkResponse,
  EinvoiceCancelBody,
  EinvoiceDetail,
  EinvoiceDocCancelBody,
  EinvoiceDocParams,
  EinvoiceInvoiceParam,
  EinvoiceRow,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { EinvoiceService } from "./einvoice-service";

export const einvoiceRoutes: FastifyPluginAsyncZod<{ einvoices: EinvoiceService }> = async (
  app,
  { einvoices },
) => {
  app.get(
    "/api/admin/invoices/:id/einvoice",
    staffRoute(
      "A tax invoice's e-invoice (INV-01 v1.1 JSON) built from the stored invoice, with what NIC's schema and the IRP's rules find wrong (409 when it takes none: proforma, before 2020-10-01, buyer without GSTIN)",
      EinvoiceDetail,
      { params: EinvoiceInvoiceParam },
    ),
    async (request) => einvoices.detail(await einvoices.invoiceDocumentById(request.params.id)),
  );
  app.post(
    "/api/admin/invoices/:id/einvoice/register",
    staffRoute(
      "Registers a tax invoice with the IRP (the configured one, else the sandbox): registered with IRN, acknowledgement and signed QR code, or failed with the IRP's error",
      EinvoiceRow,
      { params: EinvoiceInvoiceParam },
    ),
    async (request) =>
      einvoices.register(userOf(request).id, await einvoices.invoiceDocumentById(request.params.id)),
  );
  app.post(
    "/api/admin/invoices/:id/einvoice/cancel",
    staffRoute("Cancels a tax invoice's IRN (within 24 hours of its acknowledgement)", EinvoiceRow, {
      params: EinvoiceInvoiceParam,
      body: EinvoiceCancelBody,
    }),
    async (request) =>
      einvoices.cancel(
        userOf(request).id,
        await einvoices.invoiceDocumentById(request.params.id),
        request.body,
      ),
  );
  app.get(
    "/api/admin/einvoices",
    staffRoute(
      "The e-invoices desk: every tax invoice and credit note with its e-invoice state (not needed, pending, registered, failed, cancelled); q searches the number, partner, GSTIN and IRN",
      AdminEinvoicesResponse,
      { querystring: AdminEinvoicesQuery },
    ),
    async (request) => einvoices.list(request.query),
  );
  app.get(
    "/api/admin/einvoices/document",
    staffRoute(
      "Any document's e-invoice JSON by type (INV, CRN, DBN) and number, with its problems",
      EinvoiceDetail,
      {
        querystring: EinvoiceDocParams,
      },
    ),
    async (request) => einvoices.detail(await einvoices.document(request.query.type, request.query.number)),
  );
  app.post(
    "/api/admin/einvoices/register",
    staffRoute(
      "Registers several documents with the IRP, one after the other (at most 100): those pending or failed are sent, the others answered as they stand",
      EinvoiceBulkResponse,
      {
        body: EinvoiceBulkBody,
      },
    ),
    async (request) => ({ rows: await einvoices.registerMany(userOf(request).id, request.body.documents) }),
  );
  app.post(
    "/api/admin/einvoices/cancel",
    staffRoute(
      "Cancels any document's IRN by type (INV, CRN, DBN) and number, within 24 hours of its acknowledgement",
      EinvoiceRow,
      { body: EinvoiceDocCancelBody },
    ),
    async (request) => {
      const { type, number, reason, remark } = request.body;
      return einvoices.cancel(userOf(request).id, await einvoices.document(type, number), { reason, remark });
    },
  );
};
