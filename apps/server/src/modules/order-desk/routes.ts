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
  ErrorResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { OrderDeskService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const admin = { access: "admin" as const };
const tags = ["admin"];

export const orderDeskRoutes: FastifyPluginAsyncZod<{ desk: OrderDeskService }> = async (app, { desk }) => {
  app.get(
    "/api/admin/orders",
    {
      config: admin,
      schema: {
        tags,
        summary: "Orders queue",
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse, ...errors },
      },
    },
    async (request) => desk.list(request.query),
  );
  app.get(
    "/api/admin/orders/:poid",
    {
      config: admin,
      schema: {
        tags,
        summary: "One order with its lines and invoices",
        params: AdminPoidParam,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => desk.detail(request.params.poid),
  );
  app.post(
    "/api/admin/orders/:poid/confirm",
    {
      config: admin,
      schema: {
        tags,
        summary: "Confirm a Pending order wholly (no lines) or in part; the gap goes back to stock",
        params: AdminPoidParam,
        body: ConfirmOrderBody,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => desk.confirm(userOf(request), request.params.poid, request.body),
  );
  app.post(
    "/api/admin/orders/confirm",
    {
      config: admin,
      schema: {
        tags,
        summary: "Confirm several Pending orders wholly",
        body: BulkConfirmBody,
        response: { 200: BulkResult, ...errors },
      },
    },
    async (request) => desk.bulkConfirm(userOf(request), request.body.poids),
  );
  app.post(
    "/api/admin/orders/:poid/cancel",
    {
      config: admin,
      schema: {
        tags,
        summary: "Cancel a Pending or Confirmed order; its stock goes back",
        params: AdminPoidParam,
        body: CancelOrderBody,
        response: { 200: AdminOrderDetail, ...errors },
      },
    },
    async (request) => desk.cancel(userOf(request), request.params.poid, request.body.reason),
  );
  app.get(
    "/api/order/autoComfirmedOrders/:accountType",
    {
      config: admin,
      schema: {
        tags,
        summary: "Orders the auto-confirm job confirmed, per account type",
        params: AccountTypeParam,
        response: { 200: AutoConfirmedOrdersResponse, ...errors },
      },
    },
    async (request) => desk.autoConfirmed(request.params.accountType),
  );
  app.get(
    "/api/admin/settings/auto-confirm",
    {
      config: admin,
      schema: {
        tags,
        summary: "Auto-confirm per account type",
        response: { 200: AutoConfirmSettings, ...errors },
      },
    },
    async () => desk.settings(),
  );
  app.put(
    "/api/admin/settings/auto-confirm",
    {
      config: admin,
      schema: {
        tags,
        summary: "Set auto-confirm per account type",
        body: AutoConfirmSettingsBody,
        response: { 200: AutoConfirmSettings, ...errors },
      },
    },
    async (request) => desk.saveSettings(userOf(request), request.body),
  );
};
