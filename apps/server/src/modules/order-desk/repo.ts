import { indiaDayEnd, indiaDayStart, SR_WAITING_STATUSES, WAYBILL_OPEN_STATUSES } from "@portal/domain";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  accountTypeSettings,
  invoices,
  purchaseOrderLines,
  purchaseOrders,
  salesReturns,
  storeMembers,
  users,
  warehouses,
  waybills,
} from "../../db/schema";
import { likePattern, orderByOf, searchWhere } from "../../lib/staff-list";

export type OrderRow = typeof purchaseOrders.$inferSelect;
export type OrderLineRow = typeof purchaseOrderLines.$inferSelect;

export interface OrderFilter {
  status?: string | undefined;
  userId?: number | undefined;
  warehouseId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  unloaded?: boolean | undefined;
  poids?: readonly string[] | undefined;
  autoConfirmedAccountType?: string | undefined;
  /** PO id, partner name, email or store name, or invoice number contains it. */
  q?: string | undefined;
}

/** The partner's name as the list shows it: the store name, else first and last name. */
const partnerName = sql<string>`coalesce(${users.storeName}, ${users.firstname} || ' ' || ${users.lastname})`;

/** The orders list's sort keys (the row's field names) and what each sorts by. */
const SORT_COLUMNS = {
  createdAt: purchaseOrders.createdAt,
  poid: purchaseOrders.poid,
  partnerName,
  warehouseName: warehouses.name,
  status: purchaseOrders.status,
  totalQuantity: purchaseOrders.totalQuantity,
  netPayment: purchaseOrders.netPayment,
  gapReport: purchaseOrders.gapReport,
};

/** A search resolved: the PO ids and invoices matching (a subquery) and the partners matching (their ids). */
interface Search {
  byNumber: SQL;
  partnerIds: number[];
}

/**
 * Orders whose PO id, partner (name, email, store name) or invoice number contains `q`. The few
 * partners matching are read first, so the orders are tested against their ids (an index on the
 * partner) and against one IN over the PO ids and invoices matching (a trigram index, 0030), rather
 * than an OR over a join the planner can only test order by order.
 */
async function searchOf(db: DbOrTx, q: string | undefined): Promise<Search | undefined> {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  const byNumber = sql`${purchaseOrders.poid} IN (
    SELECT ${purchaseOrders.poid} FROM ${purchaseOrders} WHERE ${purchaseOrders.poid} ILIKE ${pattern}
    UNION ALL
    SELECT ${invoices.poid} FROM ${invoices} WHERE ${invoices.number} ILIKE ${pattern})`;
  const partners = await db
    .select({ id: users.id })
    .from(users)
    .where(searchWhere(term, [users.email, partnerName]));
  return { byNumber, partnerIds: partners.map((p) => p.id) };
}

const searchCondition = (s: Search): SQL =>
  s.partnerIds.length ? (or(s.byNumber, inArray(purchaseOrders.userId, s.partnerIds)) as SQL) : s.byNumber;

async function conditionOf(
  db: DbOrTx,
  f: OrderFilter,
): Promise<{ condition: SQL | undefined; search?: Search }> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(purchaseOrders.status, f.status));
  if (f.userId) where.push(eq(purchaseOrders.userId, f.userId));
  if (f.warehouseId) where.push(eq(purchaseOrders.warehouseId, f.warehouseId));
  if (f.from) where.push(gte(purchaseOrders.createdAt, indiaDayStart(f.from)));
  if (f.to) where.push(lt(purchaseOrders.createdAt, indiaDayEnd(f.to)));
  if (f.unloaded) where.push(isNull(purchaseOrders.loadId));
  if (f.poids) where.push(inArray(purchaseOrders.poid, [...f.poids]));
  if (f.autoConfirmedAccountType) {
    where.push(eq(purchaseOrders.autoConfirmed, true), eq(users.accountType, f.autoConfirmedAccountType));
  }
  const search = await searchOf(db, f.q);
  if (search) where.push(searchCondition(search));
  return { condition: where.length ? and(...where) : undefined, ...(search ? { search } : {}) };
}

/**
 * How many orders match, exactly. Counting them read every matching order (an index-only scan of
 * 1,80,000 entries for "Delivered", 30 to 70 ms). When the filter is only a status, a partner and a
 * search, the orders per partner and status kept with the orders (purchase_order_counts, migration
 * 0046, written by triggers in the transactions that write orders) give it as a sum of a few rows: the
 * matching partners' orders from there, plus the orders found by PO id or invoice number of other
 * partners (a trigram index; few), in one statement, so both parts read one snapshot.
 */
