CREATE SEQUENCE "public"."purchase_order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"parent" text NOT NULL,
	"stock_type" text NOT NULL,
	"mrp" numeric(14, 2) NOT NULL,
	"wh_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"poid" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"product_desc" text NOT NULL,
	"hsn_code" text NOT NULL,
	"stock_type" text NOT NULL,
	"is_returnable" boolean NOT NULL,
	"minimum_ship_hours" integer NOT NULL,
	"mrp" numeric(14, 2) NOT NULL,
	"actual_price" numeric(14, 2) NOT NULL,
	"base_cost" numeric(14, 2) NOT NULL,
	"ordered_quantity" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_price" numeric(14, 2) NOT NULL,
	"total_base" numeric(14, 2) NOT NULL,
	"gst_rate" numeric(5, 2) NOT NULL,
	"cgst_rate" numeric(5, 2) NOT NULL,
	"sgst_rate" numeric(5, 2) NOT NULL,
	"igst_rate" numeric(5, 2) NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"poid" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"warehouse_group" text NOT NULL,
	"stock_type" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"placement_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_date" timestamp with time zone,
	"max_ship_date" timestamp with time zone NOT NULL,
	"total_items" integer NOT NULL,
	"total_quantity" integer NOT NULL,
	"total_mrp" numeric(14, 2) NOT NULL,
	"total_base" numeric(14, 2) NOT NULL,
	"total_cgst" numeric(14, 2) NOT NULL,
	"total_sgst" numeric(14, 2) NOT NULL,
	"total_igst" numeric(14, 2) NOT NULL,
	"coupon_discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"net_payment" numeric(14, 2) NOT NULL,
	"gst_type" text NOT NULL,
	"shipping_charge" boolean DEFAULT false NOT NULL,
	"docket_no" text,
	"transporter_no" text,
	"gap_report" integer DEFAULT 0 NOT NULL,
	"shipping_name" text NOT NULL,
	"shipping_address1" text NOT NULL,
	"shipping_address2" text,
	"shipping_city" text NOT NULL,
	"shipping_state" text NOT NULL,
	"shipping_pincode" text NOT NULL,
	"shipping_phone" text NOT NULL,
	"billing_name" text NOT NULL,
	"billing_address1" text NOT NULL,
	"billing_address2" text,
	"billing_city" text NOT NULL,
	"billing_state" text NOT NULL,
	"billing_pincode" text NOT NULL,
	"billing_gst_no" text
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_poid_purchase_orders_poid_fk" FOREIGN KEY ("poid") REFERENCES "public"."purchase_orders"("poid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_poid_idx" ON "purchase_order_lines" USING btree ("poid");--> statement-breakpoint
CREATE INDEX "purchase_orders_user_created_idx" ON "purchase_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_placement_idx" ON "purchase_orders" USING btree ("placement_id");