import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { salesReturns } from "../../db/schema";
import { listWithPartner, type StaffListFilter } from "../../lib/admin";

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

export function list(db: DbOrTx, f: StaffListFilter) {
  return listWithPartner(db, salesReturns, salesReturns.createdAt, f);
}
