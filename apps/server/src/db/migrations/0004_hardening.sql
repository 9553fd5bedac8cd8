-- Hardening (issue 12): limits counted in the database so several instances count together, a
-- version per user that drops cached mapping and rules on every instance, and stock that cannot
-- go below zero whatever a conditional update misses.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "context_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_stock_not_negative" CHECK ("stock" >= 0);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_current_stock_not_negative" CHECK ("current_stock" >= 0);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
