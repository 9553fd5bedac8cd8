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
import { adminErrors, staffRoute } from "../../lib/admin";
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
    staffRoute("Payment confirmations", AdminPaymentsResponse, { querystring: PaymentsQuery }),
    async (request) => payments.list(request.query),
  );
  app.post(
    "/api/admin/payments/:id/approve",
    staffRoute("Approve: the ledger is credited and the partner told", AdminPayment, {
      params: AdminIdParam,
    }),
    async (request) => payments.approve(userOf(request), request.params.id),
  );
  app.post(
    "/api/admin/payments/:id/reject",
    staffRoute("Reject with a reason the partner sees", AdminPayment, {
      params: AdminIdParam,
      body: RejectPaymentBody,
    }),
    async (request) => payments.reject(userOf(request), request.params.id, request.body.reason),
  );
};
