import {
  EmailsByMobileResponse,
  ErrorResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  KioskCancelQuery,
  KioskConfirmQuery,
  KioskCustomer,
  KioskGuestLoginBody,
  KioskGuestLoginResponse,
  KioskIdQuery,
  KioskInvoice,
  KioskMail,
  KioskMailBody,
  KioskOrder,
  KioskOrderList,
  KioskOrderListQuery,
  KioskOrderMails,
  KioskPlaceBody,
  KioskProductSearch,
  KioskProductSearchQuery,
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
import { pdfFile, sendPdf } from "../../lib/send-pdf";
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
    route(
      "Cancel a Pending kiosk order whose goods have not left the warehouse: its purchase orders are cancelled (stock goes back) and what the customer paid is recorded as refunded",
      KioskOrder,
      {
        description:
          "refundMode (Cash, Card, UPI) is how the money is paid back, by default the mode the customer paid by. An order on its way or delivered, or not Pending, is refused with 409 and one message saying why.",
        querystring: KioskCancelQuery,
      },
    ),
    async (request) =>
      kiosk.cancel(userOf(request), request.query.id, {
        mode: request.query.refundMode,
        reference: request.query.refundReference,
      }),
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
  app.get(
    "/api/kajukatli/getReceipt/pdf",
    {
      config: { access: "user" as const },
      schema: {
        tags: ["kiosk"],
        summary: "The receipt of a confirmed kiosk order as PDF; 422 with code 740 while it is not ready",
        querystring: KioskIdQuery,
        produces: ["application/pdf"],
        response: { 200: pdfFile, 422: ReceiptNotReadyBody, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const { name, pdf } = await kiosk.receiptPdf(userOf(request), request.query.id);
        return sendPdf(reply, name, pdf);
      } catch (error) {
        if (!(error instanceof ReceiptNotReady)) throw error;
        return reply.code(422).send({ message: error.message, code: KIOSK_RECEIPT_NOT_READY_CODE });
      }
    },
  );
  app.get(
    "/api/kajukatli/getInvoice",
    route(
      "The GST invoice of a confirmed kiosk order: its lines by the tax engine and its totals (taxable, CGST/SGST or IGST, total)",
      KioskInvoice,
      { querystring: KioskIdQuery },
    ),
    async (request) => kiosk.invoice(userOf(request), request.query.id),
  );
  app.get(
    "/api/kajukatli/getInvoice/pdf",
    route("The GST invoice of a confirmed kiosk order as PDF", pdfFile, {
      querystring: KioskIdQuery,
      produces: ["application/pdf"],
    }),
    async (request, reply) => {
      const { name, pdf } = await kiosk.invoicePdf(userOf(request), request.query.id);
      return sendPdf(reply, name, pdf);
    },
  );
  app.post(
    "/api/kajukatli/resendLink",
    route(
      "Mail the customer the acknowledgement link of a Pending kiosk order again (through the outbox)",
      KioskMail,
      {
        description:
          "email, when given, is kept as the customer's address; without it the address on record is used (none: 400).",
        body: KioskMailBody,
      },
    ),
    async (request) => kiosk.resendLink(userOf(request), request.body.id, request.body.email),
  );
  app.post(
    "/api/kajukatli/emailReceipt",
    route(
      "Mail the customer the receipt of a confirmed kiosk order, its PDF attached (through the outbox)",
      KioskMail,
      {
        description:
          "email, when given, is kept as the customer's address; without it the address on record is used (none: 400).",
        body: KioskMailBody,
      },
    ),
    async (request) => kiosk.emailReceipt(userOf(request), request.body.id, request.body.email),
  );
  app.get(
    "/api/kajukatli/getOrderMails",
    route(
      "The customer's address and the mails sent to them about a kiosk order, newest first",
      KioskOrderMails,
      {
        querystring: KioskIdQuery,
      },
    ),
    async (request) => kiosk.mails(userOf(request), request.query.id),
  );
  app.get(
    "/api/kajukatli/searchProducts",
    route(
      "Type-ahead products for a kiosk order: by name, by id or by a scanned EAN-13 barcode; only products the store may order, with their MRP and stock",
      KioskProductSearch,
      { querystring: KioskProductSearchQuery },
    ),
    async (request) => ({
      hits: await kiosk.searchProducts(userOf(request), await request.viewer(), request.query.q),
    }),
  );
};
