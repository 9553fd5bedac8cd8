-- Account area, part 2: a C-form keeps the file the partner sent (stored under DATA_DIR) and when it was sent;
-- partners list their own sales returns and payment confirmations.
ALTER TABLE "cforms" ADD COLUMN IF NOT EXISTS "file_key" text;
--> statement-breakpoint
ALTER TABLE "cforms" ADD COLUMN IF NOT EXISTS "file_name" text;
--> statement-breakpoint
ALTER TABLE "cforms" ADD COLUMN IF NOT EXISTS "file_mime" text;
--> statement-breakpoint
ALTER TABLE "cforms" ADD COLUMN IF NOT EXISTS "file_size" integer;
--> statement-breakpoint
ALTER TABLE "cforms" ADD COLUMN IF NOT EXISTS "submitted_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cforms_user_idx" ON "cforms" USING btree ("user_id","status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_returns_user_idx" ON "sales_returns" USING btree ("user_id","invoice_date");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_user_idx" ON "payments" USING btree ("user_id","submitted_at");
