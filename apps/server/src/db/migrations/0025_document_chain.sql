-- One document chain (issue 25, item 2): an order's lines and totals follow the quantities of its own
-- step (packages/domain/src/document-chain.ts). Part-confirms and proofs of delivery used to change a
-- line's quantity only, leaving its amounts and its order's totals at the ordered quantity. This
-- restates every order with a line whose quantity is not its ordered quantity, with the tax engine's
-- arithmetic (packages/domain/src/gst.ts): taxable = base cost × quantity; tax = taxable × rate
-- rounded half up to the paisa (numeric round() rounds half away from zero, the engine's halfUp);
-- CGST = tax ÷ 2 half up (the odd paisa to CGST), SGST the rest; IGST the whole tax.
-- netPayment is what the order billed for its goods: once its load has a tax invoice, every line at
-- the invoice's (shipped) quantity, which a short delivery does not change (its credit note credits
-- the units not delivered); before it, the lines at their (confirmed) quantity; less the coupon.
WITH affected AS (
  SELECT DISTINCT poid FROM purchase_order_lines WHERE quantity <> ordered_quantity
),
restated AS (
  SELECT
    l.id,
    l.base_cost * l.quantity AS taxable,
    round(l.base_cost * l.quantity * l.gst_rate / 100, 2) AS tax,
    o.gst_type = 'IGST' AS igst
  FROM purchase_order_lines l
  JOIN affected a ON a.poid = l.poid
  JOIN purchase_orders o ON o.poid = l.poid
)
UPDATE purchase_order_lines AS l
SET
  total_base = r.taxable,
  total_price = r.taxable + r.tax,
  cgst = CASE WHEN r.igst THEN 0 ELSE round(r.tax / 2, 2) END,
  sgst = CASE WHEN r.igst THEN 0 ELSE r.tax - round(r.tax / 2, 2) END,
  igst = CASE WHEN r.igst THEN r.tax ELSE 0 END
FROM restated r
WHERE l.id = r.id;
--> statement-breakpoint
WITH affected AS (
  SELECT DISTINCT poid FROM purchase_order_lines WHERE quantity <> ordered_quantity
),
invoiced AS (
  SELECT DISTINCT load_id FROM invoices WHERE kind = 'TAX INVOICE' AND load_id IS NOT NULL
),
shipped AS (
  SELECT
    i.load_id,
    x.line ->> 'poid' AS poid,
    (x.line ->> 'productId')::integer AS product_id,
    sum((x.line ->> 'quantity')::integer) AS quantity
  FROM invoices i
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(i.document -> 'lines') = 'array' THEN i.document -> 'lines' ELSE '[]'::jsonb END
  ) AS x(line)
  WHERE i.kind = 'TAX INVOICE' AND i.load_id IS NOT NULL
    AND x.line ? 'poid' AND x.line ? 'productId'
  GROUP BY 1, 2, 3
),
totals AS (
  SELECT
    l.poid,
    count(*) FILTER (WHERE l.quantity > 0) AS items,
    sum(l.quantity) AS quantity,
    sum(l.mrp * l.quantity) AS mrp,
    sum(l.total_base) AS base,
    sum(l.cgst) AS cgst,
    sum(l.sgst) AS sgst,
    sum(l.igst) AS igst,
    sum(
      CASE
        WHEN inv.load_id IS NULL THEN l.total_price
        ELSE l.base_cost * coalesce(s.quantity, 0)
          + round(l.base_cost * coalesce(s.quantity, 0) * l.gst_rate / 100, 2)
      END
    ) AS billed
  FROM purchase_order_lines l
  JOIN affected a ON a.poid = l.poid
  JOIN purchase_orders o ON o.poid = l.poid
  LEFT JOIN invoiced inv ON inv.load_id = o.load_id
  LEFT JOIN shipped s ON s.load_id = o.load_id AND s.poid = l.poid AND s.product_id = l.product_id
  GROUP BY l.poid
)
UPDATE purchase_orders AS o
SET
  total_items = t.items,
  total_quantity = t.quantity,
  total_mrp = t.mrp,
  total_base = t.base,
  total_cgst = t.cgst,
  total_sgst = t.sgst,
  total_igst = t.igst,
  net_payment = t.billed - o.coupon_discount
FROM totals t
WHERE o.poid = t.poid;
--> statement-breakpoint
-- A cancelled order keeps its lines for the record, and none of its units will come: its gap is every
-- unit it ordered.
UPDATE purchase_orders AS o
SET gap_report = g.units
FROM (SELECT poid, sum(ordered_quantity) AS units FROM purchase_order_lines GROUP BY poid) AS g
WHERE o.poid = g.poid AND o.status = 'Cancelled' AND o.gap_report <> g.units;
