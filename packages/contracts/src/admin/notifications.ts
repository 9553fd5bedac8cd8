/** A notification broadcast to partners. */
import { z } from "zod";
import { text } from "../common";
import { ShortText } from "./fields";

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
