-- Waybill documents keep the name they were uploaded with; kiosk stores' customer orders and their lines (products and gift vouchers).
ALTER TABLE "waybill_log" ADD COLUMN IF NOT EXISTS "file_name" text;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "kiosk_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_user_id" integer NOT NULL REFERENCES "users"("id"),
	"customer_id" integer NOT NULL REFERENCES "kiosk_customers"("id"),
	"phone_no" text NOT NULL,
	"poid" text NOT NULL REFERENCES "purchase_orders"("poid"),
	"placement_id" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"payment_mode" text NOT NULL,
	"payment_reference" text,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "kiosk_orders_status_check" CHECK ("status" IN ('Pending', 'Confirmed', 'Cancelled'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kiosk_orders_store_status_idx" ON "kiosk_orders" USING btree ("store_user_id","status","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "kiosk_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"kiosk_order_id" integer NOT NULL REFERENCES "kiosk_orders"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"product_id" integer REFERENCES "products"("id"),
	"name" text NOT NULL,
	"qty" integer NOT NULL,
	"unit_amount" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"voucher_codes" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "kiosk_order_lines_kind_check" CHECK ("kind" IN ('product', 'voucher'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kiosk_order_lines_order_idx" ON "kiosk_order_lines" USING btree ("kiosk_order_id");
