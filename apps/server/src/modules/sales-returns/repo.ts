import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { salesReturns, users } from "../../db/schema";

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
  if (f.status) where.push(eq(salesReturns.status, f.status));
  if (f.userId) where.push(eq(salesReturns.userId, f.userId));
  if (f.id) where.push(eq(salesReturns.id, f.id));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ sr: salesReturns, user: users })
    .from(salesReturns)
    .innerJoin(users, eq(users.id, salesReturns.userId))
    .where(condition)
    .orderBy(desc(salesReturns.createdAt), desc(salesReturns.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(salesReturns).where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}
