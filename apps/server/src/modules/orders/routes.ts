import {
  ErrorResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKey,
  PlaceOrderBody,
  PlaceOrderFailure,
  PlaceOrderResponse,
  PoidParam,
  PurchaseOrder,
} from "@portal/contracts";
import { messages } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../lib/errors";
import { describeZodError, type Issue, readIssues } from "../../lib/validation";
import { userOf } from "../../plugins/access";
import type { OrdersService } from "./service";

const ADDRESS_KEYS = new Set(["shippingAddress", "billingAddress"]);

/** "shippingAddress.pincode must be 6 digits": the field named once. */
function describe(path: readonly string[], message: string): string {
  const field = path.join(".");
  const last = path.at(-1);
  if (!field) return message;
  if (/^Invalid input/.test(message) && ADDRESS_KEYS.has(field)) return `${field} is required`;
  if (last && message.startsWith(`${last} `)) return `${path.slice(0, -1).concat(message).join(".")}`;
  return `${field}: ${message}`;
}

/**
 * The reasons a placement body was refused, in the spec's words first: no warehouse order is
 * "Please select warehouse"; an incomplete or invalid address is "Please fill-up required fields"
 * followed by the fields; anything else names its field.
 */
export function describeOrderBodyProblems(validation: readonly Issue[]): string {
  const issues = readIssues(validation);
  if (issues.some((i) => i.path[0] === "orders" && i.path.length === 1)) return messages.selectWarehouse;
  const address = issues.filter((i) => ADDRESS_KEYS.has(i.path[0] ?? ""));
  const other = issues.filter((i) => !ADDRESS_KEYS.has(i.path[0] ?? ""));
  const parts: string[] = [];
  if (address.length > 0)
    parts.push(
      `${messages.fillRequiredFields}: ${address.map((i) => describe(i.path, i.message)).join(", ")}`,
    );
  parts.push(...other.map((i) => describe(i.path, i.message)));
  return parts.join("; ") || "The order is not valid";
}

const errors = { 401: ErrorResponse, 403: ErrorResponse };

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    "/api/order",
    {
      config: { access: "user" },
      // Refused bodies are described in the spec's words (see describeOrderBodyProblems).
      attachValidation: true,
      preValidation: async (request) => orders.assertMayOrder(userOf(request)),
      schema: {
        tags: ["orders"],
        summary: "Place the selected warehouse orders (needs canOrder and an Idempotency-Key header)",
        description:
          "One purchase order per warehouse and stock type, priced and taxed by the server (the client's prices are ignored). " +
          "Each warehouse order is all or nothing: stock is taken in the same transaction, and a line that cannot be filled refuses that warehouse's order (status 400 in `result`) and writes nothing. " +
          "Answers 200 when at least one order was placed, else 400 with `message` and `result`. " +
          "The same Idempotency-Key again returns the first answer (header `idempotent-replayed: true`) and creates nothing; with a different body it is refused (422).",
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.describe(
            "A new random key per order attempt (8 to 100 of A-Z a-z 0-9 - _); the same key when retrying it",
          ),
        }),
        body: PlaceOrderBody,
        response: {
          200: PlaceOrderResponse,
          400: PlaceOrderFailure,
          409: ErrorResponse,
          422: ErrorResponse,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const key = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw badRequest(describeZodError(key.error));
      if (request.validationError) {
        const validation = (request.validationError as { validation?: Issue[] }).validation ?? [];
        throw badRequest(describeOrderBodyProblems(validation));
      }
      const user = userOf(request);
      const outcome = await orders.place(user, await request.viewer(), key.data, request.body);
      if (outcome.replayed) reply.header("idempotent-replayed", "true");
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  app.get(
    "/api/order/:poid",
    {
      config: { access: "user" },
      schema: {
        tags: ["orders"],
        summary: "One of the caller's purchase orders with its lines (another partner's is 404)",
        params: PoidParam,
        response: { 200: PurchaseOrder, 400: ErrorResponse, 404: ErrorResponse, ...errors },
      },
    },
    async (request) => orders.get(userOf(request), request.params.poid),
  );
};
