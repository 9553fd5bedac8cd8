-- A network-sized world (issue 32). The staff orders queue sorted by partner or warehouse name walks
-- the partners (or warehouses) in name order and takes each one's orders in PO order from these
-- indexes, stopping when the page is full, instead of reading and sorting every order by a name over
-- the join (order-desk repo, `namedSortPage`). Declared here only, as 0030's and 0041's are.
CREATE INDEX IF NOT EXISTS "purchase_orders_user_poid_idx" ON "purchase_orders" ("user_id", "poid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_orders_warehouse_poid_idx" ON "purchase_orders" ("warehouse_id", "poid");
--> statement-breakpoint
-- Rendered PDFs by what they print (lib/pdf-cache.ts): the key is the SHA-256 of the pdfmake version
-- and the document definition, so a changed document is a new key and every instance shares the
-- renders. PDFs are compressed already: kept uncompressed out of line. Old rows are removed by age.
CREATE TABLE IF NOT EXISTS "pdf_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"content" bytea NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_cache_size" CHECK ("size" = octet_length("content"))
);
--> statement-breakpoint
ALTER TABLE "pdf_cache" ALTER COLUMN "content" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pdf_cache_created_idx" ON "pdf_cache" ("created_at");
