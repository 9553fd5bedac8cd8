/**
 * Transactions PostgreSQL may abort to keep its promises: a deadlock (40P01) or a serialisation
 * conflict (40001) rolls the whole transaction back, and running it again from the start is safe
 * and expected. Staff steps, placements and payments take locks on shared rows (stock, the kept
 * order counts, document counters) in orders that can cross under load: they run here, so the
 * loser of a deadlock is run again instead of answering 500.
 */
import type { Db, Tx } from "./client";

const RETRYABLE = new Set(["40P01", "40001"]);
/** How often a transaction is tried in all before its conflict is the caller's error. */
export const TRANSACTION_ATTEMPTS = 3;

/** True when `error` (or its cause, as drizzle wraps the driver's error) is such an abort. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * `db.transaction(work)`, run again (up to `TRANSACTION_ATTEMPTS` times in all) when PostgreSQL
 * aborted it for a deadlock or a serialisation conflict. `work` must touch nothing but the
 * transaction: what it did is rolled back before it runs again.
 */
export async function retryingTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt < TRANSACTION_ATTEMPTS && isRetryableConflict(error)) continue;
      throw error;
    }
  }
}
