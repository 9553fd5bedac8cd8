import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { franchises, invoices, purchaseOrderLines, purchaseOrders, users, warehouses } from "../../db/schema";

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

export async function list(
  db: DbOrTx,
  f: { userId?: number | undefined; kind?: string | undefined; page: number; pageSize: number },
) {
  const where: SQL[] = [];
  if (f.userId) where.push(eq(invoices.userId, f.userId));
  if (f.kind) where.push(eq(invoices.kind, f.kind));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(invoices)
    .where(condition)
    .orderBy(desc(invoices.issuedOn), desc(invoices.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(invoices).where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}
