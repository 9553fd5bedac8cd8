-- The monthly ledger statement by mail (issue 28): the partner's setting, and one row per partner
-- and month once the statement is queued (the unique key keeps two instances from mailing it twice).
CREATE TABLE IF NOT EXISTS "partner_preferences" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "monthly_statement" boolean NOT NULL DEFAULT false,
  "updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_statement_mails" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "month" text NOT NULL,
  "queued_at" timestamp with time zone NOT NULL,
  "sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_statement_mails_user_month_idx" ON "ledger_statement_mails" ("user_id", "month");
