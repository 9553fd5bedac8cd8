import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { payments, purchaseOrders } from "../../db/schema";
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
