import {
  DataFileParam,
  ErrorResponse,
  GapReport,
  Invoice,
  LoadDetail,
  LoadFilterBody,
  LoadIdQuery,
  LoadListResponse,
  LoadTotals,
  OrderHistoryQuery,
  OrderHistoryResponse,
  OrderIdQuery,
  OrderStats,
  PoidParam,
  ReorderQuery,
  ReorderResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf } from "../../plugins/access";
import { loadViewer } from "../catalogue/public";
import type { UsersService } from "../users/public";
import type { AccountService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const user = { access: "user" as const };
const tags = ["account"];
const csvFile = z.string().describe("text/csv");
const pdfFile = z.any().describe("application/pdf");

/** Order history, gap report and reorder, invoices (JSON and PDF), loads, data and discount files. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; users: UsersService }> = async (
  app,
  { account, users },
) => {
  const historyDoc =
    "Filters orderFrom/orderTo, shipFrom/shipTo (yyyy-MM-dd, India days), status (comma-joined), warehouseId, source; " +
    "no dates at all means the first of this month to today. Ship dates with no status mean Shipped and Delivered.";
  app.get(
    "/api/order",
    {
      config: user,
      schema: {
        tags,
        summary: "The caller's order history, a page at a time (page sizes 10, 20, 30, 50)",
        description: historyDoc,
        querystring: OrderHistoryQuery,
        response: { 200: OrderHistoryResponse, ...errors },
      },
    },
    async (request) => account.history(userOf(request).id, request.query),
  );
  app.get(
    "/api/order/stats",
    {
      config: user,
      schema: {
        tags,
        summary: "Total orders and totals for the same filters as GET /api/order",
        description: historyDoc,
        querystring: OrderHistoryQuery,
        response: { 200: OrderStats, ...errors },
      },
    },
    async (request) => account.stats(userOf(request).id, request.query),
  );
  app.get(
    "/api/order/csv",
    {
      config: user,
      schema: {
        tags,
        summary: 'The filtered order history as CSV ("No Orders Found!!" when empty)',
        querystring: OrderHistoryQuery,
        produces: ["text/csv"],
        response: { 200: csvFile, ...errors },
      },
    },
    async (request, reply) => {
      const body = await account.historyCsv(userOf(request).id, request.query);
      return sendCsv(reply, 'attachment; filename="orders.csv"', body);
    },
  );
  app.get(
    "/api/order/getGapReport",
    {
      config: user,
      schema: {
        tags,
        summary: "Ordered, confirmed and delivered quantities per line and the gap",
        querystring: OrderIdQuery,
        response: { 200: GapReport, ...errors },
      },
    },
    async (request) => account.gapReport(userOf(request).id, request.query.orderId),
  );
  app.post(
    "/api/order/:poid/reorder",
    {
      config: user,
      schema: {
        tags,
        summary: "Gap reorder (mode=gap) or order again (mode=all): the lines go to the cart, line by line",
        params: PoidParam,
        querystring: ReorderQuery,
        response: { 200: ReorderResponse, ...errors },
      },
    },
    async (request) => {
      const sessionUser = userOf(request);
      const caller = { user: sessionUser, viewer: await loadViewer(users, sessionUser) };
      return account.reorder(caller, request.params.poid, request.query.mode);
    },
  );
  app.post(
    "/api/invoice/getInvoice",
    {
      config: user,
      schema: {
        tags,
        summary:
          "The invoice of a Confirmed (PERFORMA INVOICE), Shipped or Delivered (TAX INVOICE) order; otherwise 404",
        querystring: OrderIdQuery,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => account.orderInvoice(userOf(request).id, request.query.orderId),
  );
  app.get(
    "/api/invoice/pdf",
    {
      config: user,
      schema: {
        tags,
        summary: "The invoice of an order as PDF",
        querystring: OrderIdQuery,
        produces: ["application/pdf"],
        response: { 200: pdfFile, ...errors },
      },
    },
    async (request, reply) => {
      const { invoice, pdf } = await account.orderInvoicePdf(userOf(request).id, request.query.orderId);
      return sendPdf(reply, invoice.number, pdf);
    },
  );

  const loadBody = { body: LoadFilterBody };
  app.post(
    "/api/cpo/getLoad",
    {
      config: user,
      schema: {
        tags,
        summary: "The caller's loads under the load filter (page sizes 10, 20, 30, 40)",
        ...loadBody,
        response: { 200: LoadListResponse, ...errors },
      },
    },
    async (request) => account.loads(userOf(request).id, request.body.loadFilter),
  );
  app.post(
    "/api/cpo/getCSVData",
    {
      config: user,
      schema: {
        tags,
        summary: "The filtered loads as CSV",
        ...loadBody,
        produces: ["text/csv"],
        response: { 200: csvFile, ...errors },
      },
    },
    async (request, reply) => {
      const body = await account.loadsCsv(userOf(request).id, request.body.loadFilter);
      return sendCsv(reply, 'attachment; filename="loads.csv"', body);
    },
  );
  app.post(
    "/api/cpo/getLoadTotal",
    {
      config: user,
      schema: {
        tags,
        summary: "Totals of the filtered loads",
        ...loadBody,
        response: { 200: LoadTotals, ...errors },
      },
    },
    async (request) => account.loadTotals(userOf(request).id, request.body.loadFilter),
  );
  app.get(
    "/api/cpo/getLoadById",
    {
      config: user,
      schema: {
        tags,
        summary: "One of the caller's loads with its lines",
        querystring: LoadIdQuery,
        response: { 200: LoadDetail, ...errors },
      },
    },
    async (request) => account.load(userOf(request).id, request.query.loadId),
  );
  app.get(
    "/api/cpo/getLoadInvoice",
    {
      config: user,
      schema: {
        tags,
        summary: 'The tax invoice of a load ("Invoice details are not available!!" when none)',
        querystring: LoadIdQuery,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => account.loadInvoice(userOf(request).id, request.query.loadId),
  );
  app.get(
    "/api/cpo/getLoadInvoice/pdf",
    {
      config: user,
      schema: {
        tags,
        summary: "The tax invoice of a load as PDF",
        querystring: LoadIdQuery,
        produces: ["application/pdf"],
        response: { 200: pdfFile, ...errors },
      },
    },
    async (request, reply) => {
      const { invoice, pdf } = await account.loadInvoicePdf(userOf(request).id, request.query.loadId);
      return sendPdf(reply, invoice.number, pdf);
    },
  );
  app.get(
    "/api/datafile/getCSVDataFile/:id",
    {
      config: user,
      schema: {
        tags,
        summary: 'The data file of a load as CSV ("No Data File Found" when empty)',
        params: DataFileParam,
        produces: ["text/csv"],
        response: { 200: csvFile, ...errors },
      },
    },
    async (request, reply) => {
      const body = await account.dataFile(userOf(request).id, request.params.id);
      return sendCsv(reply, `attachment; filename="load-${request.params.id}.csv"`, body);
    },
  );
  app.get(
    "/api/discount",
    {
      config: user,
      schema: {
        tags,
        summary: "The discount file: current margins by brand and category, as CSV",
        produces: ["text/csv"],
        response: { 200: csvFile, ...errors },
      },
    },
    async (_request, reply) =>
      sendCsv(reply, 'attachment; filename="discount.csv"', await account.discountFile()),
  );
};

function sendPdf(reply: import("fastify").FastifyReply, number: string, pdf: Buffer) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`)
    .send(pdf);
}

function sendCsv(reply: import("fastify").FastifyReply, disposition: string, body: string) {
  return reply.type("text/csv; charset=utf-8").header("content-disposition", disposition).send(body);
}
