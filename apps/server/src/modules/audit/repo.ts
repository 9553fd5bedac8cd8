import type { AuditQuery } from "@portal/contracts";
import { indiaDayEnd, indiaDayStart } from "@portal/domain";
import { asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { allOf } from "../../lib/admin";
import { likePattern, orderByOf } from "../../lib/staff-list";

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  at: Date;
  /** The store member who acted when a partner's member did (actorId is then the store). */
  actorMemberId?: number | null;
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
    actorMemberId: entry.actorMemberId ?? null,
  });
}

export type AuditFilter = Omit<AuditQuery, "page" | "pageSize" | "format">;

/** The audit list's sort keys (the row's field names) and what each sorts by. */
const SORT_COLUMNS = {
  at: auditLog.at,
  actorEmail: users.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
};

const conditionOf = (f: AuditFilter) =>
  allOf(
    !!f.entity && eq(auditLog.entity, f.entity),
    !!f.entityId && eq(auditLog.entityId, f.entityId),
    !!f.actorId && eq(auditLog.actorId, f.actorId),
    !!f.from && gte(auditLog.at, indiaDayStart(f.from)),
    !!f.to && lt(auditLog.at, indiaDayEnd(f.to)),
    searchOf(f.q),
  );

/**
 * Entries whose entity id, action or actor's email contains `q`: one IN over the union of the three
 * look-ups, each through its own index (0030), rather than an OR tested entry by entry.
 */
function searchOf(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return sql`${auditLog.id} IN (
    SELECT ${auditLog.id} FROM ${auditLog} WHERE ${auditLog.entityId} ILIKE ${pattern}
    UNION ALL
    SELECT ${auditLog.id} FROM ${auditLog} WHERE ${auditLog.action} ILIKE ${pattern}
    UNION ALL
    SELECT ${auditLog.id} FROM ${auditLog} WHERE ${auditLog.actorId} IN (
      SELECT ${users.id} FROM ${users} WHERE ${users.email} ILIKE ${pattern}))`;
}

/** One page of staff actions with the actor's email, newest first unless `sort` names a column. */
export function rows(db: DbOrTx, f: AuditFilter, page: { page: number; pageSize: number }) {
  return db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditionOf(f))
    .orderBy(...orderByOf(f.sort, SORT_COLUMNS, [desc(auditLog.at), desc(auditLog.id)], auditLog.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

export async function list(db: DbOrTx, f: AuditFilter & { page: number; pageSize: number }) {
  const [total] = await db.select({ n: count() }).from(auditLog).where(conditionOf(f));
  return { rows: await rows(db, f, f), total: Number(total?.n ?? 0) };
}

/** The entity kinds recorded and the staff who acted, for the audit list's filters. */
export async function filterChoices(db: DbOrTx) {
  const entities = await db
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(asc(auditLog.entity));
  const actors = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`EXISTS (SELECT 1 FROM ${auditLog} WHERE ${auditLog.actorId} = ${users.id})`)
    .orderBy(asc(users.email));
  return { entities: entities.map((e) => e.entity), actors };
}
