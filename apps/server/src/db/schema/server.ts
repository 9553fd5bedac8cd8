import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets every server instance must share (migration 0016): one row per name, written once by the
 * first instance (INSERT ... ON CONFLICT DO NOTHING) and read back by every instance.
 */
export const serverSecrets = pgTable(
  "server_secrets",
  {
    name: text().primaryKey(),
    value: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("server_secrets_value_length", sql`length(${t.value}) >= 16`)],
);
