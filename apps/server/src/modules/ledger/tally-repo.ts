/** The Tally export's query: what each journal entry of a partner refers to (a tax invoice's totals). */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { invoices, ledgerEntries } from "../../db/schema";
import type { InvoiceTotals } from "./statement-repo";

/** The user's entries by id with their source, and a sales entry's tax invoice totals. */
export async function entrySources(db: DbOrTx, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: ledgerEntries.id,
      sourceKind: ledgerEntries.sourceKind,
      sacCode: ledgerEntries.sacCode,
      noteType: ledgerEntries.noteType,
      invoiceTotals: sql<InvoiceTotals | null>`${invoices.document} -> 'totals'`,
    })
    .from(ledgerEntries)
    .leftJoin(
      invoices,
      and(eq(ledgerEntries.sourceKind, "invoice"), sql`${invoices.id}::text = ${ledgerEntries.sourceId}`),
    )
    .where(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.id, [...ids])));
}
