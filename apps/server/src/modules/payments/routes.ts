import {
  AdminIdParam,
  AdminPayment,
  AdminPaymentsResponse,
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  ErrorResponse,
  PaymentsQuery,
  RejectPaymentBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { PaymentsService } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const admin = { access: "admin" as const };
const tags = ["admin"];

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    "/api/payment/processConfirmPayment",
    {
      schema: {
        tags: ["payments"],
        summary: "A partner confirms a payment; accounts staff approve or reject it",
        body: ConfirmPaymentBody,
        response: { 200: ConfirmPaymentResponse, ...errors },
      },
    },
    async (request) => payments.submit(userOf(request).id, request.body),
  );
  app.get(
    "/api/admin/payments",
    {
      config: admin,
      schema: {
        tags,
        summary: "Payment confirmations",
        querystring: PaymentsQuery,
        response: { 200: AdminPaymentsResponse, ...errors },
      },
    },
    async (request) => payments.list(request.query),
  );
  app.post(
    "/api/admin/payments/:id/approve",
    {
      config: admin,
      schema: {
        tags,
        summary: "Approve: the ledger is credited and the partner told",
        params: AdminIdParam,
        response: { 200: AdminPayment, ...errors },
      },
    },
    async (request) => payments.approve(userOf(request), request.params.id),
  );
  app.post(
    "/api/admin/payments/:id/reject",
    {
      config: admin,
      schema: {
        tags,
        summary: "Reject with a reason the partner sees",
        params: AdminIdParam,
        body: RejectPaymentBody,
        response: { 200: AdminPayment, ...errors },
      },
    },
    async (request) => payments.reject(userOf(request), request.params.id, request.body.reason),
  );
};
