import {
  AccountTypeParam,
  AdminOrderDetail,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminOverview,
  AdminPoidParam,
  AutoConfirmedOrdersResponse,
  AutoConfirmSettings,
  AutoConfirmSettingsBody,
  BulkConfirmBody,
  BulkResult,
  CancelOrderBody,
  ConfirmOrderBody,
  OrderFilterChoices,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffRoute } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { OrderDeskService } from "./service";

export const orderDeskRoutes: FastifyPluginAsyncZod<{ desk: OrderDeskService }> = async (app, { desk }) => {
  app.get(
    "/api/admin/orders",
    staffRoute("Orders queue (format=csv: every matching order as CSV, India times)", AdminOrdersResponse, {
      description:
        "q searches the PO id, the partner's name, email and store name, and invoice numbers; " +
        "sort is a column (-column for descending) over all rows.",
      querystring: AdminOrdersQuery,
      produces: ["application/json", "text/csv"],
    }),
    async (request, reply) =>
      request.query.format === "csv" ? desk.csv(reply, request.query) : desk.list(request.query),
  );
  app.get(
    "/api/admin/order-filters",
    staffRoute(
      "What the orders list's filters offer: warehouses and partners with orders",
      OrderFilterChoices,
    ),
    async () => desk.filterChoices(),
  );
  app.get(
    "/api/admin/overview",
    staffRoute(
      "The admin home: what waits (counts and values), receivables by age, top overdue partners, today's shipments",
      AdminOverview,
    ),
    async () => desk.overview(),
  );
  app.get(
    "/api/admin/orders/:poid",
    staffRoute("One order with its lines and invoices", AdminOrderDetail, { params: AdminPoidParam }),
    async (request) => desk.detail(request.params.poid),
  );
  app.post(
    "/api/admin/orders/:poid/confirm",
    staffRoute(
      "Confirm a Pending order wholly (no lines) or in part; the gap goes back to stock",
      AdminOrderDetail,
      { params: AdminPoidParam, body: ConfirmOrderBody },
    ),
    async (request) => desk.confirm(userOf(request), request.params.poid, request.body),
  );
  app.post(
    "/api/admin/orders/confirm",
    staffRoute("Confirm several Pending orders wholly", BulkResult, { body: BulkConfirmBody }),
    async (request) => desk.bulkConfirm(userOf(request), request.body.poids),
  );
  app.post(
    "/api/admin/orders/:poid/cancel",
    staffRoute("Cancel a Pending or Confirmed order; its stock goes back", AdminOrderDetail, {
      params: AdminPoidParam,
      body: CancelOrderBody,
    }),
    async (request) => desk.cancel(userOf(request), request.params.poid, request.body.reason),
  );
  app.get(
    "/api/order/autoComfirmedOrders/:accountType",
    staffRoute("Orders the auto-confirm job confirmed, per account type", AutoConfirmedOrdersResponse, {
      params: AccountTypeParam,
    }),
    async (request) => desk.autoConfirmed(request.params.accountType),
  );
  app.get(
    "/api/admin/settings/auto-confirm",
    staffRoute("Auto-confirm per account type", AutoConfirmSettings),
    async () => desk.settings(),
  );
  app.put(
    "/api/admin/settings/auto-confirm",
    staffRoute("Set auto-confirm per account type", AutoConfirmSettings, { body: AutoConfirmSettingsBody }),
    async (request) => desk.saveSettings(userOf(request), request.body),
  );
};
