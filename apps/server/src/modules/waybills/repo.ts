import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users, waybillLog, waybills } from "../../db/schema";

export type WaybillRow = typeof waybills.$inferSelect;

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

export async function update(tx: DbOrTx, id: number, set: Partial<WaybillRow>) {
  await tx.update(waybills).set(set).where(eq(waybills.id, id));
}

export async function log(tx: DbOrTx, row: typeof waybillLog.$inferInsert) {
  await tx.insert(waybillLog).values(row);
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
  if (f.status) where.push(eq(waybills.status, f.status));
  if (f.userId) where.push(eq(waybills.userId, f.userId));
  if (f.id) where.push(eq(waybills.id, f.id));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ waybill: waybills, user: users })
    .from(waybills)
    .innerJoin(users, eq(users.id, waybills.userId))
    .where(condition)
    .orderBy(desc(waybills.whRequestDate), desc(waybills.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [total] = await db.select({ n: count() }).from(waybills).where(condition);
  return { rows, total: Number(total?.n ?? 0) };
}
