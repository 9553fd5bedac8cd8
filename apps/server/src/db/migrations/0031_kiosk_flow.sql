-- Kiosk orders complete at the counter (issue 28): a cancelled paid order records its refund (what
-- was paid back, how, when and by whom; one per order, never changed), and every mail to the
-- customer (the receipt with its PDF, the acknowledgement link) is kept with when the outbox sent it.
CREATE TABLE IF NOT EXISTS "kiosk_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kiosk_order_id" integer NOT NULL REFERENCES "kiosk_orders"("id"),
	"amount" numeric(14, 2) NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"refunded_at" timestamp with time zone NOT NULL,
	"refunded_by" integer NOT NULL REFERENCES "users"("id"),
	"refunded_by_name" text NOT NULL,
	CONSTRAINT "kiosk_refunds_amount_check" CHECK ("amount" >= 0),
	CONSTRAINT "kiosk_refunds_mode_check" CHECK ("mode" IN ('Cash', 'Card', 'UPI'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "kiosk_refunds_order_key" ON "kiosk_refunds" USING btree ("kiosk_order_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "kiosk_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"kiosk_order_id" integer NOT NULL REFERENCES "kiosk_orders"("id"),
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"attachment" text,
	"queued_at" timestamp with time zone NOT NULL,
	"queued_by" integer NOT NULL REFERENCES "users"("id"),
	"sent_at" timestamp with time zone,
	CONSTRAINT "kiosk_mails_kind_check" CHECK ("kind" IN ('receipt', 'link'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "kiosk_mails_order_idx" ON "kiosk_mails" USING btree ("kiosk_order_id", "queued_at");
