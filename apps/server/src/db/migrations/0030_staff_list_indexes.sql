-- The staff lists at a clerk's volume (issue 27). The orders list's default order (newest first, PO
-- id to break ties) walks an index instead of sorting every order, and a CSV export pages through it
-- after the previous page's last order. Search (`q`, ILIKE '%…%') finds PO ids and audited ids and
-- actions through trigram indexes (pg_trgm, 0000) and an actor's entries by actor; an order's
-- invoices are found by PO id without reading every invoice.
CREATE INDEX IF NOT EXISTS "purchase_orders_created_idx" ON "purchase_orders" ("created_at", "poid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_orders_poid_trgm_idx" ON "purchase_orders" USING gin ("poid" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_poid_idx" ON "invoices" ("poid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_entity_id_trgm_idx" ON "audit_log" USING gin ("entity_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_trgm_idx" ON "audit_log" USING gin ("action" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_actor_idx" ON "audit_log" ("actor_id");
