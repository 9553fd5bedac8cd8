/**
 * The monthly ledger statement by mail: the partner's setting (their profile) and one row per
 * partner and month once the statement is queued, so two instances never mail it twice.
 */
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

const at = () => timestamp({ withTimezone: true });

/** A partner's own settings (one row once they change one; none: the defaults). */
export const partnerPreferences = pgTable("partner_preferences", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Mail last month's ledger statement (PDF) on the 1st of each month. */
  monthlyStatement: boolean().notNull().default(false),
  updatedAt: at().notNull(),
});

/** A monthly statement queued for a partner (month: yyyy-MM of the statement); at most one each. */
export const ledgerStatementMails = pgTable(
  "ledger_statement_mails",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text().notNull(),
    queuedAt: at().notNull(),
    sentAt: at(),
  },
  (t) => [uniqueIndex("ledger_statement_mails_user_month_idx").on(t.userId, t.month)],
);
