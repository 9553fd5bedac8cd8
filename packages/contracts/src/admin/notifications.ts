/** A notification broadcast to partners. */
import { z } from "zod";
import { text } from "../common";
import { DbId, listControls, Page, ShortText } from "./fields";

export const BroadcastBody = z.object({
  title: ShortText(120, "title"),
  message: ShortText(1000, "message", true),
  /** Web path the notification opens, e.g. /account/orderHistory. */
  target: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9/_\-?=&.]*$/, "target must be a path")
    .max(200)
    .default("/notifications"),
  /** Only partners of this concept; omitted: every partner. */
  concept: text("concept").trim().min(1).max(40).optional(),
});
export type BroadcastBody = z.infer<typeof BroadcastBody>;
export const BroadcastResponse = z.object({ sent: z.number() });

/** A concept partners belong to, with how many active partners a broadcast to it reaches. */
export const BroadcastConcept = z.object({ concept: z.string(), partners: z.number() });
export const BroadcastConcepts = z.array(BroadcastConcept);
export type BroadcastConcept = z.infer<typeof BroadcastConcept>;

/** Who a broadcast would reach: every active partner, or those of one concept. */
export const BroadcastAudienceQuery = z.object({
  concept: text("concept").trim().min(1).max(40).optional(),
});
export const BroadcastAudience = z.object({ recipients: z.number() });
export type BroadcastAudience = z.infer<typeof BroadcastAudience>;

/** The sent notifications list's sort columns (the row's field names). */
export const NOTIFICATION_SORTS = ["createdAt", "partnerName", "title", "readAt"] as const;
/** Every notification sent to partners: `q` searches the title, the message and the partner's name and email. */
export const SentNotificationsQuery = z.object({
  read: z.enum(["true", "false"]).optional(),
  userId: DbId.optional(),
  ...listControls(NOTIFICATION_SORTS),
  ...Page,
});
export type SentNotificationsQuery = z.infer<typeof SentNotificationsQuery>;
export const SentNotification = z.object({
  id: z.number(),
  userId: z.number(),
  partnerName: z.string(),
  partnerEmail: z.string(),
  title: z.string(),
  message: z.string(),
  target: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type SentNotification = z.infer<typeof SentNotification>;
export const SentNotificationsResponse = z.object({ rows: z.array(SentNotification), total: z.number() });
