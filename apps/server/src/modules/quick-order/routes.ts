import {
  ErrorResponse,
  QuickOrderAddBody,
  QuickOrderAddResponse,
  QuickOrderResolveBody,
  QuickOrderResolveResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { QuickOrderService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const user = { access: "user" as const };
const tags = ["quick order"];

/** The quick order pad: rows resolved in one batch, and the buyable ones added through the cart's rules. */
export const quickOrderRoutes: FastifyPluginAsyncZod<{ quickOrder: QuickOrderService }> = async (
  app,
  { quickOrder },
) => {
  app.post(
    "/api/quickOrder/resolve",
    {
      config: user,
      schema: {
        tags,
        summary:
          "Each pad row (product id, EAN or style code, quantity) as the caller may buy it, or why not, with alternatives",
        body: QuickOrderResolveBody,
        response: { 200: QuickOrderResolveResponse, ...errors },
      },
    },
    async (request) =>
      quickOrder.resolve({ user: userOf(request), viewer: await request.viewer() }, request.body),
  );

  app.post(
    "/api/quickOrder/addToCart",
    {
      config: user,
      schema: {
        tags,
        summary: "Add the pad's buyable rows to the cart through the cart's rules; each row's outcome",
        body: QuickOrderAddBody,
        response: { 200: QuickOrderAddResponse, ...errors },
      },
    },
    async (request) =>
      quickOrder.addToCart({ user: userOf(request), viewer: await request.viewer() }, request.body),
  );
};
