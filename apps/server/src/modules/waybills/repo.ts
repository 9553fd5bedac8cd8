import type { WAYBILL_SORTS } from "@portal/contracts";
import { WAYBILL_OPEN_STATUSES } from "@portal/domain";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, users, warehouses, waybillLog, waybills } from "../../db/schema";
import { allOf, type StaffListFilter } from "../../lib/admin";
import { orderByOf, searchWhere } from "../../lib/staff-list";

export type WaybillRow = typeof waybills.$inferSelect;

/** A request's current documents (a replaced one stays in the history, not among them). */
const documentsCount = sql<number>`(SELECT count(*)::int FROM waybill_log d WHERE d.waybill_id = "waybills"."id" AND d.file_path IS NOT NULL AND d.replaced_at IS NULL)`;
/** A document that is on its request now: uploaded, not replaced. */
const currentDocument = and(isNotNull(waybillLog.filePath), isNull(waybillLog.replacedAt));

export async function insert(db: DbOrTx, row: typeof waybills.$inferInsert): Promise<WaybillRow> {
  const [inserted] = await db.insert(waybills).values(row).onConflictDoNothing().returning();
  if (!inserted) throw new Error("waybill not written");
  return inserted;
}

export async function ofLoad(db: DbOrTx, loadId: number) {
  const rows = await db.select().from(waybills).where(eq(waybills.loadId, loadId)).limit(1);
  return rows[0] ?? null;
}

export async function lock(tx: DbOrTx, id: number) {
  const rows = await tx.select().from(waybills).where(eq(waybills.id, id)).for("update");
  return rows[0] ?? null;
}

