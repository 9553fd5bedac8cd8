import { and, asc, count, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { franchises, invoices, purchaseOrderLines, purchaseOrders, users, warehouses } from "../../db/schema";
import { allOf } from "../../lib/admin";
import { likePattern, orderByOf, searchWhere } from "../../lib/staff-list";

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * Takes the next number of a series (issuing company, warehouse, financial year, document type) and
 * answers it with the series' latest date, this day included. The counter row stays locked until the
 * calling transaction ends, so concurrent postings queue here; a rollback gives the number back. No
 * number is skipped or repeated.
 */
export async function nextDocumentNumber(
  tx: DbOrTx,
  s: { companyGstin: string; warehouseId: number; financialYear: string; documentType: string; day: string },
): Promise<{ seq: number; lastDay: string }> {
  const result = await tx.execute(sql`
    INSERT INTO document_counters (company_gstin, warehouse_id, financial_year, document_type, last_number, last_day)
    VALUES (${s.companyGstin}, ${s.warehouseId}, ${s.financialYear}, ${s.documentType}, 1, ${s.day})
    ON CONFLICT (company_gstin, warehouse_id, financial_year, document_type) DO UPDATE
      SET last_number = document_counters.last_number + 1,
          last_day = GREATEST(document_counters.last_day, EXCLUDED.last_day)
    RETURNING last_number, last_day::text AS last_day`);
  const row = (result as unknown as { rows: { last_number: number; last_day: string }[] }).rows[0];
  return { seq: Number(row?.last_number), lastDay: String(row?.last_day) };
}

/**
 * Gives back the number just taken when the document it was taken for was not written (a posting
 * already made): the counter row is still locked by this transaction, so no later number exists.
 */
export async function giveBackDocumentNumber(
  tx: DbOrTx,
  s: { companyGstin: string; warehouseId: number; financialYear: string; documentType: string },
  seq: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE document_counters SET last_number = last_number - 1
    WHERE company_gstin = ${s.companyGstin} AND warehouse_id = ${s.warehouseId}
      AND financial_year = ${s.financialYear} AND document_type = ${s.documentType} AND last_number = ${seq}`);
}

export async function insert(tx: DbOrTx, row: NewInvoice): Promise<InvoiceRow> {
  const [inserted] = await tx.insert(invoices).values(row).returning();
  if (!inserted) throw new Error("invoice not written");
  return inserted;
}

/** Orders (with their lines, partner, franchise and warehouse) the invoice is built from. */
export async function ordersWithLines(tx: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  const orders = await tx
    .select({ order: purchaseOrders, user: users, franchise: franchises, warehouse: warehouses })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.userId))
    .leftJoin(franchises, eq(franchises.id, users.franchiseId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .where(inArray(purchaseOrders.poid, [...poids]))
    .orderBy(asc(purchaseOrders.poid));
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, [...poids]))
    .orderBy(asc(purchaseOrderLines.poid), asc(purchaseOrderLines.id));
  return orders.map((o) => ({ ...o, lines: lines.filter((l) => l.poid === o.order.poid) }));
}

export async function byId(db: DbOrTx, id: number) {
  const rows = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The invoices of `numbers` issued on or after `since` (yyyy-MM-dd), in number order. */
export async function byNumbersIssuedSince(db: DbOrTx, numbers: readonly string[], since: string) {
  if (numbers.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.number, [...numbers]), gte(invoices.issuedOn, since)))
    .orderBy(asc(invoices.number));
}

export async function ofOrders(db: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.poid, [...poids]));
}

export async function ofLoads(db: DbOrTx, loadIds: readonly number[]) {
  if (loadIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.loadId, [...loadIds]));
}

/** The invoices desk's filters: partner, kind, warehouse, issue days (both included), a search; paged and sorted. */
export interface InvoiceListFilter {
  userId?: number | undefined;
  kind?: string | undefined;
  warehouseId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  page: number;
  pageSize: number;
}

/** The partner's name as staff see it: the store's name, else the person's. */
const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

const sortColumns = {
  issuedOn: invoices.issuedOn,
  number: invoices.number,
  kind: invoices.kind,
  partnerName,
  warehouseName: warehouses.name,
  poid: invoices.poid,
  loadId: invoices.loadId,
  total: invoices.total,
};

/** `q` in the number, the proforma's order, an order of the tax invoice's load, or the partner's name or email. */
function searchOf(q: string | undefined) {
  const names = searchWhere(q, [
    invoices.number,
    invoices.poid,
    partnerName,
    sql`${users.firstname} || ' ' || ${users.lastname}`,
    users.email,
  ]);
  if (!names || !q) return undefined;
  return or(
    names,
    sql`EXISTS (SELECT 1 FROM ${purchaseOrders} WHERE ${purchaseOrders.loadId} = ${invoices.loadId}
        AND ${purchaseOrders.poid} ILIKE ${likePattern(q.trim())})`,
  );
}

export async function list(db: DbOrTx, f: InvoiceListFilter) {
  const condition = allOf(
    f.userId !== undefined && eq(invoices.userId, f.userId),
    f.kind !== undefined && eq(invoices.kind, f.kind),
    f.warehouseId !== undefined && eq(invoices.warehouseId, f.warehouseId),
    f.from !== undefined && gte(invoices.issuedOn, f.from),
    f.to !== undefined && lte(invoices.issuedOn, f.to),
    searchOf(f.q),
  );
  const rows = await db
    .select({ invoice: invoices, user: users, warehouseName: warehouses.name })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .innerJoin(warehouses, eq(warehouses.id, invoices.warehouseId))
    .where(condition)
    .orderBy(...orderByOf(f.sort, sortColumns, [desc(invoices.issuedOn), desc(invoices.id)], invoices.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .innerJoin(warehouses, eq(warehouses.id, invoices.warehouseId))
    .where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The warehouses that issued invoices, by name: the desk's warehouse filter. */
export async function invoicingWarehouses(db: DbOrTx) {
  return db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.warehouseId} = ${warehouses.id})`)
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}
