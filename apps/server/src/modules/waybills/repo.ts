import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { waybillLog, waybills } from "../../db/schema";
import { listWithPartner, type StaffListFilter } from "../../lib/admin";

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

export function list(db: DbOrTx, f: StaffListFilter) {
  return listWithPartner(db, waybills, waybills.whRequestDate, f);
}
