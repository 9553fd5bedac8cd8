import { ErrorResponse, KioskGuestLoginBody, KioskGuestLoginResponse } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { KioskService } from "./service";

export const kioskRoutes: FastifyPluginAsyncZod<{ kiosk: KioskService }> = async (app, { kiosk }) => {
  app.post(
    "/api/kajukatli/KioskGuestLogin",
    {
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
};
