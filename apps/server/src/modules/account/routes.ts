import {
  AccountInvoicesQuery,
  AccountInvoicesResponse,
  DataFileParam,
  ErrorResponse,
  GapReport,
  Invoice,
  LoadDetail,
  LoadFilterBody,
  LoadIdQuery,
  LoadListResponse,
  LoadTotals,
  MonthQuery,
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
import { routeOptions } from "../../lib/route-options";
import { pdfFile, sendPdf } from "../../lib/send-pdf";
import { userOf } from "../../plugins/access";
import { loadViewer } from "../catalogue/public";
import type { UsersService } from "../users/public";
import type { AccountService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
};
const route = routeOptions({ access: "user" as const }, ["account"], errors);
const csvFile = z.string().describe("text/csv");
const zipFile = z.any().describe("application/zip");

/** Order history, gap report and reorder, invoices (JSON and PDF), loads, data and discount files. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; users: UsersService }> = async (
  app,
  { account, users },
) => {
  const historyDoc =
    "Filters orderFrom/orderTo, shipFrom/shipTo (yyyy-MM-dd, India days), status (comma-joined), warehouseId, source; " +
    "no dates at all means the first of this month to today. Ship dates with no status mean Shipped and Delivered. " +
    "q searches the PO id, a product id or name and the invoice number; sort is date, poid, status, amount, " +
    "netPayment or shipped (-key descending; default -date).";
  app.get(
    "/api/order",
    route("The caller's order history, a page at a time (page sizes 10, 20, 30, 50)", OrderHistoryResponse, {
      description: historyDoc,
      querystring: OrderHistoryQuery,
    }),
    async (request) => account.history(userOf(request).id, request.query),
  );
  app.get(
    "/api/order/stats",
    route("Total orders and totals for the same filters as GET /api/order", OrderStats, {
      description: historyDoc,
      querystring: OrderHistoryQuery,
    }),
    async (request) => account.stats(userOf(request).id, request.query),
  );
  app.get(
    "/api/order/csv",
    route('The filtered order history as CSV ("No Orders Found!!" when empty)', csvFile, {
      querystring: OrderHistoryQuery,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const body = await account.historyCsv(userOf(request).id, request.query);
      return sendCsv(reply, 'attachment; filename="orders.csv"', body);
    },
  );
  app.get(
    "/api/order/getGapReport",
    route("Ordered, confirmed and delivered quantities per line and the gap", GapReport, {
      querystring: OrderIdQuery,
    }),
    async (request) => account.gapReport(userOf(request).id, request.query.orderId),
  );
  app.post(
    "/api/order/:poid/reorder",
    route(
      "Gap reorder (mode=gap) or order again (mode=all): the lines go to the cart, line by line",
      ReorderResponse,
      { params: PoidParam, querystring: ReorderQuery },
    ),
    async (request) => {
      const sessionUser = userOf(request);
      const caller = { user: sessionUser, viewer: await loadViewer(users, sessionUser) };
      return account.reorder(caller, request.params.poid, request.query.mode);
    },
  );
  app.post(
    "/api/invoice/getInvoice",
    route(
      "The invoice of a Confirmed (PERFORMA INVOICE), Shipped or Delivered (TAX INVOICE) order; otherwise 404",
      Invoice,
      { querystring: OrderIdQuery },
    ),
    async (request) => account.orderInvoice(userOf(request).id, request.query.orderId),
  );
  app.get(
    "/api/invoice/pdf",
    route("The invoice of an order as PDF", pdfFile, {
      querystring: OrderIdQuery,
      produces: ["application/pdf"],
    }),
    async (request, reply) => {
      const { invoice, pdf } = await account.orderInvoicePdf(userOf(request).id, request.query.orderId);
      return sendPdf(reply, invoice.number, pdf);
    },
  );

  app.post(
    "/api/cpo/getLoad",
    route("The caller's loads under the load filter (page sizes 10, 20, 30, 40)", LoadListResponse, {
      body: LoadFilterBody,
    }),
    async (request) => account.loads(userOf(request).id, request.body.loadFilter),
  );
  app.post(
    "/api/cpo/getCSVData",
    route("The filtered loads as CSV", csvFile, { body: LoadFilterBody, produces: ["text/csv"] }),
    async (request, reply) => {
      const body = await account.loadsCsv(userOf(request).id, request.body.loadFilter);
      return sendCsv(reply, 'attachment; filename="loads.csv"', body);
    },
  );
  app.post(
    "/api/cpo/getLoadTotal",
    route("Totals of the filtered loads", LoadTotals, { body: LoadFilterBody }),
    async (request) => account.loadTotals(userOf(request).id, request.body.loadFilter),
  );
  app.get(
    "/api/cpo/getLoadById",
    route("One of the caller's loads with its lines", LoadDetail, { querystring: LoadIdQuery }),
    async (request) => account.load(userOf(request).id, request.query.loadId),
  );
  app.get(
    "/api/cpo/getLoadInvoice",
    route('The tax invoice of a load ("Invoice details are not available!!" when none)', Invoice, {
      querystring: LoadIdQuery,
    }),
    async (request) => account.loadInvoice(userOf(request).id, request.query.loadId),
  );
  app.get(
    "/api/cpo/getLoadInvoice/pdf",
    route("The tax invoice of a load as PDF", pdfFile, {
      querystring: LoadIdQuery,
      produces: ["application/pdf"],
    }),
    async (request, reply) => {
      const { invoice, pdf } = await account.loadInvoicePdf(userOf(request).id, request.query.loadId);
      return sendPdf(reply, invoice.number, pdf);
    },
  );
  app.get(
    "/api/datafile/getCSVDataFile/:id",
    route('The data file of a load as CSV ("No Data File Found" when empty)', csvFile, {
      params: DataFileParam,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const body = await account.dataFile(userOf(request).id, request.params.id);
      return sendCsv(reply, `attachment; filename="load-${request.params.id}.csv"`, body);
    },
  );
  app.get(
    "/api/account/invoices",
    route(
      "The caller's tax invoices with what is paid and due on each (payments and credit notes settle the oldest invoice first), and the totals",
      AccountInvoicesResponse,
      { querystring: AccountInvoicesQuery },
    ),
    async (request) => account.invoices(userOf(request).id, request.query),
  );
  app.get(
    "/api/account/invoices/month.zip",
    route("Every tax invoice of a month as PDFs in one zip (404 when the month has none)", zipFile, {
      querystring: MonthQuery,
      produces: ["application/zip"],
    }),
    async (request, reply) => {
      const { filename, stream } = await account.monthZip(userOf(request).id, request.query.month);
      return reply
        .type("application/zip")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(stream);
    },
  );
  app.get(
    "/api/discount",
    route("The discount file: current margins by brand and category, as CSV", csvFile, {
      produces: ["text/csv"],
    }),
    async (_request, reply) =>
      sendCsv(reply, 'attachment; filename="discount.csv"', await account.discountFile()),
  );
};

function sendCsv(reply: import("fastify").FastifyReply, disposition: string, body: string) {
  return reply.type("text/csv; charset=utf-8").header("content-disposition", disposition).send(body);
}
