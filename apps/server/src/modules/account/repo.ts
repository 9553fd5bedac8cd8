import {
  indiaDayEnd,
  indiaDayStart,
  type OrderHistoryRange,
  type OrderHistorySort,
  type OrderSource,
  PROFORMA_INVOICE,
  TAX_INVOICE,
} from "@portal/domain";
import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  brands,
  categories,
  invoices,
  ledgerEntries,
  loads,
  productStock,
  products,
  purchaseOrderLines,
  purchaseOrders,
  salesReturns,
  storeMembers,
  subcategories,
  warehouses,
} from "../../db/schema";
import { historyFilterSql, historyPage, historyStats } from "./history-sql";

export interface HistoryWhere {
  userId: number;
  range: OrderHistoryRange;
  warehouseId?: number | undefined;
  source?: OrderSource | undefined;
  /** A PO id, product id or name, or invoice number (any part, any case). */
  q?: string | undefined;
}

const taxInvoices = alias(invoices, "tax_invoice");
const proformas = alias(invoices, "proforma");
/** `purchase_orders` as `o`: the name history-sql.ts's filter and sort are written over. */
const o = alias(purchaseOrders, "o");

/**
 * The orders of a history page or export with their warehouse, load and invoices: one query. The
 * page's orders are chosen first (the partner's orders by the filter, sorted, `limit` from `offset`)
 * and only they are joined: joined before the limit, every order of the range was matched with the
 * loads and invoices (hash joins over the whole invoices table) to keep ten.
 */
function historySelect(
  db: DbOrTx,
  f: HistoryWhere,
  sort: OrderHistorySort | undefined,
  page: { limit: number; offset: number },
) {
  const { where, order } = historyFilterSql(f, sort);
  const chosen = sql`(SELECT o.poid FROM purchase_orders o WHERE ${where} ORDER BY ${order}
    LIMIT ${page.limit} OFFSET ${page.offset})`;
  return db
    .select({
      order: o,
      warehouseName: warehouses.name,
      load: {
        id: loads.id,
        docketNo: loads.docketNo,
        transporter: loads.transporter,
        actualShippingDate: loads.actualShippingDate,
        total: loads.total,
      },
      taxInvoice: { id: taxInvoices.id, number: taxInvoices.number },
      proformaNumber: proformas.number,
      placedBy: {
        firstname: storeMembers.firstname,
        lastname: storeMembers.lastname,
        role: storeMembers.role,
      },
    })
    .from(o)
    .innerJoin(warehouses, eq(warehouses.id, o.warehouseId))
    .leftJoin(storeMembers, eq(storeMembers.id, o.placedByMemberId))
    .leftJoin(loads, eq(loads.id, o.loadId))
    .leftJoin(taxInvoices, and(eq(taxInvoices.loadId, o.loadId), eq(taxInvoices.kind, TAX_INVOICE)))
    .leftJoin(proformas, and(eq(proformas.poid, o.poid), eq(proformas.kind, PROFORMA_INVOICE)))
    .where(inArray(o.poid, chosen))
    .orderBy(order);
}
export type HistoryRow = Awaited<ReturnType<typeof historySelect>>[number];

/**
 * A history page: its rows, the count of the filter's orders and what the rows' tax invoices are
 * settled, in one statement prepared once per shape of filter (history-sql.ts).
 */
export async function history(
  db: DbOrTx,
  f: HistoryWhere,
  page: { pageNo: number; pageSize: number; sort?: OrderHistorySort | undefined },
) {
  return historyPage(db, f, {
    limit: page.pageSize,
    offset: (page.pageNo - 1) * page.pageSize,
    sort: page.sort,
  });
}

export async function historyAll(db: DbOrTx, f: HistoryWhere, sort?: OrderHistorySort) {
  return historySelect(db, f, sort, { limit: 10_000, offset: 0 });
}

/** The filter's order count and totals: one statement prepared once per shape of filter (history-sql.ts). */
export async function stats(db: DbOrTx, f: HistoryWhere) {
  return historyStats(db, f);
}

/** One of the partner's orders, or null (another partner's order is not found). */
export async function ownOrder(db: DbOrTx, userId: number, poid: string) {
  const rows = await db
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.poid, poid), eq(purchaseOrders.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function linesOf(db: DbOrTx, poid: string) {
  return db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.poid, poid))
    .orderBy(asc(purchaseOrderLines.id));
}

