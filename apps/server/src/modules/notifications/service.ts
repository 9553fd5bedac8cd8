import type { Notification } from "@portal/contracts";
import { messages } from "@portal/domain";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import * as repo from "./repo";

export function createNotificationsService(deps: { db: Db }) {
  return {
    async unread(userId: number): Promise<Notification[]> {
      const rows = await repo.unreadOf(deps.db, userId);
      return rows.map((n) => ({
        id: n.id,
        title: n.title,
        message: n.message,
        target: n.target,
        createdAt: n.createdAt.toISOString(),
      }));
    },
    /** Another user's notification answers 404, as a missing one does. */
    async markRead(userId: number, id: number): Promise<void> {
      if (!(await repo.markRead(deps.db, userId, id, new Date())))
        throw notFound(messages.notificationNotFound);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
