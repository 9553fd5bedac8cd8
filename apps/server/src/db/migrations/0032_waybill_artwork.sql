-- Issue 28: waybills and artworks. A partner may replace a wrong waybill document while the request
-- is open: the old log row stays (the history keeps it), marked replaced and pointing at the row of
-- the document that replaced it. The menu's count of open WH requests reads one partner's rows of one
-- status through an index. An artwork order carries a quantity of 1 to 999 (earlier orders: 1).
ALTER TABLE "waybill_log" ADD COLUMN IF NOT EXISTS "replaced_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "waybill_log" ADD COLUMN IF NOT EXISTS "replaced_by_id" integer REFERENCES "waybill_log" ("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waybills_user_status_idx" ON "waybills" ("user_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waybill_log_file_path_idx" ON "waybill_log" ("file_path") WHERE "file_path" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN IF NOT EXISTS "quantity" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_quantity_range" CHECK ("quantity" BETWEEN 1 AND 999);
