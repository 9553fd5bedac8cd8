import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  kioskCustomers,
  kioskMails,
  kioskOrderLines,
  kioskOrders,
  kioskRefunds,
  products,
  purchaseOrders,
} from "../../db/schema";

/** The store's customer with this mobile number, created on first visit. */
export async function upsertCustomer(
  db: DbOrTx,
  storeUserId: number,
  mobileNo: string,
  firstName: string | null,
) {
  const rows = await db
    .insert(kioskCustomers)
    .values({ storeUserId, mobileNo, firstName })
    .onConflictDoUpdate({
      target: [kioskCustomers.storeUserId, kioskCustomers.mobileNo],
      set: { firstName: sql`coalesce(excluded.first_name, ${kioskCustomers.firstName})` },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error("kiosk customer upsert returned nothing");
  return row;
}

export type KioskCustomerRow = typeof kioskCustomers.$inferSelect;
export type KioskOrderRow = typeof kioskOrders.$inferSelect;
export type KioskOrderLineRow = typeof kioskOrderLines.$inferSelect;

export async function customerOf(db: DbOrTx, storeUserId: number, mobileNo: string) {
  const rows = await db
    .select()
    .from(kioskCustomers)
    .where(and(eq(kioskCustomers.storeUserId, storeUserId), eq(kioskCustomers.mobileNo, mobileNo)))
    .limit(1);
  return rows[0] ?? null;
}

/** Registers a customer; null when the store already has one with this mobile number. */
export async function insertCustomer(db: DbOrTx, row: typeof kioskCustomers.$inferInsert) {
  const rows = await db.insert(kioskCustomers).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateCustomer(
  db: DbOrTx,
  storeUserId: number,
  mobileNo: string,
  set: Partial<typeof kioskCustomers.$inferInsert>,
) {
  const rows = await db
    .update(kioskCustomers)
    .set(set)
    .where(and(eq(kioskCustomers.storeUserId, storeUserId), eq(kioskCustomers.mobileNo, mobileNo)))
    .returning();
  return rows[0] ?? null;
}

export async function insertOrder(db: DbOrTx, row: typeof kioskOrders.$inferInsert) {
  const [inserted] = await db.insert(kioskOrders).values(row).returning();
  if (!inserted) throw new Error("kiosk order not written");
  return inserted;
}

export async function insertLines(db: DbOrTx, rows: (typeof kioskOrderLines.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(kioskOrderLines).values(rows);
}

/** The store's orders of a status, newest first, with their customers. */
export function ordersOf(db: DbOrTx, storeUserId: number, status: string, limit = 200) {
  return db
    .select({ order: kioskOrders, customer: kioskCustomers })
    .from(kioskOrders)
    .innerJoin(kioskCustomers, eq(kioskCustomers.id, kioskOrders.customerId))
    .where(and(eq(kioskOrders.storeUserId, storeUserId), eq(kioskOrders.status, status)))
    .orderBy(desc(kioskOrders.createdAt), desc(kioskOrders.id))
    .limit(limit);
}

/** One of the store's orders (null: none, or another store's), locked when in a transaction that asks. */
export async function orderOf(db: DbOrTx, storeUserId: number, id: number, lock = false) {
  const q = db
    .select({ order: kioskOrders, customer: kioskCustomers })
    .from(kioskOrders)
    .innerJoin(kioskCustomers, eq(kioskCustomers.id, kioskOrders.customerId))
    .where(and(eq(kioskOrders.storeUserId, storeUserId), eq(kioskOrders.id, id)))
    .limit(1);
  const rows = lock ? await q.for("update", { of: kioskOrders }) : await q;
  return rows[0] ?? null;
}

/** The store a kiosk order belongs to (null: no such order); for the customer's signed link. */
export async function storeOfOrder(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db
    .select({ storeUserId: kioskOrders.storeUserId })
    .from(kioskOrders)
    .where(eq(kioskOrders.id, id))
    .limit(1);
  return rows[0]?.storeUserId ?? null;
}

export async function orderByPoid(db: DbOrTx, storeUserId: number, poid: string) {
  const rows = await db
    .select({ id: kioskOrders.id })
    .from(kioskOrders)
    .where(and(eq(kioskOrders.storeUserId, storeUserId), eq(kioskOrders.poid, poid)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function linesOf(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(kioskOrderLines)
    .where(inArray(kioskOrderLines.kioskOrderId, [...orderIds]))
    .orderBy(asc(kioskOrderLines.id));
}

export async function setStatus(
  db: DbOrTx,
  id: number,
  from: string,
  set: Partial<typeof kioskOrders.$inferInsert>,
) {
  const rows = await db
    .update(kioskOrders)
    .set(set)
    .where(and(eq(kioskOrders.id, id), eq(kioskOrders.status, from)))
    .returning({ id: kioskOrders.id });
  return rows.length > 0;
}

/** The purchase orders of a kiosk order's placement. */
export function purchaseOrdersOf(db: DbOrTx, storeUserId: number, placementId: string) {
  return db
    .select({
      poid: purchaseOrders.poid,
      status: purchaseOrders.status,
      warehouseId: purchaseOrders.warehouseId,
      docketNo: purchaseOrders.docketNo,
      transporter: purchaseOrders.transporterNo,
      loadId: purchaseOrders.loadId,
      shippedAt: purchaseOrders.shippedAt,
      deliveredAt: purchaseOrders.deliveredAt,
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.userId, storeUserId), eq(purchaseOrders.placementId, placementId)))
    .orderBy(asc(purchaseOrders.poid));
}

export async function placementIdOf(db: DbOrTx, poid: string): Promise<string> {
  const rows = await db
    .select({ placementId: purchaseOrders.placementId })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.poid, poid))
    .limit(1);
  const found = rows[0];
  if (!found) throw new Error(`purchase order ${poid} not found`);
  return found.placementId;
}

export type KioskRefundRow = typeof kioskRefunds.$inferSelect;
export type KioskMailRow = typeof kioskMails.$inferSelect;

/** The purchase orders of several placements of the store (the list's delivery stages). */
export function purchaseOrdersOfPlacements(db: DbOrTx, storeUserId: number, placementIds: readonly string[]) {
  if (placementIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      placementId: purchaseOrders.placementId,
      poid: purchaseOrders.poid,
      status: purchaseOrders.status,
      loadId: purchaseOrders.loadId,
    })
    .from(purchaseOrders)
    .where(
      and(eq(purchaseOrders.userId, storeUserId), inArray(purchaseOrders.placementId, [...placementIds])),
    )
    .orderBy(asc(purchaseOrders.poid));
}

export async function refundsOf(db: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(kioskRefunds)
    .where(inArray(kioskRefunds.kioskOrderId, [...orderIds]));
}

/** Records a refund; null when the order already has one. */
export async function insertRefund(db: DbOrTx, row: typeof kioskRefunds.$inferInsert) {
  const rows = await db.insert(kioskRefunds).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function insertMail(db: DbOrTx, row: typeof kioskMails.$inferInsert) {
  const [inserted] = await db.insert(kioskMails).values(row).returning();
  if (!inserted) throw new Error("kiosk mail not written");
  return inserted;
}

export async function mailById(db: DbOrTx, id: number) {
  const rows = await db
    .select({ mail: kioskMails, order: kioskOrders })
    .from(kioskMails)
    .innerJoin(kioskOrders, eq(kioskOrders.id, kioskMails.kioskOrderId))
    .where(eq(kioskMails.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function markMailSent(db: DbOrTx, id: number, at: Date) {
  await db.update(kioskMails).set({ sentAt: at }).where(eq(kioskMails.id, id));
}

export function mailsOf(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(kioskMails)
    .where(eq(kioskMails.kioskOrderId, orderId))
    .orderBy(desc(kioskMails.queuedAt), desc(kioskMails.id));
}

/** Keeps the address the store typed for a customer who had none (or a corrected one). */
export async function setCustomerEmail(db: DbOrTx, customerId: number, email: string) {
  await db.update(kioskCustomers).set({ email }).where(eq(kioskCustomers.id, customerId));
}

/** Which of these products the store may see (the catalogue's visibility condition). */
export async function visibleProductIds(db: DbOrTx, ids: readonly number[], visible: SQL) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), visible));
  return rows.map((r) => r.id);
}
