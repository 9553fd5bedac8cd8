-- Order history search and the partner's invoices (issue 28). A search (`q`, ILIKE '%…%') finds an
-- order by a line's product name through a trigram index (pg_trgm, 0000) and by a product id through
-- a b-tree; an invoice number through a trigram index. The history's invoice column and the load
-- list find a load's tax invoice by load without reading every invoice.
CREATE INDEX IF NOT EXISTS "purchase_order_lines_product_idx" ON "purchase_order_lines" ("product_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_order_lines_name_trgm_idx" ON "purchase_order_lines" USING gin ("product_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_load_idx" ON "invoices" ("load_id");
