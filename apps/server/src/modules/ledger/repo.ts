import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ledgerEntries, users } from "../../db/schema";

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** Appends entries; an entry whose source already posted is skipped (posting is idempotent). */
export async function append(db: DbOrTx, entries: readonly NewLedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(ledgerEntries)
    .values([...entries])
    .onConflictDoNothing({ target: [ledgerEntries.sourceKind, ledgerEntries.sourceId] });
}

/** Appends one entry unless its source already posted; answers whether it was written. */
export async function appendOne(db: DbOrTx, entry: NewLedgerEntry): Promise<boolean> {
  const written = await db
    .insert(ledgerEntries)
    .values(entry)
    .onConflictDoNothing({ target: [ledgerEntries.sourceKind, ledgerEntries.sourceId] })
    .returning({ id: ledgerEntries.id });
  return written.length > 0;
}

export async function entries(
  db: DbOrTx,
  userId: number,
  ledgerAccount: number,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const where = [eq(ledgerEntries.userId, userId), eq(ledgerEntries.ledgerAccount, ledgerAccount)];
  if (range.from) where.push(gte(ledgerEntries.entryDate, range.from));
  if (range.to) where.push(lte(ledgerEntries.entryDate, range.to));
  return db
    .select()
    .from(ledgerEntries)
    .where(and(...where))
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

/** Debit minus credit of the entries (before `before` when given, up to `upTo` when given), as exact numeric text. */
export async function balance(
  db: DbOrTx,
  userId: number,
  ledgerAccount: number,
  bounds: { before?: string | undefined; upTo?: string | undefined } = {},
): Promise<string> {
  const where = [eq(ledgerEntries.userId, userId), eq(ledgerEntries.ledgerAccount, ledgerAccount)];
  if (bounds.before) where.push(lt(ledgerEntries.entryDate, bounds.before));
  if (bounds.upTo) where.push(lte(ledgerEntries.entryDate, bounds.upTo));
  const [row] = await db
    .select({
      b: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)::numeric(14,2)::text`,
    })
    .from(ledgerEntries)
    .where(and(...where));
  return row?.b ?? "0.00";
}

/** Partners with a debit balance on an account, with the day of their oldest unpaid debit (for ageing). */
export async function debitBalances(db: DbOrTx, upTo: string) {
  const result = await db.execute(sql`
    SELECT user_id, ledger_account,
           sum(debit - credit)::numeric(14,2)::text AS balance
    FROM ${ledgerEntries}
    WHERE entry_date <= ${upTo}
    GROUP BY user_id, ledger_account
    HAVING sum(debit - credit) > 0`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    user_id: number;
    ledger_account: number;
    balance: string;
  }[];
  return rows.map((r) => ({
    userId: Number(r.user_id),
    ledgerAccount: Number(r.ledger_account),
    balance: r.balance,
  }));
}

/** Debit entries (sales invoices and debit notes) of a user and account, oldest first. */
export async function debits(db: DbOrTx, userId: number, ledgerAccount: number, upTo: string) {
  return db
    .select({ entryDate: ledgerEntries.entryDate, debit: ledgerEntries.debit })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.ledgerAccount, ledgerAccount),
        lte(ledgerEntries.entryDate, upTo),
        sql`${ledgerEntries.debit} > 0`,
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id));
}

export async function bySource(db: DbOrTx, sourceKind: string, sourceId: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sourceKind, sourceKind), eq(ledgerEntries.sourceId, sourceId)))
    .limit(1);
}

/** The partner's stored state, shipping first (null when neither is stored); null when no such partner. */
export async function partnerState(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ state: users.state, shippingState: users.shippingState })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return row ? { state: row.shippingState ?? row.state } : null;
}

/**
 * Every partner's debits (oldest first) and total credits per ledger account up to a day, for the
 * accounts with a debit balance: what receivables ageing reads.
 */
export async function receivableEntries(db: DbOrTx, upTo: string) {
  const owing = sql`(user_id, ledger_account) IN (
    SELECT user_id, ledger_account FROM ${ledgerEntries} WHERE entry_date <= ${upTo}
    GROUP BY user_id, ledger_account HAVING sum(debit - credit) > 0)`;
  const debitRows = await db.execute(sql`
    SELECT user_id, ledger_account, entry_date::text AS day, debit::text AS amount
    FROM ${ledgerEntries}
    WHERE entry_date <= ${upTo} AND debit > 0 AND ${owing}
    ORDER BY user_id, ledger_account, entry_date, id`);
  const creditRows = await db.execute(sql`
    SELECT user_id, ledger_account, sum(credit)::numeric(14,2)::text AS credits
    FROM ${ledgerEntries}
    WHERE entry_date <= ${upTo} AND ${owing}
    GROUP BY user_id, ledger_account`);
  const rowsOf = <T>(result: unknown) =>
    (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
  return {
    debits: rowsOf<{ user_id: number; ledger_account: number; day: string; amount: string }>(debitRows),
    credits: rowsOf<{ user_id: number; ledger_account: number; credits: string }>(creditRows),
  };
}
