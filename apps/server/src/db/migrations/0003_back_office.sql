ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "load_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "auto_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "ledger_account" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD COLUMN "delivered_quantity" integer;--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE TABLE "account_type_settings" (
	"account_type" text PRIMARY KEY NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"delay_minutes" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
INSERT INTO "account_type_settings" ("account_type", "auto_confirm", "delay_minutes") VALUES
	('franchise', false, 60), ('stockist', false, 60), ('kiosk', true, 30), ('admin', false, 60);--> statement-breakpoint
CREATE TABLE "loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"warehouse_id" integer NOT NULL REFERENCES "warehouses"("id"),
	"status" text DEFAULT 'Ready To Dispatch' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estimated_shipping_date" date,
	"actual_shipping_date" date,
	"handed_over_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"docket_no" text,
	"transporter" text,
	"total_items" integer NOT NULL,
	"total_quantity" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "loads_user_idx" ON "loads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loads_status_idx" ON "loads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "purchase_orders_load_idx" ON "purchase_orders" USING btree ("load_id");--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"warehouse_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_pk" PRIMARY KEY("warehouse_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"warehouse_id" integer NOT NULL REFERENCES "warehouses"("id"),
	"poid" text REFERENCES "purchase_orders"("poid"),
	"load_id" integer REFERENCES "loads"("id"),
	"financial_year" text NOT NULL,
	"seq" integer,
	"issued_on" date NOT NULL,
	"tax_regime" text NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_key" ON "invoices" USING btree ("warehouse_id","financial_year","seq") WHERE "seq" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_on");--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"ledger_account" integer NOT NULL,
	"entry_date" date NOT NULL,
	"voucher_type" text NOT NULL,
	"voucher_number" text NOT NULL,
	"debit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"note_type" text,
	"sac_code" text,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"docket_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_one_side" CHECK (("debit" >= 0) AND ("credit" >= 0) AND (("debit" = 0) OR ("credit" = 0)))
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","ledger_account","entry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_key" ON "ledger_entries" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: write a correcting entry';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"ledger_account" integer DEFAULT 1 NOT NULL,
	"payment_type" text NOT NULL,
	"reference_id" text NOT NULL,
	"total_amount_payable" numeric(14, 2) NOT NULL,
	"total_amount_paid" numeric(14, 2) NOT NULL,
	"orders" text[] NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer REFERENCES "users"("id")
);
--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE TABLE "sales_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"warehouse_id" integer NOT NULL REFERENCES "warehouses"("id"),
	"ledger_account" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"invoice_date" date NOT NULL,
	"shipping_company" text,
	"awb" text,
	"amount" numeric(14, 2) NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_returns_reference_key" ON "sales_returns" USING btree ("reference_id");--> statement-breakpoint
CREATE INDEX "sales_returns_status_idx" ON "sales_returns" USING btree ("status");--> statement-breakpoint
CREATE TABLE "waybills" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"load_id" integer NOT NULL REFERENCES "loads"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"warehouse_id" integer NOT NULL REFERENCES "warehouses"("id"),
	"status" text DEFAULT 'WH Request' NOT NULL,
	"transporter" text,
	"awb_no" text,
	"checkpost_name" text,
	"wh_request_date" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_value" numeric(14, 2) NOT NULL,
	"total_qty" integer NOT NULL,
	"no_of_box" integer,
	"actual_weight" numeric(10, 2),
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_request_key" ON "waybills" USING btree ("request_id");--> statement-breakpoint
CREATE TABLE "waybill_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"waybill_id" integer NOT NULL REFERENCES "waybills"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"action" text NOT NULL,
	"comment" text,
	"action_by" integer REFERENCES "users"("id"),
	"file_path" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cforms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id"),
	"status" text DEFAULT 'Shipped' NOT NULL,
	"cform_number" text,
	"docket_number" text,
	"courier_name" text,
	"cst_amount" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cforms_invoice_key" ON "cforms" USING btree ("invoice_id");--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer REFERENCES "users"("id") ON DELETE set null,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("status","run_at");
