/** The audit trail. */
import { z } from "zod";
import { calendarDay, text } from "../common";
import { DbId, listControls, Page } from "./fields";

/** The audit list's sortable columns: the row's field names. */
export const AUDIT_SORTS = ["at", "actorEmail", "action", "entity", "entityId"] as const;

export const AuditQuery = z.object({
  entity: text("entity").trim().max(40).optional(),
  entityId: text("entityId").trim().max(40).optional(),
  actorId: DbId.optional(),
  /** India days, both included. */
  from: calendarDay("from").optional(),
  to: calendarDay("to").optional(),
  ...listControls(AUDIT_SORTS),
  ...Page,
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditRow = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
  /** When a store's member acted (issue 30): "Bhavna Iyer (Buyer) for Kids Corner"; else absent. */
  actorName: z.string().nullable().optional(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditResponse = z.object({ rows: z.array(AuditRow), total: z.number() });

/** What the audit list's filters offer, from the database: the entity kinds and the staff who acted. */
export const AuditFilterChoices = z.object({
  entities: z.array(z.string()),
  actors: z.array(z.object({ id: z.number(), email: z.string() })),
});
export type AuditFilterChoices = z.infer<typeof AuditFilterChoices>;
