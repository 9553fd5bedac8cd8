-- A network-sized world (issue 32: 500 stores, 4,50,000 orders). The staff orders queue sorted by a
-- column of the order (net payment, units, gap, status; PO id breaks ties) walks an index from
-- either end instead of reading and sorting every order for each page (lib/staff-list.ts sorts a
-- column that holds no NULL plainly, so one index serves both directions). Like 0030's, these
-- indexes are declared here only.
CREATE INDEX IF NOT EXISTS "purchase_orders_net_payment_idx" ON "purchase_orders" ("net_payment", "poid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_orders_total_quantity_idx" ON "purchase_orders" ("total_quantity", "poid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_orders_gap_report_idx" ON "purchase_orders" ("gap_report", "poid");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "purchase_orders_status_poid_idx" ON "purchase_orders" ("status", "poid");
