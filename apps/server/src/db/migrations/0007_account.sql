-- Account area: every order carries its source (B2B, B2F or Kiosk) and history filters by partner and dates.
ALTER TABLE "purchase_orders" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'B2B' NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_orders_user_shipped_idx" ON "purchase_orders" USING btree ("user_id","shipped_at");
