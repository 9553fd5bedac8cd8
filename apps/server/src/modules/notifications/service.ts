import type { Notification } from "@portal/contracts";
import { messages } from "@portal/domain";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { SessionUser } from "../auth/public";
import * as repo from "./repo";

/** Who reads: the store (its user id) and, for a member's session, the member. */
type Reader = Pick<SessionUser, "id" | "member">;

export function createNotificationsService(deps: { db: Db }) {
  return {
    /** The unread notifications the caller sees (the store's, less those for someone else of it). */
    async unread(caller: Reader): Promise<Notification[]> {
      const rows = await repo.unreadOf(deps.db, caller.id, caller.member?.id ?? null);
      return rows.map((n) => ({
        id: n.id,
        title: n.title,
        message: n.message,
        target: n.target,
        createdAt: n.createdAt.toISOString(),
      }));
    },
    /** Another user's notification (or one for someone else of the store) answers 404, as a missing one does. */
    async markRead(caller: Reader, id: number): Promise<void> {
      if (!(await repo.markRead(deps.db, caller.id, caller.member?.id ?? null, id, new Date())))
        throw notFound(messages.notificationNotFound);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
