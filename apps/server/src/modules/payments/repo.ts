import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { payments, purchaseOrders, users } from "../../db/schema";

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

export async function list(
  db: DbOrTx,
  f: {
    status?: string | undefined;
    userId?: number | undefined;
    id?: number;
    page: number;
    pageSize: number;
  },
) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(payments.status, f.status));
  if (f.userId) where.push(eq(payments.userId, f.userId));
  if (f.id) where.push(eq(payments.id, f.id));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ payment: payments, user: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(condition)
    .orderBy(desc(payments.submittedAt), desc(payments.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(payments).where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}
