import {
  BroadcastAudience,
  BroadcastAudienceQuery,
  BroadcastBody,
  BroadcastConcepts,
  BroadcastResponse,
  type SentNotification,
  SentNotificationsQuery,
  SentNotificationsResponse,
} from "@portal/contracts";
import { formatDateTime, partnerDeskMessages as msg } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { staffRoute } from "../../lib/admin";
import { badRequest } from "../../lib/errors";
import { sendCsvPages } from "../../lib/staff-list";
import { userOf } from "../../plugins/access";
import { recordAudit } from "../audit/public";
import { conceptsOf, recipientIds } from "./audience";
import { broadcast } from "./outbox";
import { type SentFilter, sent } from "./repo";

const toSent = (r: Awaited<ReturnType<typeof sent>>["rows"][number]): SentNotification => ({
  id: r.n.id,
  userId: r.n.userId,
  partnerName: r.partnerName,
  partnerEmail: r.partnerEmail,
  title: r.n.title,
  message: r.n.message,
  target: r.n.target,
  createdAt: r.n.createdAt.toISOString(),
  readAt: r.n.readAt?.toISOString() ?? null,
});

const CSV_HEADER = ["Sent", "Partner", "Email", "Title", "Message", "Opens", "Read"] as const;
const csvCells = (n: SentNotification) => [
  formatDateTime(n.createdAt),
  n.partnerName,
  n.partnerEmail,
  n.title,
  n.message,
  n.target,
  n.readAt && formatDateTime(n.readAt),
];

/** Staff broadcast a notification to every partner or to one concept, knowing first how many it reaches. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    "/api/admin/notifications",
    staffRoute(
      "Every notification sent to partners: search (title, message, partner), read or not, sort over all rows, or every row as CSV (format=csv)",
      SentNotificationsResponse,
      { querystring: SentNotificationsQuery, produces: ["application/json", "text/csv"] },
    ),
    async (request, reply) => {
      const q: SentFilter = request.query;
      if (request.query.format === "csv")
        return sendCsvPages(
          reply,
          "notifications.csv",
          CSV_HEADER,
          async (page, pageSize) => (await sent(db, { ...q, page, pageSize })).rows.map(toSent),
          csvCells,
        );
      const { rows, total } = await sent(db, q);
      return { rows: rows.map(toSent), total };
    },
  );
  app.get(
    "/api/admin/notifications/concepts",
    staffRoute("The concepts active partners belong to, with how many each", BroadcastConcepts),
    async () => conceptsOf(db),
  );
  app.get(
    "/api/admin/notifications/recipients",
    staffRoute(
      "How many partners a broadcast would reach (every active partner, or one concept)",
      BroadcastAudience,
      {
        querystring: BroadcastAudienceQuery,
      },
    ),
    async (request) => ({ recipients: (await recipientIds(db, request.query.concept)).length }),
  );
  app.post(
    "/api/admin/notifications/broadcast",
    staffRoute(
      "Notify every partner, or those of one concept (any case); a broadcast that reaches no one is refused (400)",
      BroadcastResponse,
      { body: BroadcastBody },
    ),
    async (request) => {
      const at = now();
      const { concept } = request.body;
      const sent = await db.transaction(async (tx) => {
        const n = await broadcast(tx, { ...request.body, at });
        if (n === 0) throw badRequest(concept ? msg.unknownConcept(concept) : msg.noRecipients);
        await recordAudit(tx, {
          actorId: userOf(request).id,
          action: "notification.broadcast",
          entity: "notification",
          entityId: concept ?? "all",
          after: { ...request.body, sent: n },
          at,
        });
        return n;
      });
      return { sent };
    },
  );
};
