/**
 * The order history page and its stats as hand-written SQL (issue 32): each request is one round trip
 * to the database, and its SQL text is made once per shape of filter (which filters are given, the
 * sort), not per request, and run as a named (prepared) statement on PostgreSQL: the database parses
 * and plans it once per connection, and no query builder runs per request.
 *
 * The page's one query chooses the page's orders (by the filter, sorted, `limit` from `offset`), joins
 * only them with their warehouse, load, invoices and placer, counts the filter's orders (only when the
 * page does not already say how many: a short page, or an empty first page, is the count), and
 * settles the page's tax invoices (`invoiceSettlements`' computation, the same SQL) in the same
 * statement; it answers one row: the count, the rows as JSON arrays in page order, and the
 * settlements. Every value a JavaScript value is made from arrives as the text the driver would
 * have given (timestamps, dates and amounts cast to text), so the answers are the ones the query
 * builder's rows made.
 */
import {
  indiaDayEnd,
  indiaDayStart,
  ORDER_STATUSES,
  type OrderHistorySort,
  type OrderHistorySortKey,
  orderHistorySortOf,
  PROFORMA_INVOICE,
  productIdOfEan,
  TAX_INVOICE,
} from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import type { DbOrTx } from "../../db/client";
import { likePattern } from "../../lib/staff-list";
import type { HistoryWhere } from "./repo";

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

const SORT_COLUMNS: Record<OrderHistorySortKey, string> = {
  date: "o.created_at",
  poid: "o.poid",
  status: `array_position(ARRAY[${ORDER_STATUSES.map(literal).join(", ")}]::text[], o.status)`,
  amount: "o.total_mrp",
  netPayment: "o.net_payment",
  shipped: "o.shipped_at",
};

/** ORDER BY of a sort (the repo's `historyOrder`): the column, orders without it last both ways, then the PO id. */
function orderBy(sort: OrderHistorySort | undefined): string {
  const { key, direction } = orderHistorySortOf(sort);
  const column = SORT_COLUMNS[key];
  return direction === "asc"
    ? `${column} ASC NULLS LAST, o.poid ASC`
    : `${column} DESC NULLS LAST, o.poid DESC`;
}

/**
 * A filter's shape and its values, in the order of its parameters. The shape is what decides the
 * plan (which date ranges, a search or not); the other filters (status, warehouse, source) are
 * parameters that may be empty, so a few dozen statements serve every filter.
 */
interface Bound {
  shape: string;
  where: string;
  values: unknown[];
}