export async function byId(db: DbOrTx, id: number): Promise<WaybillRow | null> {
  const rows = await db.select().from(waybills).where(eq(waybills.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function update(tx: DbOrTx, id: number, set: Partial<WaybillRow>) {
  await tx.update(waybills).set(set).where(eq(waybills.id, id));
}

export async function log(tx: DbOrTx, row: typeof waybillLog.$inferInsert): Promise<number> {
  const [written] = await tx.insert(waybillLog).values(row).returning({ id: waybillLog.id });
  if (!written) throw new Error("waybill log not written");
  return written.id;
}

/** A current document of the request by its path, locked (null: not one of its documents now). */
export async function lockCurrentDocument(tx: DbOrTx, waybillId: number, filePath: string) {
  const rows = await tx
    .select()
    .from(waybillLog)
    .where(and(eq(waybillLog.waybillId, waybillId), eq(waybillLog.filePath, filePath), currentDocument))
    .for("update");
  return rows[0] ?? null;
}

/** The document of log row `id` is replaced by the one of row `byId`; the row stays in the history. */
export async function markReplaced(tx: DbOrTx, id: number, byId: number, at: Date) {
  await tx.update(waybillLog).set({ replacedAt: at, replacedById: byId }).where(eq(waybillLog.id, id));
}

const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

/** The columns the desk sorts by, by the row's field names (WAYBILL_SORTS). */
const SORT_COLUMNS = {
  id: waybills.id,
  requestId: waybills.requestId,
  loadId: waybills.loadId,
  partnerName,
  status: waybills.status,
  transporter: waybills.transporter,
  awbNo: waybills.awbNo,
  checkpostName: waybills.checkpostName,
  whRequestDate: waybills.whRequestDate,
  invoiceValue: waybills.invoiceValue,
  totalQty: waybills.totalQty,
  closedAt: waybills.closedAt,
} satisfies Record<(typeof WAYBILL_SORTS)[number], unknown>;

export interface WaybillListFilter extends StaffListFilter {
  waiting?: "true" | "false" | undefined;
  q?: string | undefined;
  sort?: string | undefined;
}

/**
 * One page of waybill requests with their partner and number of documents, filtered (status, partner,
 * one id, `q` over the request id, load number, AWB, transporter, partner name and email) and sorted
 * (newest request first unless a column is asked for).
 */
export async function list(db: DbOrTx, f: WaybillListFilter) {
  const where = allOf(
    f.status !== undefined && eq(waybills.status, f.status),
    f.waiting === "true" && inArray(waybills.status, [...WAYBILL_OPEN_STATUSES]),
    f.userId !== undefined && eq(waybills.userId, f.userId),
    f.id !== undefined && eq(waybills.id, f.id),
    searchWhere(f.q, [
      waybills.requestId,
      sql`${waybills.loadId}::text`,
      waybills.awbNo,
      waybills.transporter,
      partnerName,
      users.email,
    ]),
  );
  const rows = await db
    .select({ row: waybills, user: users, documents: documentsCount })
    .from(waybills)
    .innerJoin(users, eq(users.id, waybills.userId))
    .where(where)
    .orderBy(
      ...orderByOf(f.sort, SORT_COLUMNS, [desc(waybills.whRequestDate), desc(waybills.id)], waybills.id),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(waybills)
    .innerJoin(users, eq(users.id, waybills.userId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The documents on a request now (not the replaced ones), oldest first. */
export function documentsOf(db: DbOrTx, waybillId: number) {
  return db
    .select()
    .from(waybillLog)
    .where(and(eq(waybillLog.waybillId, waybillId), currentDocument))
    .orderBy(asc(waybillLog.at), asc(waybillLog.id));
}

// ---- the partner's side ----

/** One page of the partner's waybill requests of a status, newest first, with their number of documents. */
export async function listOfPartner(
  db: DbOrTx,
  userId: number,
  status: string,
  page: { pageno: number; pagesize: number },
) {
  const where = and(eq(waybills.userId, userId), eq(waybills.status, status));
  const rows = await db
    .select({ row: waybills, documents: documentsCount, warehouseName: warehouses.name })
    .from(waybills)
    .innerJoin(warehouses, eq(warehouses.id, waybills.warehouseId))
    .where(where)
    .orderBy(desc(waybills.whRequestDate), desc(waybills.id))
    .limit(page.pagesize)
    .offset((page.pageno - 1) * page.pagesize);
  const [total] = await db.select({ n: count() }).from(waybills).where(where);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The partner's request with this request id (null: none, or someone else's). */
export async function ofPartner(db: DbOrTx, userId: number, requestId: string) {
  const rows = await db
    .select({ row: waybills, documents: documentsCount, warehouseName: warehouses.name })
    .from(waybills)
    .innerJoin(warehouses, eq(warehouses.id, waybills.warehouseId))
    .where(and(eq(waybills.userId, userId), eq(waybills.requestId, requestId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countOfStatus(db: DbOrTx, userId: number, status: string) {
  const [row] = await db
    .select({ n: count() })
    .from(waybills)
    .where(and(eq(waybills.userId, userId), eq(waybills.status, status)));
  return Number(row?.n ?? 0);
}

/** The history of a request, oldest first, with who acted. */
export function logOf(db: DbOrTx, waybillId: number) {
  return db
    .select({
      log: waybillLog,
      firstname: users.firstname,
      lastname: users.lastname,
      storeName: users.storeName,
    })
    .from(waybillLog)
    .leftJoin(users, eq(users.id, waybillLog.actionBy))
    .where(eq(waybillLog.waybillId, waybillId))
    .orderBy(asc(waybillLog.at), asc(waybillLog.id));
}

/** The owner of a stored document that is on its request now (null: no such document, or replaced). */
export async function ownerOfDocument(db: DbOrTx, filePath: string) {
  const rows = await db
    .select({ userId: waybills.userId })
    .from(waybillLog)
    .innerJoin(waybills, eq(waybills.id, waybillLog.waybillId))
    .where(and(eq(waybillLog.filePath, filePath), currentDocument))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Every transporter name the loads use, sorted. */
export async function transporters(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: loads.transporter })
    .from(loads)
    .where(isNotNull(loads.transporter))
    .orderBy(asc(loads.transporter));
  return rows.flatMap((r) => (r.name ? [r.name] : []));
}
