/** The stored facts a load's e-way bill is built from (load, warehouse, partner, invoices), and the e-way bill rows. */
import { PROFORMA_INVOICE, TAX_INVOICE } from "@portal/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ewayBills, invoices, loads, purchaseOrders, users, warehouses } from "../../db/schema";

/** One load with its warehouse and partner (the consignee's columns), or null. */
export async function loadWithPlaces(db: DbOrTx, loadId: number) {
  const [row] = await db
    .select({
      load: loads,
      warehouse: warehouses,
      partner: {
        id: users.id,
        storeName: users.storeName,
        firstname: users.firstname,
        lastname: users.lastname,
        gstin: users.gstin,
        address: users.address,
        shippingAddress1: users.shippingAddress1,
        shippingAddress2: users.shippingAddress2,
        shippingCity: users.shippingCity,
        shippingPincode: users.shippingPincode,
        pincode: users.pincode,
        state: users.state,
      },
    })
    .from(loads)
    .innerJoin(warehouses, eq(warehouses.id, loads.warehouseId))
    .innerJoin(users, eq(users.id, loads.userId))
    .where(eq(loads.id, loadId))
    .limit(1);
  return row ?? null;
}

/** The load's documents: its tax invoice once shipped, else its orders' proforma invoices (oldest first). */
export async function loadDocuments(db: DbOrTx, loadId: number) {
  const tax = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.loadId, loadId), eq(invoices.kind, TAX_INVOICE)))
    .orderBy(asc(invoices.id));
  if (tax.length > 0) return tax;
  const orders = await db
    .select({ poid: purchaseOrders.poid })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.loadId, loadId));
  if (orders.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, PROFORMA_INVOICE),
        inArray(
          invoices.poid,
          orders.map((o) => o.poid),
        ),
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
}

export type EwayBillRow = typeof ewayBills.$inferSelect;

/** A load's e-way bill, or null. */
export async function ewayBillOf(db: DbOrTx, loadId: number): Promise<EwayBillRow | null> {
  const [row] = await db.select().from(ewayBills).where(eq(ewayBills.loadId, loadId)).limit(1);
  return row ?? null;
}

/** The e-way bills of loads. */
export function ewayBillsOf(db: DbOrTx, loadIds: readonly number[]) {
  if (loadIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ewayBills)
    .where(inArray(ewayBills.loadId, [...loadIds]));
}

/** The load already carrying an e-way bill number, or null. */
export async function numberHolder(db: DbOrTx, number: string): Promise<number | null> {
  const [row] = await db
    .select({ loadId: ewayBills.loadId })
    .from(ewayBills)
    .where(eq(ewayBills.number, number))
    .limit(1);
  return row?.loadId ?? null;
}

/** Writes a load's e-way bill unless it has one (or the number is taken): the row, or null. */
export async function insert(db: DbOrTx, row: typeof ewayBills.$inferInsert): Promise<EwayBillRow | null> {
  const [inserted] = await db.insert(ewayBills).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}
