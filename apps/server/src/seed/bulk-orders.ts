/**
 * A clerk's volume for the Admin Console's bench: `count` more orders cloned from the demo world's
 * (each with its lines and an audit row of its confirmation), spread over two years before each
 * original, outside any load. Ids are `BULK000001…` with the original's stock-type letter.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = ${table} AND table_schema = current_schema() ORDER BY ordinal_position`,
  );
  return rowsOf<{ column_name: string }>(result).map((r) => r.column_name);
}

/** What a cloned order's column holds, when not the original's value. */
const ORDER_OVERRIDES: Record<string, string> = {
  // at least six digits, more past 999,999 (lpad would cut the number and repeat an id)
  poid: `'BULK' || lpad(g.n::text, greatest(6, length(g.n::text)), '0') || right(src.poid, 1)`,
  placement_id: `'bulk-' || g.n`,
  // g.n is an integer: the product in bigint, or it overflows past about 2,71,000 orders
  created_at: `src.created_at - (g.n % 730) * interval '1 day' - ((g.n::bigint * 7919) % 86400) * interval '1 second'`,
  load_id: "NULL",
};

/** Adds `count` orders in batches of `batch`; resolves to how many there are in all. */
export async function seedBulkOrders(
  db: Db,
  { count, batch = 20_000, log = () => {} }: { count: number; batch?: number; log?: (m: string) => void },
): Promise<number> {
  const orderColumns = await columnsOf(db, "purchase_orders");
  const lineColumns = (await columnsOf(db, "purchase_order_lines")).filter((c) => c !== "id");
  const orderSelect = orderColumns.map((c) => ORDER_OVERRIDES[c] ?? `src.${c}`).join(", ");
  const lineSelect = lineColumns.map((c) => (c === "poid" ? ORDER_OVERRIDES.poid : `l.${c}`)).join(", ");
  const source = `WITH src AS (
      SELECT o.*, row_number() OVER (ORDER BY o.poid) - 1 AS rn FROM purchase_orders o WHERE o.poid NOT LIKE 'BULK%'),
    total AS (SELECT count(*) AS n FROM src)`;
  const [admin] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`),
  );
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    const numbers = `(SELECT generate_series(${from}, ${to}) AS n) g JOIN src ON src.rn = g.n % (SELECT n FROM total)`;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `${source} INSERT INTO purchase_orders (${orderColumns.join(", ")}) SELECT ${orderSelect} FROM ${numbers}`,
        ),
      );
      await tx.execute(
        sql.raw(
          `${source} INSERT INTO purchase_order_lines (${lineColumns.join(", ")}) SELECT ${lineSelect} FROM ${numbers} JOIN purchase_order_lines l ON l.poid = src.poid`,
        ),
      );
      await tx.execute(
        sql.raw(`${source} INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, at)
          SELECT ${admin?.id ?? "NULL"}, 'order.confirm', 'order', ${ORDER_OVERRIDES.poid},
            '{"status":"Pending"}'::jsonb, '{"status":"Confirmed"}'::jsonb, ${ORDER_OVERRIDES.created_at} + interval '1 hour'
          FROM ${numbers}`),
      );
    });
    log(`${to} of ${count} bulk orders`);
  }
  // as autovacuum would before long: planner statistics, and the visibility map index-only scans need
  for (const table of ["purchase_orders", "purchase_order_lines", "audit_log"])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  const [all] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM purchase_orders`));
  return all?.n ?? 0;
}