/** The repo's `historyCondition` over `purchase_orders o`, with its parameters from `$first` on. */
function condition(f: HistoryWhere, first = 1): Bound {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${first + values.length - 1}`;
  };
  const where = [`o.user_id = ${p(f.userId)}::int`];
  let shape = "";
  const r = f.range;
  if (r.orderFrom && r.orderTo) {
    shape += "o";
    where.push(
      `o.created_at >= ${p(indiaDayStart(r.orderFrom).toISOString())}::timestamptz`,
      `o.created_at < ${p(indiaDayEnd(r.orderTo).toISOString())}::timestamptz`,
    );
  }
  if (r.shipFrom && r.shipTo) {
    shape += "s";
    where.push(
      `o.shipped_at >= ${p(indiaDayStart(r.shipFrom).toISOString())}::timestamptz`,
      `o.shipped_at < ${p(indiaDayEnd(r.shipTo).toISOString())}::timestamptz`,
    );
  }
  const status = p(r.status);
  where.push(`(cardinality(${status}::text[]) = 0 OR o.status = ANY(${status}::text[]))`);
  const warehouse = p(f.warehouseId || null);
  where.push(`(${warehouse}::int IS NULL OR o.warehouse_id = ${warehouse}::int)`);
  const source = p(f.source || null);
  where.push(`(${source}::text IS NULL OR o.source = ${source}::text)`);
  const q = f.q?.trim();
  if (q) {
    // the repo's `searchCondition`: the PO id, a line's product name or id (a number or the EAN-13), an invoice number
    const productId = productIdOfEan(q) ?? (/^\d{1,9}$/.test(q) ? Number(q) : null);
    shape += productId === null ? "q" : "Q";
    const like = p(likePattern(q));
    const byId = productId === null ? "" : ` OR l.product_id = ${p(productId)}::int`;
    where.push(`(o.poid ILIKE ${like}::text
    OR EXISTS (SELECT 1 FROM purchase_order_lines l WHERE l.poid = o.poid
      AND (l.product_name ILIKE ${like}::text${byId}))
    OR EXISTS (SELECT 1 FROM invoices i WHERE i.number ILIKE ${like}::text
      AND (i.poid = o.poid OR i.load_id = o.load_id)))`);
  }
  return { shape, where: where.join("\n      AND "), values };
}

/** A statement made once per shape: its SQL text and the name it is prepared under. */
const statements = new Map<string, { name: string; text: string }>();
function statement(key: string, make: () => string) {
  let found = statements.get(key);
  if (!found) {
    found = { name: `account_${statements.size + 1}_${key.replace(/[^A-Za-z0-9]/g, "_")}`, text: make() };
    statements.set(key, found);
  }
  return found;
}

/** `$n` placeholders and values as a Drizzle query (a transaction, or PGlite). */
function asDrizzle(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 1 ? sql.param(values[Number(part) - 1]) : sql.raw(part))),
  );
}

/**
 * The filter and the sort as Drizzle SQL over `purchase_orders o`, for queries built around them
 * (the history's CSV export): the same conditions and order as the page's statement.
 */
export function historyFilterSql(f: HistoryWhere, sort: OrderHistorySort | undefined) {
  const { where, values } = condition(f);
  return { where: asDrizzle(where, values), order: sql.raw(orderBy(sort)) };
}

/**
 * Runs a statement: on a PostgreSQL pool as a named statement (parsed and planned once per
 * connection), otherwise through Drizzle (PGlite, a transaction).
 */
async function run<R>(db: DbOrTx, s: { name: string; text: string }, values: unknown[]): Promise<R[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(db instanceof PgTransaction) && client instanceof pg.Pool) {
    const result = await client.query({ name: s.name, text: s.text, values });
    return result.rows as R[];
  }
  const result = await db.execute(asDrizzle(s.text, values));
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as R[];
}

/** A page row as the query answers it (JSON array); see `pageRowOf`. */
type RawRow = [
  poid: string,
  createdAt: string,
  paymentDate: string | null,
  totalItems: number,
  totalQuantity: number,
  totalMrp: string,
  couponDiscount: string,
  netPayment: string,
  status: string,
  maxShipDate: string,
  shippedAt: string | null,
  warehouseId: number,
  warehouseName: string,
  stockType: string,
  source: string,
  docketNo: string | null,
  transporterNo: string | null,
  gapReport: number,
  loadId: number | null,
  loadDocketNo: string | null,
  loadTransporter: string | null,
  loadActualShippingDate: string | null,
  loadTotal: string | null,
  taxInvoiceId: number | null,
  taxInvoiceNumber: string | null,
  proformaNumber: string | null,
  memberFirstname: string | null,
  memberLastname: string | null,
  memberRole: string | null,
];

/** What a history page shows of an order and what it joins (the query builder's row, only the fields used). */
export interface HistoryPageRow {
  order: {
    poid: string;
    createdAt: Date;
    paymentDate: Date | null;
    totalItems: number;
    totalQuantity: number;
    totalMrp: string;
    couponDiscount: string;
    netPayment: string;
    status: string;
    maxShipDate: Date;
    shippedAt: Date | null;
    warehouseId: number;
    stockType: string;
    source: string;
    docketNo: string | null;
    transporterNo: string | null;
    gapReport: number;
  };
  warehouseName: string;
  load: {
    id: number;
    docketNo: string | null;
    transporter: string | null;
    actualShippingDate: string | null;
    total: string;
  } | null;
  taxInvoice: { id: number; number: string } | null;
  proformaNumber: string | null;
  placedBy: { firstname: string; lastname: string; role: string } | null;
}

const at = (text: string | null) => (text === null ? null : new Date(text));

function pageRowOf(r: RawRow): HistoryPageRow {
  return {
    order: {
      poid: r[0],
      createdAt: new Date(r[1]),
      paymentDate: at(r[2]),
      totalItems: r[3],
      totalQuantity: r[4],
      totalMrp: r[5],
      couponDiscount: r[6],
      netPayment: r[7],
      status: r[8],
      maxShipDate: new Date(r[9]),
      shippedAt: at(r[10]),
      warehouseId: r[11],
      stockType: r[13],
      source: r[14],
      docketNo: r[15],
      transporterNo: r[16],
      gapReport: r[17],
    },
    warehouseName: r[12],
    load:
      r[18] === null
        ? null
        : {
            id: r[18],
            docketNo: r[19],
            transporter: r[20],
            actualShippingDate: r[21],
            total: r[22] as string,
          },
    taxInvoice: r[23] === null ? null : { id: r[23], number: r[24] as string },
    proformaNumber: r[25],
    placedBy: r[26] === null ? null : { firstname: r[26], lastname: r[27] as string, role: r[28] as string },
  };
}

/** A settlement of one of the page's tax invoices (`invoiceSettlements`' row). */
export interface PageSettlement {
  invoiceId: number;
  ledgerAccount: number;
  amount: string;
  settled: string;
}

/**
 * A history page in one statement: the page's rows in order, the count of the filter's orders and
 * what the page's tax invoices are settled (every row's tax invoice, Shipped or not, as before).
 */
export async function historyPage(
  db: DbOrTx,
  f: HistoryWhere,
  page: { limit: number; offset: number; sort?: OrderHistorySort | undefined },
): Promise<{ rows: HistoryPageRow[]; count: number; settlements: PageSettlement[] }> {
  const bound = condition(f, 4);
  const { key, direction } = orderHistorySortOf(page.sort);
  const s = statement(`h_${bound.shape}_${direction}_${key}`, () => {
    const order = orderBy(page.sort);
    return `WITH chosen AS (
      SELECT o.poid FROM purchase_orders o
      WHERE ${bound.where}
      ORDER BY ${order}
      LIMIT $2::int OFFSET $3::int),
    rows AS (
      SELECT row_number() OVER (ORDER BY ${order}) AS n, t.id AS tax_invoice_id,
        json_build_array(o.poid, o.created_at::text, o.payment_date::text, o.total_items,
          o.total_quantity, o.total_mrp::text, o.coupon_discount::text, o.net_payment::text, o.status,
          o.max_ship_date::text, o.shipped_at::text, o.warehouse_id, w.name, o.stock_type, o.source,
          o.docket_no, o.transporter_no, o.gap_report, ld.id, ld.docket_no, ld.transporter,
          ld.actual_shipping_date::text, ld.total::text, t.id, t.number, pf.number, m.firstname,
          m.lastname, m.role) AS r
      FROM purchase_orders o
      JOIN chosen c ON c.poid = o.poid
      JOIN warehouses w ON w.id = o.warehouse_id
      LEFT JOIN store_members m ON m.id = o.placed_by_member_id
      LEFT JOIN loads ld ON ld.id = o.load_id
      LEFT JOIN invoices t ON t.load_id = o.load_id AND t.kind = ${literal(TAX_INVOICE)}
      LEFT JOIN invoices pf ON pf.poid = o.poid AND pf.kind = ${literal(PROFORMA_INVOICE)}),
    ids AS (SELECT DISTINCT tax_invoice_id::text AS id FROM rows WHERE tax_invoice_id IS NOT NULL),
    page AS (
      SELECT ledger_account, entry_date FROM ledger_entries
      WHERE source_kind = 'invoice' AND source_id IN (SELECT id FROM ids) AND user_id = $1::int AND debit > 0),
    totals AS (
      SELECT ledger_account,
             coalesce(sum(debit) FILTER (WHERE debit > 0), 0) AS debits,
             greatest(coalesce(sum(credit), 0), 0) AS credits
      FROM ledger_entries
      WHERE user_id = $1::int AND ledger_account IN (SELECT ledger_account FROM page)
      GROUP BY ledger_account),
    later AS (
      SELECT e.ledger_account, e.source_kind, e.source_id, e.debit,
             sum(e.debit) OVER (PARTITION BY e.ledger_account ORDER BY e.entry_date DESC, e.id DESC
                                ROWS UNBOUNDED PRECEDING) AS from_here
      FROM ledger_entries e
      WHERE e.user_id = $1::int AND e.debit > 0
        AND e.ledger_account IN (SELECT ledger_account FROM page)
        AND e.entry_date >= (SELECT min(entry_date) FROM page)),
    settled AS (
      SELECT l.source_id, l.ledger_account,
             l.debit::text AS amount,
             least(l.debit, greatest(t.credits - (t.debits - l.from_here), 0))::text AS settled
      FROM later l JOIN totals t ON t.ledger_account = l.ledger_account
      WHERE l.source_kind = 'invoice' AND l.source_id IN (SELECT id FROM ids)),
    shown AS (SELECT count(*)::int AS n FROM chosen)
    SELECT
      CASE WHEN shown.n < $2::int AND (shown.n > 0 OR $3::int = 0) THEN $3::int + shown.n
           ELSE (SELECT count(*)::int FROM purchase_orders o WHERE ${bound.where}) END AS count,
      (SELECT json_agg(r ORDER BY n) FROM rows) AS rows,
      (SELECT json_agg(json_build_array(source_id, ledger_account, amount, settled)) FROM settled) AS settled
    FROM shown`;
  });
  const [row] = await run<{
    count: number;
    rows: RawRow[] | null;
    settled: [string, number, string, string][] | null;
  }>(db, s, [f.userId, page.limit, page.offset, ...bound.values]);
  return {
    rows: (row?.rows ?? []).map(pageRowOf),
    count: Number(row?.count ?? 0),
    settlements: (row?.settled ?? []).map(([id, account, amount, settled]) => ({
      invoiceId: Number(id),
      ledgerAccount: Number(account),
      amount,
      settled,
    })),
  };
}

/** The filter's order count and totals (the repo's `stats`), sums as the database's exact text. */
export async function historyStats(db: DbOrTx, f: HistoryWhere) {
  const bound = condition(f, 1);
  const s = statement(
    `s_${bound.shape}`,
    () => `SELECT count(*)::int AS orders, sum(o.total_items)::text AS items,
      sum(o.total_quantity)::text AS quantity, sum(o.total_mrp)::text AS mrp, sum(o.net_payment)::text AS net
    FROM purchase_orders o
    WHERE ${bound.where}`,
  );
  const [row] = await run<{
    orders: number;
    items: string | null;
    quantity: string | null;
    mrp: string | null;
    net: string | null;
  }>(db, s, bound.values);
  return row;
}
