-- E-invoices (issue 31): each tax invoice's, credit note's and debit note's registration with the
-- Invoice Registration Portal (IRP). One row per document once staff act on it; a document without
-- a row is pending (a B2B document from 2020-10-01) or not needed. The IRN, acknowledgement and the
-- IRP's signed QR code (a JWT) as answered; the IRP's error when it refused.
CREATE TABLE IF NOT EXISTS "einvoices" (
  "id" serial PRIMARY KEY,
  "doc_type" text NOT NULL CHECK ("doc_type" IN ('INV', 'CRN', 'DBN')),
  "doc_number" text NOT NULL,
  "doc_day" date NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "invoice_id" integer REFERENCES "invoices"("id"),
  "state" text NOT NULL CHECK ("state" IN ('not needed', 'pending', 'registered', 'failed', 'cancelled')),
  "irn" text CHECK ("irn" IS NULL OR "irn" ~ '^[0-9a-f]{64}$'),
  "ack_no" text,
  "ack_at" timestamp with time zone,
  "signed_qr" text,
  "error_code" text,
  "error_message" text,
  "cancel_reason" text,
  "attempts" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "registered_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  CHECK ("state" <> 'registered' OR ("irn" IS NOT NULL AND "ack_no" IS NOT NULL AND "ack_at" IS NOT NULL AND "signed_qr" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoices_doc_key" ON "einvoices" ("doc_type", "doc_number");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "einvoices_irn_key" ON "einvoices" ("irn") WHERE "irn" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "einvoices_state_idx" ON "einvoices" ("state", "doc_day");
