import {
  AdminIdParam,
  AdminPayment,
  AdminPaymentsResponse,
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  PaymentsQuery,
  RejectPaymentBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, staffOnly } from "../../lib/admin";
import { userOf } from "../../plugins/access";
import type { PaymentsService } from "./service";

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
        response: { 200: ConfirmPaymentResponse, ...adminErrors },
      },
    },
    async (request) => payments.submit(userOf(request).id, request.body),
  );
  app.get(
    "/api/admin/payments",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Payment confirmations",
        querystring: PaymentsQuery,
        response: { 200: AdminPaymentsResponse, ...adminErrors },
      },
    },
    async (request) => payments.list(request.query),
  );
  app.post(
    "/api/admin/payments/:id/approve",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Approve: the ledger is credited and the partner told",
        params: AdminIdParam,
        response: { 200: AdminPayment, ...adminErrors },
      },
    },
    async (request) => payments.approve(userOf(request), request.params.id),
  );
  app.post(
    "/api/admin/payments/:id/reject",
    {
      config: staffOnly,
      schema: {
        tags: ADMIN_TAGS,
        summary: "Reject with a reason the partner sees",
        params: AdminIdParam,
        body: RejectPaymentBody,
        response: { 200: AdminPayment, ...adminErrors },
      },
    },
    async (request) => payments.reject(userOf(request), request.params.id, request.body.reason),
  );
};
