import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog, users } from "../../db/schema";

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export async function record(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}

export async function list(
  db: DbOrTx,
  filter: { entity?: string; entityId?: string; actorId?: number; page: number; pageSize: number },
) {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}
