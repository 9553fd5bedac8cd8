-- The partner dashboard (issue 30) reads each tax invoice line's order line (its MRP) and each
-- delivered order line's billed units by order and product: one index finds the line directly
-- instead of walking every line of the order. Like 0030's and 0041's, declared here only.
CREATE INDEX IF NOT EXISTS "purchase_order_lines_poid_product_idx" ON "purchase_order_lines" ("poid", "product_id");
