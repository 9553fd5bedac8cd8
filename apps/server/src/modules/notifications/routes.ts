import {
  ErrorResponse,
  MessageResponse,
  NotificationIdParam,
  NotificationsResponse,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userOf } from "../../plugins/access";
import type { NotificationsService } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    "/api/notifications",
    {
      config: { access: "user" },
      schema: {
        tags: ["notifications"],
        summary: "The caller's unread notifications",
        response: { 200: NotificationsResponse, ...errors },
      },
    },
    async (request) => notifications.unread(userOf(request)),
  );

  app.put(
    "/api/notifications/:id",
    {
      config: { access: "user" },
      schema: {
        tags: ["notifications"],
        summary: "Mark a notification read",
        params: NotificationIdParam,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await notifications.markRead(userOf(request), request.params.id);
      return { message: "Notification marked as read" };
    },
  );
};
