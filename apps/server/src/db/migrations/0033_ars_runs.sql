-- ARS runs (issue 28): each weekly (or staff-started) ARS replenishment of a partner, with what it
-- planned, what it placed (lines, units, purchase orders) and each refused line with the reason in
-- the partner's words. One run per partner and run day: a run asked again answers the same record.
CREATE TABLE IF NOT EXISTS "ars_runs" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "run_day" date NOT NULL,
  "started_by" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "planned_lines" integer NOT NULL,
  "planned_units" integer NOT NULL,
  "placed_lines" integer NOT NULL,
  "placed_units" integer NOT NULL,
  "poids" jsonb NOT NULL,
  "placed" jsonb NOT NULL,
  "refused" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ars_runs_user_day_idx" ON "ars_runs" ("user_id", "run_day");
