import {
  AccountTypeParam,
  AdminOrderDetail,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminPoidParam,
  AutoConfirmedOrdersResponse,
  AutoConfirmSettings,
  AutoConfirmSettingsBody,
  BulkConfirmBody,
  BulkResult,
  CancelOrderBody,
  ConfirmOrderBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { OrderDeskService } from "./service";

export const orderDeskRoutes: FastifyPluginAsyncZod<{ desk: OrderDeskService }> = async (app, { desk }) => {
  app.get(
    "/api/admin/orders",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Orders queue",
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse, ...adminErrors },
      },
    },
    async (request) => desk.list(request.query),
  );
  app.get(
    "/api/admin/orders/:poid",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "One order with its lines and invoices",
        params: AdminPoidParam,
        response: { 200: AdminOrderDetail, ...adminErrors },
      },
    },
    async (request) => desk.detail(request.params.poid),
  );
  app.post(
    "/api/admin/orders/:poid/confirm",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Confirm a Pending order wholly (no lines) or in part; the gap goes back to stock",
        params: AdminPoidParam,
        body: ConfirmOrderBody,
        response: { 200: AdminOrderDetail, ...adminErrors },
      },
    },
    async (request) => desk.confirm(userOf(request), request.params.poid, request.body),
  );
  app.post(
    "/api/admin/orders/confirm",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Confirm several Pending orders wholly",
        body: BulkConfirmBody,
        response: { 200: BulkResult, ...adminErrors },
      },
    },
    async (request) => desk.bulkConfirm(userOf(request), request.body.poids),
  );
  app.post(
    "/api/admin/orders/:poid/cancel",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Cancel a Pending or Confirmed order; its stock goes back",
        params: AdminPoidParam,
        body: CancelOrderBody,
        response: { 200: AdminOrderDetail, ...adminErrors },
      },
    },
    async (request) => desk.cancel(userOf(request), request.params.poid, request.body.reason),
  );
  app.get(
    "/api/order/autoComfirmedOrders/:accountType",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Orders the auto-confirm job confirmed, per account type",
        params: AccountTypeParam,
        response: { 200: AutoConfirmedOrdersResponse, ...adminErrors },
      },
    },
    async (request) => desk.autoConfirmed(request.params.accountType),
  );
  app.get(
    "/api/admin/settings/auto-confirm",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Auto-confirm per account type",
        response: { 200: AutoConfirmSettings, ...adminErrors },
      },
    },
    async () => desk.settings(),
  );
  app.put(
    "/api/admin/settings/auto-confirm",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Set auto-confirm per account type",
        body: AutoConfirmSettingsBody,
        response: { 200: AutoConfirmSettings, ...adminErrors },
      },
    },
    async (request) => desk.saveSettings(userOf(request), request.body),
  );
};
