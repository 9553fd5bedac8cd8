import {
  AdminFeedbackQuery,
  AdminFeedbackResponse,
  AdminFeedbackThread,
  AdminIdParam,
  ArsOrderExpectedBody,
  ArsOrderExpectedResponse,
  ArsReplenishmentResponse,
  ArsReportCsvQuery,
  ArsReportQuery,
  ArsReportResponse,
  ArsRunsQuery,
  ArsRunsResponse,
  ErrorResponse,
  FeedbackCreateBody,
  FeedbackList,
  FeedbackReplyBody,
  FeedbackUpdateBody,
  StoreIdParam,
  StorePerformanceConfigQuery,
  StorePerformanceConfigResponse,
  StorePerformanceQuery,
  StorePerformanceResponse,
  StoreTrendResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffRoute } from "../../lib/admin";
import { routeOptions } from "../../lib/route-options";
import { userOf } from "../../plugins/access";
import type { CartService } from "../cart/public";
import { createArsOrdering } from "./ars-cart";
import type { ArsReplenishment } from "./replenishment";
import type { StoreReportsService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const ars = routeOptions({ access: "user" as const }, ["ars"], errors);
const performance = routeOptions({ access: "user" as const }, ["store-performance"], errors);
const arsDoc =
  "from and to (yyyy-MM-dd, India days) are both required and at most one month apart. Franchisees only: anyone else gets an empty list. " +
  "expectedQty = max(0, targetStock − stockInHand − pendingQty − confirmedQty − inTransitStock); actualQty = units ordered in the range (not cancelled); " +
  "arsScheduledDate = the first Monday after to.";
const performanceDoc =
  "canViewStorePerformance only (403 otherwise). Month to date from the first of the month of `from`, year to date from the financial year's 1 April, " +
  "over the days the store reported; `from` defaults to the store's latest reported day.";

/** The ARS report (under the orders' /api/order path) and store performance with its feedback. */
export const storeReportsRoutes: FastifyPluginAsyncZod<{ storeReports: StoreReportsService }> = async (
  app,
  { storeReports },
) => {
  app.get(
    "/api/order/arsReport",
    ars("The caller's ARS (automatic replenishment) report, a page at a time", ArsReportResponse, {
      description: arsDoc,
      querystring: ArsReportQuery,
    }),
    async (request) => storeReports.arsReport(userOf(request), await request.viewer(), request.query),
  );
  app.get(
    "/api/order/arsReport/csv",
    ars("The whole ARS report for the dates as CSV", z.string().describe("text/csv"), {
      description: arsDoc,
      querystring: ArsReportCsvQuery,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const body = await storeReports.arsReportCsv(userOf(request), await request.viewer(), request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="ars-report.csv"')
        .send(body);
    },
  );

  app.get(
    "/api/storeperformance/getconfig",
    performance("The 16 metric configurations with their rating rules", StorePerformanceConfigResponse, {
      description: "Per-day benchmarks are scaled for the concept asked (else the caller's own).",
      querystring: StorePerformanceConfigQuery,
    }),
    async (request) => storeReports.config(userOf(request), request.query.concept),
  );
  app.get(
    "/api/storeperformance/feedback",
    performance("The caller's store performance feedback, newest first, with its comments", FeedbackList),
    async (request) => storeReports.feedback(userOf(request)),
  );
  app.post(
    "/api/storeperformance/feedback",
    performance(
      "New feedback about a feature (General or a metric's name); answers the caller's feedback",
      FeedbackList,
      {
        body: FeedbackCreateBody,
      },
    ),
    async (request) =>
      storeReports.createFeedback(userOf(request), request.body.feature, request.body.message),
  );
  app.put(
    "/api/storeperformance/feedback",
    performance("Another comment on one of the caller's feedback threads (another's is 404)", FeedbackList, {
      body: FeedbackUpdateBody,
    }),
    async (request) => storeReports.addComment(userOf(request), request.body.id, request.body.message),
  );
  app.get(
    "/api/admin/feedback",
    staffRoute(
      "The feedback inbox: every partner's store-performance feedback threads with their comments; q searches the store, email, feature and comments; waiting=true keeps those the head office has not answered; sort is a column (-column descending); format=csv answers every matching thread as CSV",
      AdminFeedbackResponse,
      { querystring: AdminFeedbackQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv"
        ? storeReports.feedbackInboxCsv(reply, request.query)
        : storeReports.feedbackInbox(request.query),
  );
  app.post(
    "/api/admin/feedback/:id/replies",
    staffRoute(
      "Reply to a partner's feedback thread: the partner sees it on the store-performance page and is notified",
      AdminFeedbackThread,
      { params: AdminIdParam, body: FeedbackReplyBody },
    ),
    async (request) => storeReports.replyToFeedback(userOf(request), request.params.id, request.body.message),
  );

  app.get(
    "/api/storeperformance/:storeId/trend",
    performance(
      "The caller's own store over the last 12 months, a row a month (another store is 404)",
      StoreTrendResponse,
      {
        description:
          "The 12 calendar months ending with the month of `from` (default: the store's latest reported day): net sales, units, bills, footfall, average bill value and conversion (bills ÷ footfall).",
        params: StoreIdParam,
        querystring: StorePerformanceQuery,
      },
    ),
    async (request) => storeReports.trend(userOf(request), request.params.storeId, request.query.from),
  );
  app.get(
    "/api/storeperformance/:storeId",
    performance(
      "The caller's own store's performance, MTD and YTD (another store is 404)",
      StorePerformanceResponse,
      {
        description: performanceDoc,
        params: StoreIdParam,
        querystring: StorePerformanceQuery,
      },
    ),
    async (request) => storeReports.performance(userOf(request), request.params.storeId, request.query.from),
  );
};

/** Staff: place a partner's ARS replenishment (source B2F) now, as the weekly job would. */
export const arsReplenishmentRoutes: FastifyPluginAsyncZod<{ replenishment: ArsReplenishment }> = async (
  app,
  { replenishment },
) => {
  app.post(
    "/api/admin/partners/:id/arsReplenishment",
    staffRoute(
      "Place the partner's ARS replenishment (source B2F) for this week's run",
      ArsReplenishmentResponse,
      {
        params: AdminIdParam,
        description:
          "The ARS list's expected quantities (as GET /api/order/arsReport computes them over the month ending on this week's Monday) " +
          "are ordered through POST /api/order's rules with source B2F. Once per partner and week: asked again, it answers the same orders (replayed).",
      },
    ),
    async (request) => replenishment.placeByStaff(userOf(request), request.params.id),
  );
};

/** The partner's side of ARS: the runs placed for them, and ordering the report's expected quantities. */
export const arsPartnerRoutes: FastifyPluginAsyncZod<{
  replenishment: ArsReplenishment;
  storeReports: StoreReportsService;
  cart: CartService;
}> = async (app, { replenishment, storeReports, cart }) => {
  const ordering = createArsOrdering({ storeReports, cart });
  app.get(
    "/api/order/arsRuns",
    ars(
      "The caller's ARS replenishment runs, newest first: what each placed and refused, and why",
      ArsRunsResponse,
      {
        description: "Franchisees only: anyone else gets an empty list. limit: 1 to 52 runs (default 8).",
        querystring: ArsRunsQuery,
      },
    ),
    async (request) => replenishment.runsOf(userOf(request), request.query.limit),
  );
  app.post(
    "/api/order/arsReport/addToCart",
    ars(
      "Puts the ARS report's expected quantities for the dates into the cart, line by line, through the cart's rules",
      ArsOrderExpectedResponse,
      {
        description:
          "from and to as GET /api/order/arsReport takes them. Each expected product goes in at the largest quantity the cart offers at or below its expected quantity; a product already in the cart keeps its quantity; each refused line says why.",
        body: ArsOrderExpectedBody,
      },
    ),
    async (request) =>
      ordering.orderExpected({ user: userOf(request), viewer: await request.viewer() }, request.body),
  );
};
