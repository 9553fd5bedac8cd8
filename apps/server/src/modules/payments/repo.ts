import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { payments, purchaseOrderLines, purchaseOrders, users } from "../../db/schema";
import { listWithPartner, type StaffListFilter } from "../../lib/admin";

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

export function list(db: DbOrTx, f: StaffListFilter) {
  return listWithPartner(db, payments, payments.submittedAt, f);
}

/**
 * The partner's orders on a ledger account that still wait for a payment: Confirmed, Shipped or
 * Delivered, and in no confirmation that is waiting or approved. The amount payable is what the
 * order is billed for: confirmed (or delivered) units at their price.
 */
export async function pendingOrders(
  db: DbOrTx,
  userId: number,
  ledgerAccount: number,
  only?: readonly string[],
) {
  const result = await db.execute(sql`
    SELECT po.poid, po.created_at, po.status, po.warehouse_id,
           coalesce(sum(l.quantity * l.actual_price), 0)::numeric(14,2)::text AS payable
    FROM ${purchaseOrders} po
    JOIN ${purchaseOrderLines} l ON l.poid = po.poid
    WHERE po.user_id = ${userId}
      AND po.ledger_account = ${ledgerAccount}
      AND po.status IN ('Confirmed', 'Shipped', 'Delivered')
      ${
        only
          ? sql`AND po.poid IN (${sql.join(
              only.map((p) => sql`${p}`),
              sql`, `,
            )})`
          : sql``
      }
      AND NOT EXISTS (
        SELECT 1 FROM ${payments} p
        WHERE p.user_id = po.user_id AND p.status IN ('submitted', 'approved') AND po.poid = ANY(p.orders)
      )
    GROUP BY po.poid, po.created_at, po.status, po.warehouse_id
    HAVING coalesce(sum(l.quantity * l.actual_price), 0) > 0
    ORDER BY po.created_at, po.poid`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    poid: string;
    created_at: string | Date;
    status: string;
    warehouse_id: number;
    payable: string;
  }[];
  return rows.map((r) => ({
    poid: r.poid,
    createdAt: new Date(r.created_at),
    status: r.status,
    warehouseId: Number(r.warehouse_id),
    payable: r.payable,
  }));
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
