import { BroadcastBody, BroadcastResponse, ErrorResponse } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { userOf } from "../../plugins/access";
import { recordAudit } from "../audit/public";
import { broadcast } from "./outbox";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/** Staff broadcast a notification to every partner or to one concept. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.post(
    "/api/admin/notifications/broadcast",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Notify every partner, or those of one concept",
        body: BroadcastBody,
        response: { 200: BroadcastResponse, ...errors },
      },
    },
    async (request) => {
      const at = now();
      const sent = await db.transaction(async (tx) => {
        const n = await broadcast(tx, { ...request.body, at });
        await recordAudit(tx, {
          actorId: userOf(request).id,
          action: "notification.broadcast",
          entity: "notification",
          entityId: request.body.concept ?? "all",
          after: { ...request.body, sent: n },
          at,
        });
        return n;
      });
      return { sent };
    },
  );
};
