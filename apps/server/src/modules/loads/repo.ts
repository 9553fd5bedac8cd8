import type { LOAD_SORTS } from "@portal/contracts";
import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { loads, purchaseOrderLines, purchaseOrders, users, warehouses, waybills } from "../../db/schema";
import { allOf } from "../../lib/admin";
import { likePattern, orderByOf, searchWhere } from "../../lib/staff-list";

export type LoadRow = typeof loads.$inferSelect;

export async function insert(tx: DbOrTx, row: typeof loads.$inferInsert): Promise<LoadRow> {
  const [inserted] = await tx.insert(loads).values(row).returning();
  if (!inserted) throw new Error("load not written");
  return inserted;
}

export async function lock(tx: DbOrTx, id: number) {
  const rows = await tx.select().from(loads).where(eq(loads.id, id)).for("update");
  return rows[0] ?? null;
}

export async function update(tx: DbOrTx, id: number, set: Partial<LoadRow>) {
  await tx.update(loads).set(set).where(eq(loads.id, id));
}

/** Orders (locked) with their lines. */
export async function lockOrders(tx: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return tx
    .select()
    .from(purchaseOrders)
    .where(inArray(purchaseOrders.poid, [...poids]))
    .orderBy(asc(purchaseOrders.poid))
    .for("update");
}

export async function ordersOfLoad(tx: DbOrTx, loadId: number) {
  return tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.loadId, loadId))
    .orderBy(asc(purchaseOrders.poid));
}

export async function linesOf(tx: DbOrTx, poids: readonly string[]) {
  if (poids.length === 0) return [];
  return tx
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.poid, [...poids]))
    .orderBy(asc(purchaseOrderLines.id));
}

const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

/** The columns the board sorts by, by the row's field names (LOAD_SORTS). */
const SORT_COLUMNS = {
  id: loads.id,
  partnerName,
  warehouseName: warehouses.name,
  status: loads.status,
  createdAt: loads.createdAt,
  estimatedShippingDate: loads.estimatedShippingDate,
  actualShippingDate: loads.actualShippingDate,
  handedOverAt: loads.handedOverAt,
  deliveredAt: loads.deliveredAt,
  transporter: loads.transporter,
  docketNo: loads.docketNo,
  totalItems: loads.totalItems,
  totalQuantity: loads.totalQuantity,
  total: loads.total,
} satisfies Record<(typeof LOAD_SORTS)[number], unknown>;

/** Loads whose number, docket, transporter, partner (name, email) or one of whose orders' PO contains `q`. */
function searched(q: string | undefined): SQL | undefined {
  const fields = searchWhere(q, [
    sql`${loads.id}::text`,
    loads.docketNo,
    loads.transporter,
    partnerName,
    users.email,
  ]);
  if (!fields || !q) return fields;
  return or(
    fields,
    sql`EXISTS (SELECT 1 FROM ${purchaseOrders} WHERE ${purchaseOrders.loadId} = ${loads.id} AND ${purchaseOrders.poid} ILIKE ${likePattern(q.trim())})`,
  );
}

export async function list(
  db: DbOrTx,
  f: {
    status?: string | undefined;
    userId?: number | undefined;
    warehouseId?: number | undefined;
    transporter?: string | undefined;
    shippedOn?: string | undefined;
    q?: string | undefined;
    sort?: string | undefined;
    ids?: number[];
  },
  page: { page: number; pageSize: number },
) {
  const condition = allOf(
    f.status !== undefined && eq(loads.status, f.status),
    f.userId !== undefined && eq(loads.userId, f.userId),
    f.warehouseId !== undefined && eq(loads.warehouseId, f.warehouseId),
    f.transporter !== undefined && sql`lower(${loads.transporter}) = lower(${f.transporter})`,
    f.shippedOn !== undefined && eq(loads.actualShippingDate, f.shippedOn),
    f.ids !== undefined && inArray(loads.id, f.ids),
    searched(f.q),
  );
  const rows = await db
    .select({ load: loads, user: users, warehouseName: warehouses.name })
    .from(loads)
    .innerJoin(users, eq(users.id, loads.userId))
    .innerJoin(warehouses, eq(warehouses.id, loads.warehouseId))
    .where(condition)
    .orderBy(...orderByOf(f.sort, SORT_COLUMNS, [desc(loads.createdAt), desc(loads.id)], loads.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(loads)
    .innerJoin(users, eq(users.id, loads.userId))
    .innerJoin(warehouses, eq(warehouses.id, loads.warehouseId))
    .where(condition);
  const poids =
    rows.length === 0
      ? []
      : await db
          .select({ poid: purchaseOrders.poid, loadId: purchaseOrders.loadId })
          .from(purchaseOrders)
          .where(
            inArray(
              purchaseOrders.loadId,
              rows.map((r) => r.load.id),
            ),
          )
          .orderBy(asc(purchaseOrders.poid));
  return { rows, poids, total: Number(total?.n ?? 0) };
}

/** The board's filter choices: every warehouse, and every transporter the loads name (sorted, once each). */
export async function choices(db: DbOrTx) {
  const [warehouseRows, transporterRows] = await Promise.all([
    db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.name)),
    db
      .selectDistinct({ name: loads.transporter })
      .from(loads)
      .where(isNotNull(loads.transporter))
      .orderBy(asc(loads.transporter)),
  ]);
  return {
    warehouses: warehouseRows,
    transporters: transporterRows.flatMap((r) => (r.name ? [r.name] : [])),
  };
}

/** Another load (not cancelled) that already carries this docket of this transporter, whatever their case. */
export async function docketHolder(tx: DbOrTx, transporter: string, docketNo: string, exceptId: number) {
  const rows = await tx
    .select({ id: loads.id, transporter: loads.transporter, docketNo: loads.docketNo })
    .from(loads)
    .where(
      and(
        sql`lower(${loads.transporter}) = lower(${transporter})`,
        sql`lower(${loads.docketNo}) = lower(${docketNo})`,
        ne(loads.status, "Cancelled"),
        ne(loads.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The waybill request raised for a load (read only: the waybills module writes it). */
export async function waybillRequestOf(db: DbOrTx, loadId: number): Promise<string | null> {
  const rows = await db
    .select({ requestId: waybills.requestId })
    .from(waybills)
    .where(eq(waybills.loadId, loadId))
    .limit(1);
  return rows[0]?.requestId ?? null;
}
