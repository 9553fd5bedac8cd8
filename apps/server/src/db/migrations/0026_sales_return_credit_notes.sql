-- Sales returns raised by staff from a tax invoice (issue 25, item 6): the invoice they return, when
-- the goods were received (quantities per line in `lines`), the rejection's reason, and the credit
-- note that reverses the invoice's lines (its serial number and lines, as approved).
ALTER TABLE "sales_returns" ADD COLUMN "invoice_id" integer REFERENCES "invoices"("id");
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD COLUMN "received_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD COLUMN "rejected_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD COLUMN "rejection_reason" text;
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD COLUMN "credit_note_number" text;
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD COLUMN "credit_note" jsonb;
--> statement-breakpoint
CREATE INDEX "sales_returns_invoice_idx" ON "sales_returns" USING btree ("invoice_id");
