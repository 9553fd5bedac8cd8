import {
  AdminIdParam,
  AdminPayment,
  AdminPaymentsResponse,
  ApprovePaymentBody,
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  PaymentConfirmation,
  PaymentConfirmationsResponse,
  PaymentIdParam,
  PaymentsQuery,
  PendingPaymentsQuery,
  PendingPaymentsResponse,
  RejectPaymentBody,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminErrors, staffRoute } from "../../lib/admin";
import { refuseInvalid } from "../../lib/spec-validation";
import { userOf } from "../../plugins/access";
import type { PaymentsService } from "./service";

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    "/api/payment/processConfirmPayment",
    {
      config: { access: "user" },
      attachValidation: true,
      schema: {
        tags: ["payments"],
        summary:
          "A partner confirms a payment of their pending orders; it waits for accounts staff, the ledger credits on approval",
        body: ConfirmPaymentBody,
        response: { 200: ConfirmPaymentResponse, ...adminErrors },
      },
    },
    async (request) => {
      refuseInvalid(request);
      const user = userOf(request);
      return payments.confirm(user.id, request.body, undefined, user.member?.id ?? null);
    },
  );
  app.get(
    "/api/payment/pending",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary:
          "What the ledger says is owed on a ledger account (accountId 1 or 2): invoices (goods, shipping charge and its tax) and debit notes less approved payments, credit notes and confirmations waiting for approval; open documents oldest first (credits settle the oldest first) and the orders of the open invoices",
        querystring: PendingPaymentsQuery,
        response: { 200: PendingPaymentsResponse, ...adminErrors },
      },
    },
    async (request) => payments.pending(userOf(request).id, request.query.accountId),
  );
  app.get(
    "/api/payment/confirmations",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary: "The partner's own payment confirmations: waiting, approved, or rejected with the reason",
        response: { 200: PaymentConfirmationsResponse, ...adminErrors },
      },
    },
    async (request) => payments.confirmations(userOf(request).id),
  );
  app.get(
    "/api/payment/confirmations/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["payments"],
        summary: "One of the partner's own confirmations (another partner's: 404)",
        params: PaymentIdParam,
        response: { 200: PaymentConfirmation, ...adminErrors },
      },
    },
    async (request) => payments.confirmation(userOf(request).id, request.params.id),
  );
  app.get(
    "/api/admin/payments",
    staffRoute(
      "Payment confirmations: q searches the reference (UTR), the orders and the partner's name and email; sort is a column (-column descending); format=csv answers every matching row as CSV",
      AdminPaymentsResponse,
      { querystring: PaymentsQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) =>
      request.query.format === "csv" ? payments.csv(reply, request.query) : payments.list(request.query),
  );
  app.post(
    "/api/admin/payments/:id/approve",
    staffRoute(
      "Approve the amount received (default: the amount claimed; never more): the ledger is credited with it, the audit keeps both figures, and the partner is told",
      AdminPayment,
      { params: AdminIdParam, body: ApprovePaymentBody },
    ),
    async (request) => payments.approve(userOf(request), request.params.id, undefined, request.body ?? {}),
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