async function totalOf(
  db: DbOrTx,
  f: OrderFilter,
  condition: SQL | undefined,
  search: Search | undefined,
): Promise<number> {
  const kept = !f.warehouseId && !f.from && !f.to && !f.unloaded && !f.poids && !f.autoConfirmedAccountType;
  if (!kept) {
    // The partner is joined only when a condition reads it: every order has one, and without the join
    // the count of all orders is an index-only scan rather than a hash join over every row.
    const counted = db.select({ n: count() }).from(purchaseOrders).$dynamic();
    const [total] = await (f.autoConfirmedAccountType
      ? counted.innerJoin(users, eq(users.id, purchaseOrders.userId))
      : counted
    ).where(condition);
    return Number(total?.n ?? 0);
  }
  const keptWhere: SQL[] = [];
  if (f.status) keptWhere.push(sql`status = ${f.status}`);
  if (f.userId) keptWhere.push(sql`user_id = ${f.userId}`);
  let others = sql`0::bigint`;
  if (search) {
    keptWhere.push(
      search.partnerIds.length
        ? sql`user_id IN (${sql.join(
            search.partnerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
    const otherWhere: SQL[] = [search.byNumber];
    if (f.status) otherWhere.push(eq(purchaseOrders.status, f.status));
    if (f.userId) otherWhere.push(eq(purchaseOrders.userId, f.userId));
    if (search.partnerIds.length)
      otherWhere.push(sql`NOT (${inArray(purchaseOrders.userId, search.partnerIds)})`);
    others = sql`(SELECT count(*) FROM ${purchaseOrders} WHERE ${and(...otherWhere)})`;
  }
  const where = keptWhere.length ? sql` WHERE ${sql.join(keptWhere, sql` AND `)}` : sql``;
  const result = await db.execute(
    sql`SELECT ((SELECT coalesce(sum(n), 0) FROM purchase_order_counts${where}) + ${others})::text AS n`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: string }[];
  return Number(rows[0]?.n ?? 0);
}

type OrderPage = {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  /**
   * The PO id of the previous page's last order: in the placed-time orders (the default, `createdAt`,
   * `-createdAt`) the page starts after it through the index instead of skipping `page` pages.
   */
  after?: string | undefined;
};

/** The condition of the orders after `after` in the page's placed-time order; undefined for other sorts. */
function afterOf(page: OrderPage): SQL | undefined {
  const { after, sort } = page;
  if (!after) return undefined;
  const key = sql`(${purchaseOrders.createdAt}, ${purchaseOrders.poid})`;
  // the stored time, not a JavaScript Date: those keep milliseconds, the column microseconds
  const at = sql`(SELECT po.created_at, po.poid FROM ${purchaseOrders} AS po WHERE po.poid = ${after})`;
  if (sort === undefined || sort === "-createdAt") return sql`${key} < ${at}`;
  if (sort === "createdAt") return sql`${key} > ${at}`;
  return undefined;
}

/**
 * The PO ids of a page sorted by partner or warehouse name (then PO id), or null for other sorts.
 * A name is over the join, so no index holds the orders in its order, and `ORDER BY name, poid` read
 * and sorted every order for each page (1.2 s at 2,60,000 orders). There are few partners and fewer
 * warehouses: walk them in name order and take each one's first orders in PO order from the index
 * on (user_id, poid) or (warehouse_id, poid), as many as the page needs at most; PostgreSQL merges
 * the orders of equal names by PO id (an incremental sort, names being presorted) and stops when the
 * page is full. The same rows in the same order as the plain ORDER BY (order-list.test.ts).
 */
async function namedSortPage(
  db: DbOrTx,
  f: OrderFilter,
  page: OrderPage,
  condition: SQL | undefined,
): Promise<string[] | null> {
  const descending = page.sort?.startsWith("-") ?? false;
  const key = page.sort?.slice(descending ? 1 : 0);
  if (key !== "partnerName" && key !== "warehouseName") return null;
  const offset = (page.page - 1) * page.pageSize;
  const enough = offset + page.pageSize;
  const direction = descending ? sql`DESC` : sql`ASC`;
  const where = condition ? sql` AND ${condition}` : sql``;
  // the same ORDER BY as orderByOf gives these columns: the partner's name NULLS LAST, the warehouse's plainly
  // Only the auto-confirm filter reads the partner's row (its account type): joined then.
  const partnerJoin = f.autoConfirmedAccountType
    ? sql`INNER JOIN ${users} ON ${users.id} = ${purchaseOrders.userId}`
    : sql``;
  // The walked rows in name order (a sorted subquery), so the merge stops after the partners the page needs.
  const walked =
    key === "partnerName"
      ? sql`(SELECT ${users.id} AS id, ${partnerName} AS name FROM ${users}
          ORDER BY name ${direction} NULLS LAST)`
      : sql`(SELECT ${warehouses.id} AS id, ${warehouses.name} AS name FROM ${warehouses}
          ORDER BY name ${direction})`;
  const owner = key === "partnerName" ? purchaseOrders.userId : purchaseOrders.warehouseId;
  // the same ORDER BY as orderByOf gives these columns: the partner's name NULLS LAST, the warehouse's plainly
  const query = sql`SELECT x.poid FROM ${walked} AS walked
    CROSS JOIN LATERAL (
      SELECT ${purchaseOrders.poid} AS poid FROM ${purchaseOrders} ${partnerJoin}
      WHERE ${owner} = walked.id${where}
      ORDER BY ${purchaseOrders.poid} ${direction} LIMIT ${enough}) x
    ORDER BY walked.name ${direction}${key === "partnerName" ? sql` NULLS LAST` : sql``}, x.poid ${direction}
    LIMIT ${page.pageSize} OFFSET ${offset}`;
  const result = await db.execute(query);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { poid: string }[];
  return rows.map((r) => r.poid);
}

/** One page of orders with their partner and warehouse, newest first unless `sort` names a column. */
export async function orderRows(db: DbOrTx, f: OrderFilter, page: OrderPage) {
  return orderRowsWhere(db, f, page, (await conditionOf(db, f)).condition);
}

async function orderRowsWhere(db: DbOrTx, f: OrderFilter, page: OrderPage, condition: SQL | undefined) {
  const named = await namedSortPage(db, f, page, condition);
  const select = db
    .select({ order: purchaseOrders, user: users, warehouseName: warehouses.name })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.userId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .$dynamic();
  const rows = named
    ? await select.where(named.length ? inArray(purchaseOrders.poid, named) : sql`false`).then((found) => {
        const at = new Map(named.map((poid, i) => [poid, i]));
        return found.sort((a, b) => (at.get(a.order.poid) ?? 0) - (at.get(b.order.poid) ?? 0));
      })
    : await select
        .where(and(condition, afterOf(page)))
        .orderBy(
          ...orderByOf(
            page.sort,
            SORT_COLUMNS,
            [desc(purchaseOrders.createdAt), desc(purchaseOrders.poid)],
            purchaseOrders.poid,
          ),
        )
        .limit(page.pageSize)
        .offset(afterOf(page) ? 0 : (page.page - 1) * page.pageSize);
  // summed for the page's orders only (in the select list it would run for every row OFFSET skips)
  const ordered = rows.length
    ? await db
        .select({
          poid: purchaseOrderLines.poid,
          units: sql<number>`coalesce(sum(${purchaseOrderLines.orderedQuantity}), 0)::integer`,
        })
        .from(purchaseOrderLines)
        .where(
          inArray(
            purchaseOrderLines.poid,
            rows.map((r) => r.order.poid),
          ),
        )
        .groupBy(purchaseOrderLines.poid)
    : [];
  const unitsOf = new Map(ordered.map((o) => [o.poid, Number(o.units)]));
  return rows.map((r) => ({ ...r, orderedQuantity: unitsOf.get(r.order.poid) ?? 0 }));
}

/** One page of orders and how many match. */
export async function listOrders(db: DbOrTx, f: OrderFilter, page: OrderPage) {
  const { condition, search } = await conditionOf(db, f);
  const [rows, total] = await Promise.all([
    orderRowsWhere(db, f, page, condition),
    totalOf(db, f, condition, search),
  ]);
  return { rows, total };
}

/** The order, locked for the rest of the transaction, with its lines. */
export async function lockOrder(tx: DbOrTx, poid: string) {
  const rows = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.poid, poid)).for("update");
  const order = rows[0];
  if (!order) return null;
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
  return { order, lines };
}

export async function findOrder(db: DbOrTx, poid: string) {
  const rows = await db
    .select({
      order: purchaseOrders,
      warehouse: { name: warehouses.name, state: warehouses.state },
      placedBy: {
        firstname: storeMembers.firstname,
        lastname: storeMembers.lastname,
        role: storeMembers.role,
      },
    })
    .from(purchaseOrders)
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
    .leftJoin(storeMembers, eq(storeMembers.id, purchaseOrders.placedByMemberId))
    .where(eq(purchaseOrders.poid, poid))
    .limit(1);
  const found = rows[0];
  if (!found) return null;
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
  return { ...found, lines };
}

export async function settings(db: DbOrTx) {
  return db.select().from(accountTypeSettings).orderBy(asc(accountTypeSettings.accountType));
}

export async function saveSetting(
  db: DbOrTx,
  s: { accountType: string; autoConfirm: boolean; delayMinutes: number },
) {
  await db
    .insert(accountTypeSettings)
    .values(s)
    .onConflictDoUpdate({
      target: accountTypeSettings.accountType,
      set: { autoConfirm: s.autoConfirm, delayMinutes: s.delayMinutes },
    });
}

/** Pending orders of auto-confirm account types older than their delay. */
export async function dueForAutoConfirm(db: DbOrTx, now: Date) {
  const rows = await db
    .select({
      poid: purchaseOrders.poid,
      createdAt: purchaseOrders.createdAt,
      delay: accountTypeSettings.delayMinutes,
    })
    .from(purchaseOrders)
    .innerJoin(users, eq(users.id, purchaseOrders.userId))
    .innerJoin(accountTypeSettings, eq(accountTypeSettings.accountType, users.accountType))
    .where(
      and(
        eq(purchaseOrders.status, "Pending"),
        eq(accountTypeSettings.autoConfirm, true),
        lte(purchaseOrders.createdAt, now),
      ),
    )
    .orderBy(asc(purchaseOrders.createdAt))
    .limit(500);
  return rows.filter((r) => r.createdAt.getTime() + r.delay * 60_000 <= now.getTime()).map((r) => r.poid);
}

/** What the orders list's filters offer: every warehouse, and every partner who has placed an order. */
export async function filterChoices(db: DbOrTx) {
  const warehouseRows = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .orderBy(asc(warehouses.name), asc(warehouses.id));
  const partnerRows = await db
    .select({ id: users.id, name: partnerName, email: users.email })
    .from(users)
    .where(sql`EXISTS (SELECT 1 FROM ${purchaseOrders} WHERE ${purchaseOrders.userId} = ${users.id})`)
    .orderBy(asc(partnerName), asc(users.id));
  return { warehouses: warehouseRows, partners: partnerRows };
}

/**
 * The admin home's queues, each exactly as its tile's link filters it, with what its rows are worth
 * (orders at their net payment, loads at their total, payments at what the partner paid).
 */
export async function waitingWork(db: DbOrTx, today: string) {
  const result = await db.execute(sql`SELECT
    (SELECT count(*)::int FROM purchase_orders WHERE status = 'Pending') AS orders_to_confirm,
    (SELECT coalesce(sum(net_payment), 0)::numeric(14,2)::text FROM purchase_orders WHERE status = 'Pending') AS orders_to_confirm_value,
    (SELECT count(*)::int FROM purchase_orders WHERE status = 'Confirmed' AND load_id IS NULL) AS orders_to_load,
    (SELECT coalesce(sum(net_payment), 0)::numeric(14,2)::text FROM purchase_orders WHERE status = 'Confirmed' AND load_id IS NULL) AS orders_to_load_value,
    (SELECT count(*)::int FROM loads WHERE status = 'Ready To Dispatch') AS loads_to_hand_over,
    (SELECT coalesce(sum(total), 0)::numeric(14,2)::text FROM loads WHERE status = 'Ready To Dispatch') AS loads_to_hand_over_value,
    (SELECT count(*)::int FROM loads WHERE status = 'Hand Over') AS loads_to_ship,
    (SELECT coalesce(sum(total), 0)::numeric(14,2)::text FROM loads WHERE status = 'Hand Over') AS loads_to_ship_value,
    (SELECT count(*)::int FROM loads WHERE status = 'Shipped' AND actual_shipping_date = ${today}) AS shipped_today,
    (SELECT coalesce(sum(total), 0)::numeric(14,2)::text FROM loads WHERE status = 'Shipped' AND actual_shipping_date = ${today}) AS shipped_today_value,
    (SELECT count(*)::int FROM payments WHERE status = 'submitted') AS payments_to_approve,
    (SELECT coalesce(sum(total_amount_paid), 0)::numeric(14,2)::text FROM payments WHERE status = 'submitted') AS payments_to_approve_value,
    (SELECT count(*)::int FROM sales_returns WHERE ${inArray(salesReturns.status, [...SR_WAITING_STATUSES])}) AS sales_returns_to_move,
    (SELECT count(*)::int FROM waybills WHERE ${inArray(waybills.status, [...WAYBILL_OPEN_STATUSES])}) AS waybill_requests`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string | number
  >[];
  return rows[0] ?? {};
}

/** Partners' names and emails by id. */
export async function partnersByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: partnerName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