/** Units of a product in stock across the given warehouses. */
export async function stockIn(db: DbOrTx, productId: number, warehouseIds: readonly number[]) {
  if (warehouseIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sum(productStock.stock) })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), inArray(productStock.warehouseId, [...warehouseIds])));
  return Number(row?.n ?? 0);
}

export interface LoadWhere {
  userId: number;
  /** Only these loads (the ones whose tax invoice has the asked payment status). */
  loadIds?: readonly number[] | undefined;
  warehouseId?: number | undefined;
  statuses: readonly string[];
  productId?: number | undefined;
  loadFrom: string | null;
  loadTo: string | null;
  shipFrom: string | null;
  shipTo: string | null;
}

function loadCondition(f: LoadWhere): SQL | undefined {
  const where: SQL[] = [eq(loads.userId, f.userId)];
  if (f.loadIds) where.push(f.loadIds.length > 0 ? inArray(loads.id, [...f.loadIds]) : sql`false`);
  if (f.warehouseId) where.push(eq(loads.warehouseId, f.warehouseId));
  if (f.statuses.length > 0) where.push(inArray(loads.status, [...f.statuses]));
  if (f.loadFrom) where.push(gte(loads.createdAt, indiaDayStart(f.loadFrom)));
  if (f.loadTo) where.push(lt(loads.createdAt, indiaDayEnd(f.loadTo)));
  if (f.shipFrom) where.push(gte(loads.actualShippingDate, f.shipFrom));
  if (f.shipTo) where.push(sql`${loads.actualShippingDate} <= ${f.shipTo}`);
  if (f.productId)
    where.push(
      sql`exists (select 1 from ${purchaseOrders} po join ${purchaseOrderLines} l on l.poid = po.poid
        where po.load_id = ${loads.id} and l.product_id = ${f.productId})`,
    );
  return and(...where);
}

export async function loadList(db: DbOrTx, f: LoadWhere, page?: { pageNo: number; pageSize: number }) {
  const condition = loadCondition(f);
  const query = db
    .select()
    .from(loads)
    .where(condition)
    .orderBy(desc(loads.createdAt), desc(loads.id))
    .$dynamic();
  const rows = page
    ? await query.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize)
    : await query.limit(10_000);
  const [total] = await db.select({ n: count() }).from(loads).where(condition);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function loadTotals(db: DbOrTx, f: LoadWhere) {
  const [row] = await db
    .select({
      loads: count(),
      net: sum(loads.total),
      items: sum(loads.totalItems),
      quantity: sum(loads.totalQuantity),
    })
    .from(loads)
    .where(loadCondition(f));
  return row;
}

