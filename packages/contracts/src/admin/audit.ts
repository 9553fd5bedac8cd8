/** The audit trail. */
import { z } from "zod";
import { text } from "../common";
import { DbId, Page } from "./fields";

export const AuditQuery = z.object({
  entity: text("entity").trim().max(40).optional(),
  entityId: text("entityId").trim().max(40).optional(),
  actorId: DbId.optional(),
  ...Page,
});
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
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditResponse = z.object({ rows: z.array(AuditRow), total: z.number() });
