/**
 * The dashboard's queries: sums over the store's own documents (tax invoices, purchase orders and
 * their lines), nothing stored. Amounts come back as integer paise in text (exact on both drivers),
 * lead times as seconds.
 */
import { TAX_INVOICE } from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

async function all<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Paise of a numeric sum, as text. */
const paise = (expression: SQL) => sql`coalesce(round(${expression} * 100), 0)::bigint::text`;

/**
 * The tax invoices issued from `from` to `to`, in one pass: per month and warehouse their count and
 * totals (kind "invoice"), the financial year to date's (kind "year", from `yearFrom`); and per month, warehouse and product
 * category what their goods lines cost (the lines' totals) and their MRP value (quantity × the order
 * line's MRP) (kind "goods"), and the shipping charges billed beside the goods (kind "shipping").
 */
export function invoiceSums(
  db: DbOrTx,
  userId: number,
  range: { from: string; to: string; yearFrom: string },
) {
  const { from, to, yearFrom } = range;
  const spendFrom = [yearFrom, from].sort()[0] as string;
  return all<{
    kind: "invoice" | "goods" | "shipping" | "year";
    month: string;
    warehouse_id: number;
    warehouse_name: string;
    category_id: number | null;
    category_name: string | null;
    invoices: number;
    amount: string;
    mrp_value: string;
  }>(
    db,
    sql`
      WITH inv AS (
        SELECT i.id, i.issued_on, i.warehouse_id, w.name AS warehouse_name, i.total, i.document,
               to_char(i.issued_on, 'YYYY-MM') AS month
        FROM invoices i JOIN warehouses w ON w.id = i.warehouse_id
        WHERE i.user_id = ${userId} AND i.kind = ${TAX_INVOICE} AND i.issued_on BETWEEN ${spendFrom} AND ${to}
      ), lines AS (
        SELECT inv.month, inv.warehouse_id, inv.warehouse_name, l->>'poid' AS poid, (l->>'productId')::int AS product_id,
               (l->>'quantity')::int AS quantity, (l->>'total')::numeric AS total
        FROM inv, jsonb_array_elements(inv.document->'lines') AS l
        WHERE inv.issued_on >= ${from}
      )
      SELECT 'invoice' AS kind, month, warehouse_id, warehouse_name, NULL::int AS category_id,
             NULL::text AS category_name, count(*)::int AS invoices,
             ${paise(sql`sum(total)`)} AS amount, '0' AS mrp_value
      FROM inv WHERE issued_on >= ${from} GROUP BY month, warehouse_id, warehouse_name
      UNION ALL
      SELECT 'year', ${yearFrom.slice(0, 7)}, 0, '', NULL, NULL, count(*)::int, ${paise(sql`sum(total)`)}, '0'
      FROM inv WHERE issued_on >= ${yearFrom}
      UNION ALL
      SELECT 'goods', lines.month, lines.warehouse_id, lines.warehouse_name, p.category_id, c.name, count(*)::int,
             ${paise(sql`sum(lines.total)`)}, ${paise(sql`sum(lines.quantity * ol.mrp)`)}
      FROM lines
      JOIN products p ON p.id = lines.product_id
      LEFT JOIN categories c ON c.id = p.category_id
      LEFT JOIN LATERAL (
        SELECT pl.mrp FROM purchase_order_lines pl
        WHERE pl.poid = lines.poid AND pl.product_id = lines.product_id ORDER BY pl.id LIMIT 1
      ) ol ON true
      GROUP BY lines.month, lines.warehouse_id, lines.warehouse_name, p.category_id, c.name
      UNION ALL
      SELECT 'shipping', month, warehouse_id, warehouse_name, NULL, NULL, count(*)::int,
             ${paise(sql`sum((document->'shippingCharge'->>'amount')::numeric)`)}, '0'
      FROM inv WHERE issued_on >= ${from} AND document->'shippingCharge'->>'amount' IS NOT NULL
      GROUP BY month, warehouse_id, warehouse_name`,
  );
}

/**
 * The lines of the orders placed from `start` to before `end` (India days), each with its units as
 * the gap report counts them: confirmed (a delivered order's from its tax invoice, which billed what
 * shipped), shipped, and the gap of a delivered or cancelled order (ordered less delivered).
 */
