import {
  AdminIdParam,
  AdminSalesReturn,
  AdminSalesReturnsResponse,
  AdvanceSalesReturnBody,
  RaiseSalesReturnBody,
  ReceiveSalesReturnBody,
  RejectSalesReturnBody,
  ReturnableInvoice,
  ReturnableInvoiceQuery,
  SalesReturnsQuery,
  SetInTransitBody,
  SetInTransitResponse,
  SrDetailsBody,
  SrDetailsResponse,
  SrDownloadBody,
  SrDownloadResponse,
  SrInvoice,
  SrInvoiceBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly, staffRoute } from "../../lib/admin";
import { refuseInvalid } from "../../lib/spec-validation";
import { userOf } from "../../plugins/access";
import type { SalesReturnsService } from "./service";

export const salesReturnsRoutes: FastifyPluginAsyncZod<{ salesReturns: SalesReturnsService }> = async (
  app,
  { salesReturns },
) => {
  const sr = salesReturns.partner;
  const tags = ["sales returns"];
  app.post(
    "/api/srdetails/getSRDetails",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The partner's own sales returns by invoice date range, status and warehouse",
        body: SrDetailsBody,
        response: { 200: SrDetailsResponse, ...adminErrors },
      },
    },
    async (request) => sr.list(userOf(request).id, request.body),
  );
  app.post(
    "/api/srdetails/getSRDownloadDetails",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The lines of one of the partner's SRs (another partner's: 404)",
        body: SrDownloadBody,
        response: { 200: SrDownloadResponse, ...adminErrors },
      },
    },
    async (request) => sr.download(userOf(request).id, request.body.refId),
  );
  app.post(
    "/api/srdetails/setInTransit",
    {
      config: { access: "user" },
      attachValidation: true,
      schema: {
        tags,
        summary: "A Pending SR goes InTransit with its shipping company (one of six) and AWB",
        body: SetInTransitBody,
        response: { 200: SetInTransitResponse, ...adminErrors },
      },
    },
    async (request) => {
      refuseInvalid(request);
      const user = userOf(request);
      return sr.setInTransit(user.id, request.body, undefined, user.member?.id ?? null);
    },
  );
  app.post(
    "/api/srdetails/getSRInvoice",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The SR's invoice; AccountApproved SRs invoiced after 2017-06-30 are SR invoices",
        body: SrInvoiceBody,
        response: { 200: SrInvoice, ...adminErrors },
      },
    },
    async (request) => sr.invoice(userOf(request).id, request.body.ReferenceID),
  );
  app.get(
    "/api/admin/sales-returns",
    staffRoute(
      "Sales returns: q searches the SR reference, the invoice number, the AWB and the partner's name and email; sort is a column (-column descending); format=csv answers every matching row as CSV",
      AdminSalesReturnsResponse,
      { querystring: SalesReturnsQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv"
        ? salesReturns.csv(reply, request.query)
        : salesReturns.list(request.query),
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
  app.get(
    "/api/admin/sales-returns/returnable",
    staffRoute(
      "What of a tax invoice (its id or number) can still be returned: per line shipped, already returned (returns not rejected) and returnable",
      ReturnableInvoice,
      { querystring: ReturnableInvoiceQuery },
    ),
    async (request) => salesReturns.returnable(request.query.invoice),
  );
  app.post(
    "/api/admin/sales-returns",
    staffRoute(
      "Raise a sales return from a tax invoice (its id or number): each line up to what was shipped less what returns of the invoice (not rejected) already hold; the return starts Pending",
      AdminSalesReturn,
      { body: RaiseSalesReturnBody },
    ),
    async (request) => salesReturns.raise(userOf(request), request.body),
  );
  app.post(
    "/api/admin/sales-returns/:id/receive",
    staffRoute(
      "Receive a Pending or InTransit return: the units received per line (at most the returned quantity) go back into the warehouse's stock",
      AdminSalesReturn,
      { params: AdminIdParam, body: ReceiveSalesReturnBody },
    ),
    async (request) => salesReturns.receive(userOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/sales-returns/:id/approve",
    staffRoute(
      "Approve a received return: its credit note reverses the invoice's lines for the units received (their own HSN, rate and unit taxable value, the invoice's regime), numbered from the credit-note series; the ledger is credited the note's total",
      AdminSalesReturn,
      { params: AdminIdParam },
    ),
    async (request) => salesReturns.approve(userOf(request), request.params.id),
  );
  app.post(
    "/api/admin/sales-returns/:id/reject",
    staffRoute("Reject a return not yet approved, with the reason the partner sees", AdminSalesReturn, {
      params: AdminIdParam,
      body: RejectSalesReturnBody,
    }),
    async (request) => salesReturns.reject(userOf(request), request.params.id, request.body.reason),
  );
};
