import { SR_WAITING_STATUSES } from "@portal/domain";
import { and, count, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { invoices, products, purchaseOrderLines, salesReturns, users, warehouses } from "../../db/schema";
import { allOf, type StaffListFilter } from "../../lib/admin";
import { orderByOf, searchWhere } from "../../lib/staff-list";

export type SalesReturnRow = typeof salesReturns.$inferSelect;

export async function insert(db: DbOrTx, row: typeof salesReturns.$inferInsert): Promise<SalesReturnRow> {
  const [inserted] = await db.insert(salesReturns).values(row).returning();
  if (!inserted) throw new Error("sales return not written");
  return inserted;
}

export async function lock(tx: DbOrTx, id: number) {
  const rows = await tx.select().from(salesReturns).where(eq(salesReturns.id, id)).for("update");
  return rows[0] ?? null;
}

export async function update(tx: DbOrTx, id: number, set: Partial<SalesReturnRow>) {
  await tx.update(salesReturns).set(set).where(eq(salesReturns.id, id));
}

/** The staff list's filters, a search and a sort over all rows. */
export interface SalesReturnListFilter extends StaffListFilter {
  waiting?: "true" | "false" | undefined;
  q?: string | undefined;
  sort?: string | undefined;
}

/** The partner's name as staff see it: the store's name, else the person's. */
const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

const sortColumns = {
  createdAt: salesReturns.createdAt,
  referenceId: salesReturns.referenceId,
  invoiceNumber: invoices.number,
  partnerName,
  status: salesReturns.status,
  invoiceDate: salesReturns.invoiceDate,
  amount: salesReturns.amount,
};

/**
 * One page of returns with their partner and invoice number, newest first unless sorted; `q` in the
 * SR reference, the invoice number, the AWB or the partner.
 */
export async function list(db: DbOrTx, f: SalesReturnListFilter) {
  const where = allOf(
    f.status !== undefined && eq(salesReturns.status, f.status),
    f.waiting === "true" && inArray(salesReturns.status, [...SR_WAITING_STATUSES]),
    f.userId !== undefined && eq(salesReturns.userId, f.userId),
    f.id !== undefined && eq(salesReturns.id, f.id),
    searchWhere(f.q, [
      salesReturns.referenceId,
      invoices.number,
      salesReturns.awb,
      partnerName,
      sql`${users.firstname} || ' ' || ${users.lastname}`,
      users.email,
    ]),
  );
  const rows = await db
    .select({ row: salesReturns, user: users, invoiceNumber: invoices.number })
    .from(salesReturns)
    .innerJoin(users, eq(users.id, salesReturns.userId))
    .leftJoin(invoices, eq(invoices.id, salesReturns.invoiceId))
    .where(where)
    .orderBy(
      ...orderByOf(
        f.sort,
        sortColumns,
        [desc(salesReturns.createdAt), desc(salesReturns.id)],
        salesReturns.id,
      ),
    )
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(salesReturns)
    .innerJoin(users, eq(users.id, salesReturns.userId))
    .leftJoin(invoices, eq(invoices.id, salesReturns.invoiceId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A partner's own sales returns, newest first, by invoice date range, status and warehouse. */
export interface PartnerSrFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  warehouseId?: number | undefined;
}

function partnerWhere(userId: number, f: PartnerSrFilter) {
  const where = [eq(salesReturns.userId, userId)];
  if (f.from) where.push(gte(salesReturns.invoiceDate, f.from));
  if (f.to) where.push(lte(salesReturns.invoiceDate, f.to));
  if (f.status) where.push(eq(salesReturns.status, f.status));
  if (f.warehouseId) where.push(eq(salesReturns.warehouseId, f.warehouseId));
  return and(...where);
}

/** One page of the partner's sales returns (newest invoice first). */
export async function ofPartner(
  db: DbOrTx,
  userId: number,
  f: PartnerSrFilter,
  page: { offset: number; limit: number },
) {
  return db
    .select({ sr: salesReturns, warehouseName: warehouses.name })
    .from(salesReturns)
    .innerJoin(warehouses, eq(warehouses.id, salesReturns.warehouseId))
    .where(partnerWhere(userId, f))
    .orderBy(desc(salesReturns.invoiceDate), desc(salesReturns.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** How many of the partner's sales returns the filter finds, their units and amount (every page). */
export async function partnerTotals(db: DbOrTx, userId: number, f: PartnerSrFilter) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      quantity: sql<string>`coalesce(sum((SELECT coalesce(sum((l->>'quantity')::int), 0) FROM jsonb_array_elements(${salesReturns.lines}) l)), 0)::text`,
      amount: sql<string>`coalesce(sum(${salesReturns.amount}), 0)::numeric(14,2)::text`,
    })
    .from(salesReturns)
    .where(partnerWhere(userId, f));
  return {
    count: Number(row?.count ?? 0),
    quantity: Number(row?.quantity ?? 0),
    amount: row?.amount ?? "0.00",
  };
}

/** One of the partner's own sales returns by its reference (another partner's is not found). */
export async function ownByReference(db: DbOrTx, userId: number, referenceId: string, lockIt = false) {
  const q = db
    .select({ sr: salesReturns, warehouseName: warehouses.name })
    .from(salesReturns)
    .innerJoin(warehouses, eq(warehouses.id, salesReturns.warehouseId))
    .where(and(eq(salesReturns.userId, userId), eq(salesReturns.referenceId, referenceId)));
  const rows = await (lockIt ? q.for("update", { of: salesReturns }) : q);
  return rows[0] ?? null;
}

export async function productNames(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function invoiceParties(db: DbOrTx, userId: number, warehouseId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [warehouse] = await db.select().from(warehouses).where(eq(warehouses.id, warehouseId));
  return { user, warehouse };
}

/** The next sales return id (its reference is made from it before the row is written). */
export async function nextId(tx: DbOrTx): Promise<number> {
  const result = await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('sales_returns', 'id'))::int AS id`,
  );
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
}

/** An invoice by id or number with its partner; locked when asked, so returns of it queue. */
export async function invoiceFor(tx: DbOrTx, by: { id: number } | { number: string }, lockIt = false) {
  const q = tx
    .select({ invoice: invoices, user: users })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where("id" in by ? eq(invoices.id, by.id) : eq(invoices.number, by.number));
  const rows = await (lockIt ? q.for("update", { of: invoices }) : q);
  return rows[0] ?? null;
}

/** The returns of an invoice that are not rejected (what is already returned), but `exceptId`. */
export async function returnsOfInvoice(tx: DbOrTx, invoiceId: number, exceptId?: number) {
  const where = [eq(salesReturns.invoiceId, invoiceId), ne(salesReturns.status, "Rejected")];
  if (exceptId !== undefined) where.push(ne(salesReturns.id, exceptId));
  return tx
    .select()
    .from(salesReturns)
    .where(and(...where));
}

/** The order lines behind invoice lines: MRP and GST rate by poid and product. */
export async function orderLines(tx: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return tx
    .select({
      poid: purchaseOrderLines.poid,
      productId: purchaseOrderLines.productId,
      mrp: purchaseOrderLines.mrp,
      gstRate: purchaseOrderLines.gstRate,
      deliveredQuantity: purchaseOrderLines.deliveredQuantity,
    })
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, [...new Set(poids)]));
}