const orderLines = (userId: number, start: Date, end: Date) => sql`
  o AS (
    SELECT poid, status, load_id, created_at,
           to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS month
    FROM purchase_orders
    WHERE user_id = ${userId} AND created_at >= ${start.toISOString()}::timestamptz
      AND created_at < ${end.toISOString()}::timestamptz
  ), billed AS (
    SELECT l->>'poid' AS poid, (l->>'productId')::int AS product_id, sum((l->>'quantity')::int) AS quantity
    FROM invoices i, jsonb_array_elements(i.document->'lines') AS l
    WHERE i.user_id = ${userId} AND i.kind = ${TAX_INVOICE}
      AND i.load_id IN (SELECT load_id FROM o WHERE status = 'Delivered' AND load_id IS NOT NULL)
    GROUP BY 1, 2
  ), units AS (
    SELECT o.month, o.poid, o.status, o.created_at, pl.product_id, pl.product_name, pl.actual_price,
           pl.ordered_quantity AS ordered,
           CASE WHEN o.status IN ('Pending', 'Cancelled') THEN 0
                WHEN o.status = 'Delivered' AND o.load_id IS NOT NULL THEN coalesce(b.quantity, 0)
                ELSE pl.quantity END AS confirmed,
           CASE WHEN o.status NOT IN ('Shipped', 'Delivered') THEN 0
                WHEN o.status = 'Delivered' AND o.load_id IS NOT NULL THEN coalesce(b.quantity, 0)
                ELSE pl.quantity END AS shipped,
           CASE WHEN o.status IN ('Delivered', 'Cancelled')
                THEN greatest(0, pl.ordered_quantity - coalesce(pl.delivered_quantity,
                       CASE WHEN o.status = 'Delivered' THEN pl.quantity ELSE 0 END))
                ELSE 0 END AS gap
    FROM o
    JOIN purchase_order_lines pl ON pl.poid = o.poid
    LEFT JOIN billed b ON b.poid = pl.poid AND b.product_id = pl.product_id
  )`;

/**
 * Of the orders placed in the period: per month the units ordered, confirmed and shipped and the
 * gaps (kind "month"), and per product with a gap its units, value and the latest order that has it
 * (kind "product").
 */
export function unitSums(db: DbOrTx, userId: number, start: Date, end: Date) {
  return all<{
    kind: "month" | "product";
    month: string | null;
    product_id: number | null;
    name: string | null;
    ordered: number;
    confirmed: number;
    shipped: number;
    gap: number;
    gap_value: string;
    latest_poid: string | null;
  }>(
    db,
    sql`
      WITH ${orderLines(userId, start, end)}
      SELECT CASE WHEN GROUPING(month) = 0 THEN 'month' ELSE 'product' END AS kind,
             month, product_id, max(product_name) AS name,
             sum(ordered)::int AS ordered, sum(confirmed)::int AS confirmed,
             sum(shipped)::int AS shipped, sum(gap)::int AS gap,
             ${paise(sql`sum(gap * actual_price)`)} AS gap_value,
             (array_agg(poid ORDER BY created_at DESC, poid DESC) FILTER (WHERE gap > 0))[1] AS latest_poid
      FROM units
      GROUP BY GROUPING SETS ((month), (product_id))
      HAVING GROUPING(month) = 0 OR sum(gap) > 0`,
  );
}

const seconds = (later: string, earlier: string) => sql.raw(`extract(epoch FROM ${later} - ${earlier})`);
const stage = (name: string, later: string, earlier: string) => {
  const took = seconds(later, earlier);
  const has = sql.raw(`${later} IS NOT NULL AND ${earlier} IS NOT NULL`);
  return sql`
    percentile_cont(0.5) WITHIN GROUP (ORDER BY ${took}) FILTER (WHERE ${has}) AS ${sql.raw(`${name}_median`)},
    percentile_cont(0.9) WITHIN GROUP (ORDER BY ${took}) FILTER (WHERE ${has}) AS ${sql.raw(`${name}_p90`)},
    count(*) FILTER (WHERE ${has})::int AS ${sql.raw(`${name}_orders`)}`;
};

export interface LeadTimeRow {
  warehouse_id: number;
  name: string;
  confirm_median: number | string | null;
  confirm_p90: number | string | null;
  confirm_orders: number;
  ship_median: number | string | null;
  ship_p90: number | string | null;
  ship_orders: number;
  deliver_median: number | string | null;
  deliver_p90: number | string | null;
  deliver_orders: number;
}

/** Per warehouse, the median and 90th percentile (seconds) of each step of the orders placed in the period. */
export function leadTimes(db: DbOrTx, userId: number, start: Date, end: Date) {
  return all<LeadTimeRow>(
    db,
    sql`
      SELECT o.warehouse_id, w.name,
        ${stage("confirm", "o.confirmed_at", "o.created_at")},
        ${stage("ship", "o.shipped_at", "o.confirmed_at")},
        ${stage("deliver", "o.delivered_at", "o.shipped_at")}
      FROM purchase_orders o JOIN warehouses w ON w.id = o.warehouse_id
      WHERE o.user_id = ${userId} AND o.created_at >= ${start.toISOString()}::timestamptz
        AND o.created_at < ${end.toISOString()}::timestamptz
      GROUP BY o.warehouse_id, w.name
      HAVING count(*) FILTER (WHERE o.confirmed_at IS NOT NULL) > 0
      ORDER BY o.warehouse_id`,
  );
}
