import {
  EmailsByMobileResponse,
  ErrorResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  KioskConfirmQuery,
  KioskCustomer,
  KioskGuestLoginBody,
  KioskGuestLoginResponse,
  KioskIdQuery,
  KioskOrder,
  KioskOrderList,
  KioskOrderListQuery,
  KioskPlaceBody,
  KioskReceipt,
  KioskTrack,
  MobileBody,
  ReceiptNotReady as ReceiptNotReadyBody,
  RegisterCustomerBody,
  SaveDetailsBody,
} from "@portal/contracts";
import { KIOSK_RECEIPT_NOT_READY_CODE } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/errors";
import { routeOptions } from "../../lib/route-options";
import { describeZodError } from "../../lib/validation";
import { userOf } from "../../plugins/access";
import { type KioskService, ReceiptNotReady } from "./service";

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const route = routeOptions({ access: "user" as const }, ["kiosk"], errors);

/** Kiosk stores: guest sign-in, customers by mobile, in-store orders and their receipts (kiosk stores only: others 403). */
export const kioskRoutes: FastifyPluginAsyncZod<{ kiosk: KioskService }> = async (app, { kiosk }) => {
  app.post(
    "/api/kajukatli/KioskGuestLogin",
    {
      config: { access: "user" },
      schema: {
        tags: ["kiosk"],
        summary: "Kiosk store: sign a walk-in customer in as a guest",
        body: KioskGuestLoginBody,
        response: {
          200: KioskGuestLoginResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
        },
      },
    },
    async (request) => kiosk.guestLogin(userOf(request), request.body.MobileNo, request.body.firstName),
  );

  app.post(
    "/api/kajukatli/getEmailsByMobile",
    route("The store's customer with this mobile number, and their email", EmailsByMobileResponse, {
      body: MobileBody,
    }),
    async (request) => kiosk.emailsByMobile(userOf(request), request.body.MobileNo),
  );
  app.post(
    "/api/kajukatli/registerUser",
    route("Register a walk-in customer (mobile, first and last name, date of birth, email)", KioskCustomer, {
      body: RegisterCustomerBody,
    }),
    async (request) => kiosk.register(userOf(request), request.body),
  );
  app.post(
    "/api/kajukatli/saveDetails",
    route("Save a registered customer's name and date of birth", KioskCustomer, { body: SaveDetailsBody }),
    async (request) => kiosk.saveDetails(userOf(request), request.body),
  );
  app.post(
    "/api/kajukatli/placeOrder",
    {
      ...route(
        "Place a kiosk order for a customer: catalogue products (placed as purchase orders of source Kiosk, shipped to the store) and gift vouchers (100, 250, 500, 1000, 2000), paid at the store counter",
        KioskOrder,
        {
          description:
            'Needs an Idempotency-Key header like POST /api/order. Refused over the kiosk debit limit ("Your Debit Balance is Greater than 5000"). All or nothing.',
          headers: z.looseObject({
            [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.describe("A new random key per order attempt"),
          }),
          body: KioskPlaceBody,
        },
      ),
      preValidation: async (request) => {
        kiosk.assertKiosk(userOf(request));
        const key = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
        if (!key.success) throw badRequest(describeZodError(key.error));
      },
    },
    async (request) => {
      const key = IdempotencyKey.parse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const user = userOf(request);
      return kiosk.place(user, await request.viewer(), key, request.body);
    },
  );
  app.get(
    "/api/kajukatli/getOrderList",
    route(
      "The store's kiosk orders of a status (Pending, Confirmed, Cancelled), newest first",
      KioskOrderList,
      {
        querystring: KioskOrderListQuery,
      },
    ),
    async (request) => kiosk.list(userOf(request), request.query.status),
  );
  app.get(
    "/api/kajukatli/cancelOrder",
    route("Cancel a Pending kiosk order (its purchase orders are cancelled, stock goes back)", KioskOrder, {
      querystring: KioskIdQuery,
    }),
    async (request) => kiosk.cancel(userOf(request), request.query.id),
  );
  app.get(
    "/api/kajukatli/confirmOrder",
    route("The customer's acknowledgement: a Pending kiosk order becomes Confirmed", KioskOrder, {
      querystring: KioskConfirmQuery,
    }),
    async (request) => kiosk.confirm(userOf(request), request.query.POID, request.query.id),
  );
  app.get(
    "/api/kajukatli/getReceipt",
    {
      ...route(
        "The receipt of a confirmed kiosk order; 422 with code 740 while it is not ready",
        KioskReceipt,
        {
          querystring: KioskIdQuery,
        },
      ),
      schema: {
        tags: ["kiosk"],
        summary: "The receipt of a confirmed kiosk order; 422 with code 740 while it is not ready",
        description: "Times are India's clock written as UTC: shift them back 5 h 30 min to show them.",
        querystring: KioskIdQuery,
        response: { 200: KioskReceipt, 422: ReceiptNotReadyBody, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return await kiosk.receipt(userOf(request), request.query.id);
      } catch (error) {
        if (!(error instanceof ReceiptNotReady)) throw error;
        return reply.code(422).send({ message: error.message, code: KIOSK_RECEIPT_NOT_READY_CODE });
      }
    },
  );
  app.get(
    "/api/kajukatli/getTrackOrder",
    route("Where a kiosk order is: its steps and its purchase orders", KioskTrack, {
      querystring: KioskIdQuery,
    }),
    async (request) => kiosk.track(userOf(request), request.query.id),
  );
};
