import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { invoices, payments, purchaseOrderLines, purchaseOrders, users } from "../../db/schema";
import { allOf, type StaffListFilter } from "../../lib/admin";
import { orderByOf, searchWhere } from "../../lib/staff-list";

export type PaymentRow = typeof payments.$inferSelect;

export async function insert(db: DbOrTx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  if (!inserted) throw new Error("payment not written");
  return inserted;
}

export async function lock(tx: DbOrTx, id: number) {
  const rows = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
  return rows[0] ?? null;
}

export async function decide(tx: DbOrTx, id: number, set: Partial<PaymentRow>) {
  await tx.update(payments).set(set).where(eq(payments.id, id));
}

/** The partner's own orders among `poids`. */
export async function ownOrders(db: DbOrTx, userId: number, poids: readonly string[]) {
  return db
    .select({ poid: purchaseOrders.poid })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.userId, userId), inArray(purchaseOrders.poid, [...poids])));
}

/** The staff list's filters, a search and a sort over all rows. */
export interface PaymentListFilter extends StaffListFilter {
  q?: string | undefined;
  sort?: string | undefined;
}

/** The partner's name as staff see it: the store's name, else the person's. */
const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

const sortColumns = {
  submittedAt: payments.submittedAt,
  referenceId: payments.referenceId,
  partnerName,
  status: payments.status,
  totalAmountPaid: payments.totalAmountPaid,
  amountReceived: payments.amountReceived,
  totalAmountPayable: payments.totalAmountPayable,
  decidedAt: payments.decidedAt,
};

/** One page of confirmations with their partner, newest first unless sorted; `q` in the reference (UTR), orders or partner. */
export async function list(db: DbOrTx, f: PaymentListFilter) {
  const where = allOf(
    f.status !== undefined && eq(payments.status, f.status),
    f.userId !== undefined && eq(payments.userId, f.userId),
    f.id !== undefined && eq(payments.id, f.id),
    searchWhere(f.q, [
      payments.referenceId,
      sql`array_to_string(${payments.orders}, ' ')`,
      partnerName,
      sql`${users.firstname} || ' ' || ${users.lastname}`,
      users.email,
    ]),
  );
  const rows = await db
    .select({ row: payments, user: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .orderBy(...orderByOf(f.sort, sortColumns, [desc(payments.submittedAt), desc(payments.id)], payments.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The orders of the tax invoices `invoiceIds` (their load's orders), each with what it was invoiced
 * for: shipped units at their price plus its shipping charge. Ordered by invoice, then order.
 */
export async function ordersOfInvoices(db: DbOrTx, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT i.id AS invoice_id, po.poid, po.created_at, po.status, po.warehouse_id,
           (coalesce(sum(l.quantity * l.actual_price), 0) + po.shipping_charge_amount)::numeric(14,2)::text AS amount
    FROM ${invoices} i
    JOIN ${purchaseOrders} po ON po.load_id = i.load_id
    LEFT JOIN ${purchaseOrderLines} l ON l.poid = po.poid
    WHERE i.id IN (${sql.join(
      invoiceIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY i.id, po.poid, po.created_at, po.status, po.warehouse_id, po.shipping_charge_amount
    ORDER BY i.id, po.poid`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    invoice_id: number;
    poid: string;
    created_at: string | Date;
    status: string;
    warehouse_id: number;
    amount: string;
  }[];
  return rows.map((r) => ({
    invoiceId: Number(r.invoice_id),
    poid: r.poid,
    createdAt: new Date(r.created_at),
    status: r.status,
    warehouseId: Number(r.warehouse_id),
    amount: r.amount,
  }));
}

/** The amounts of the partner's confirmations on an account that wait for accounts staff. */
export async function waiting(db: DbOrTx, userId: number, ledgerAccount: number) {
  return db
    .select({ amount: payments.totalAmountPaid })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.ledgerAccount, ledgerAccount),
        eq(payments.status, "submitted"),
      ),
    );
}

/** Whether the partner has a waiting or approved confirmation with this reference (as compared). */
export async function referenceInUse(db: DbOrTx, userId: number, key: string) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.status, "rejected"), eq(payments.referenceKey, key)))
    .limit(1);
  return rows.length > 0;
}

/** Serialises one partner's confirmations (two tabs cannot pay the same orders twice). */
export async function lockPartner(tx: DbOrTx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export function ofPartner(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.submittedAt), desc(payments.id))
    .limit(500);
}

export async function ownById(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.id, id)));
  return rows[0] ?? null;
}
