import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/** The PostgreSQL channel every instance listens on for committed stock changes. */
export const STOCK_CHANNEL = "portal_stock";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: ids go in chunks well below. */
const PAYLOAD_LIMIT = 7000;

/**
 * Tells every instance (through PostgreSQL's NOTIFY, or PGlite's in-process) that the stock of these
 * products changed. Called inside the transaction that changes it: PostgreSQL delivers the notice
 * only when that transaction commits, and never when it rolls back; the same payload twice in one
 * transaction is delivered once.
 */
export async function notifyStockChanged(tx: DbOrTx, productIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const chunks: string[] = [];
  let chunk = "";
  for (const id of ids) {
    const next = chunk ? `${chunk},${id}` : String(id);
    if (next.length > PAYLOAD_LIMIT) {
      chunks.push(chunk);
      chunk = String(id);
    } else chunk = next;
  }
  if (chunk) chunks.push(chunk);
  for (const payload of chunks) await tx.execute(sql`SELECT pg_notify(${STOCK_CHANNEL}, ${payload})`);
}

/** The product ids of one notice's payload; anything else in it is ignored. */
export const productIdsOf = (payload: string): number[] =>
  payload
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
