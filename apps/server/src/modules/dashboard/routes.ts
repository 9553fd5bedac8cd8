import { DashboardQuery, DashboardResponse, ErrorResponse } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { DashboardService } from "./service";

/**
 * The partner dashboard (issue 30): every figure of the store's buying in one answer, computed from
 * its own documents for the period asked (calendar days in India; the last 12 months by default).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    "/api/dashboard",
    {
      config: { access: "user" },
      schema: {
        tags: ["dashboard"],
        summary:
          "The store's dashboard from `from` to `to` (default: the first day of the month 11 months ago to today; at most 24 months): spend by month, category and warehouse, margin at MRP, fill rate and top gaps, lead times per warehouse, money owed by age, next dues, unused credit, payments awaiting approval, and store performance against the national average. Money in integer paise, lead times in hours.",
        querystring: DashboardQuery,
        response: { 200: DashboardResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => dashboard.dashboard(userOf(request), request.query),
  );
};
