/** Queries of the monthly statement by mail: who asked for it, the once-per-month claim, the partner. */
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ledgerStatementMails, partnerPreferences, users } from "../../db/schema";

export { accountsWithEntries } from "./statement-repo";

/** Active partners with the ledger who asked for the monthly statement, by id. */
export async function subscribers(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(partnerPreferences)
    .innerJoin(users, eq(users.id, partnerPreferences.userId))
    .where(
      and(
        eq(partnerPreferences.monthlyStatement, true),
        eq(users.enableLedger, true),
        eq(users.active, true),
        eq(users.role, "user"),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** Claims the partner's statement of a month: true once, false when it was claimed already (unique key). */
export async function claim(db: DbOrTx, userId: number, month: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(ledgerStatementMails)
    .values({ userId, month, queuedAt: at })
    .onConflictDoNothing({ target: [ledgerStatementMails.userId, ledgerStatementMails.month] })
    .returning({ id: ledgerStatementMails.id });
  return rows.length > 0;
}

export async function markSent(db: DbOrTx, userId: number, month: string, at: Date): Promise<void> {
  await db
    .update(ledgerStatementMails)
    .set({ sentAt: at })
    .where(and(eq(ledgerStatementMails.userId, userId), eq(ledgerStatementMails.month, month)));
}

/** The partner a statement goes to, with their setting now (null when no such partner). */
export async function partner(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      storeName: users.storeName,
      enableLedger: users.enableLedger,
      monthlyStatement: partnerPreferences.monthlyStatement,
    })
    .from(users)
    .leftJoin(partnerPreferences, eq(partnerPreferences.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
