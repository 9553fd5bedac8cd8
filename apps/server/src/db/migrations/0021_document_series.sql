-- One gapless series per issuing company (GSTIN), warehouse, financial year and document type
-- (I tax invoice, C credit note, D debit note); numbers are at most 16 characters (CGST Rules,
-- rule 46(b)), e.g. IM02/2627/000016. `last_day` is the date of the series' last document: a number is
-- never given to an earlier date than the one before it. Replaces `invoice_counters` (one series per
-- warehouse and year shared by both companies); documents numbered before keep their numbers.
CREATE TABLE "document_counters" (
	"company_gstin" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"document_type" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY("company_gstin","warehouse_id","financial_year","document_type"),
	CONSTRAINT "document_counters_type" CHECK ("document_type" IN ('I', 'C', 'D'))
);
--> statement-breakpoint
DROP TABLE "invoice_counters";
--> statement-breakpoint
DROP INDEX IF EXISTS "invoices_series_key";