export async function ownLoad(db: DbOrTx, userId: number, loadId: number) {
  const rows = await db
    .select()
    .from(loads)
    .where(and(eq(loads.id, loadId), eq(loads.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Every line shipped in a load, with the product's catalogue facts (the load data file). */
export async function dataFileRows(db: DbOrTx, loadId: number) {
  return db
    .select({ line: purchaseOrderLines, order: purchaseOrders, product: products })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(eq(purchaseOrders.loadId, loadId))
    .orderBy(asc(purchaseOrders.poid), asc(purchaseOrderLines.id));
}

/**
 * The credit notes of a partner's approved sales returns (read only): each return's lines and, when
 * it was issued from an invoice, its credit note document (read as a whole row, so a database
 * without that column still answers).
 */
export async function approvedSalesReturns(db: DbOrTx, userId: number) {
  const result = await db.execute(sql`
    SELECT sr.lines, to_jsonb(sr) -> 'credit_note' AS credit_note
    FROM ${salesReturns} AS sr
    WHERE sr.user_id = ${userId} AND sr.status = 'AccountApproved'
    ORDER BY sr.id`);
  const rows = (result as unknown as { rows: { lines: unknown; credit_note: unknown }[] }).rows;
  return rows.map((r) => ({
    lines: (r.lines ?? []) as { poid?: string; productId?: number; amountRefundable?: string }[],
    creditNote: (r.credit_note ?? null) as {
      lines?: { poid?: string; productId?: number; total?: string }[];
    } | null,
  }));
}

export async function loadLines(db: DbOrTx, loadId: number) {
  return db
    .select({ line: purchaseOrderLines })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.poid, purchaseOrderLines.poid))
    .where(eq(purchaseOrders.loadId, loadId))
    .orderBy(asc(purchaseOrders.poid), asc(purchaseOrderLines.id));
}

export async function invoiceOfLoad(db: DbOrTx, loadId: number) {
  const rows = await db.select().from(invoices).where(eq(invoices.loadId, loadId)).limit(1);
  return rows[0] ?? null;
}

export async function invoiceOfOrder(db: DbOrTx, poid: string, kind: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.poid, poid), eq(invoices.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

/** The current margins by brand and subcategory (one row per distinct margin). */
export async function margins(db: DbOrTx) {
  return db
    .selectDistinct({
      brandId: brands.id,
      brand: brands.name,
      categoryId: categories.id,
      category: categories.name,
      subcategoryId: subcategories.id,
      subcategory: subcategories.name,
      margin: products.retailerMargin,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .orderBy(asc(brands.name), asc(categories.id), asc(subcategories.id), asc(products.retailerMargin));
}

/** The partner's tax invoices (id, number, day, load, total), oldest first; optionally of a few days. */
export async function taxInvoicesOf(db: DbOrTx, userId: number, days?: { from: string; to: string }) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.kind, TAX_INVOICE),
        days ? gte(invoices.issuedOn, days.from) : undefined,
        days ? lte(invoices.issuedOn, days.to) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.id));
}

/** The tax invoices of some loads (the load list's invoice column): one query for a page. */
export async function taxInvoicesOfLoads(db: DbOrTx, loadIds: readonly number[]) {
  if (loadIds.length === 0) return [];
  return db
    .select({ id: invoices.id, number: invoices.number, loadId: invoices.loadId, total: invoices.total })
    .from(invoices)
    .where(and(inArray(invoices.loadId, [...loadIds]), eq(invoices.kind, TAX_INVOICE)));
}

/**
 * The journal debits of some tax invoices with what the account's credits settled of each under the
 * allocation rule (credits settle the oldest debit first, by ledger day then entry: the domain's
 * `settleOldestFirst`), computed in the database and bounded by the invoices asked for: the account's
 * two sums (debits, credits) and a window over the journal from the earliest of those invoices'
 * entries on. What was debited before an entry is all debits less those from it on, so a page of
 * recent invoices reads only the recent end of a long journal. Amounts as exact numeric text.
 */
export async function invoiceSettlements(db: DbOrTx, userId: number, invoiceIds: readonly number[]) {
  if (invoiceIds.length === 0) return [];
  // one parameter however many (an export asks for up to 10,000): ids are integers, the literal is safe
  const ids = sql`${`{${invoiceIds.map((id) => Math.trunc(id)).join(",")}}`}::text[]`;
  const result = await db.execute(sql`
    WITH page AS (
      SELECT ledger_account, entry_date FROM ${ledgerEntries}
      WHERE source_kind = 'invoice' AND source_id = ANY(${ids}) AND user_id = ${userId} AND debit > 0),
    totals AS (
      SELECT ledger_account,
             coalesce(sum(debit) FILTER (WHERE debit > 0), 0) AS debits,
             greatest(coalesce(sum(credit), 0), 0) AS credits
      FROM ${ledgerEntries}
      WHERE user_id = ${userId} AND ledger_account IN (SELECT ledger_account FROM page)
      GROUP BY ledger_account),
    later AS (
      SELECT e.ledger_account, e.source_kind, e.source_id, e.debit,
             sum(e.debit) OVER (PARTITION BY e.ledger_account ORDER BY e.entry_date DESC, e.id DESC
                                ROWS UNBOUNDED PRECEDING) AS from_here
      FROM ${ledgerEntries} e
      WHERE e.user_id = ${userId} AND e.debit > 0
        AND e.ledger_account IN (SELECT ledger_account FROM page)
        AND e.entry_date >= (SELECT min(entry_date) FROM page))
    SELECT l.ledger_account, l.source_id, l.debit::text AS amount,
           least(l.debit, greatest(t.credits - (t.debits - l.from_here), 0))::text AS settled
    FROM later l JOIN totals t ON t.ledger_account = l.ledger_account
    WHERE l.source_kind = 'invoice' AND l.source_id = ANY(${ids})`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    ledger_account: number;
    source_id: string;
    amount: string;
    settled: string;
  }[];
  return rows.map((r) => ({
    invoiceId: Number(r.source_id),
    ledgerAccount: Number(r.ledger_account),
    amount: r.amount,
    settled: r.settled,
  }));
}
