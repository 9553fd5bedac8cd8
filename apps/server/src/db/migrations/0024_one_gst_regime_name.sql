-- GST within a state has one name, "CGST/SGST" (packages/domain/src/gst.ts): invoices kept the other
-- spelling, "CGST+SGST", in their regime and on each printed line.
UPDATE invoices SET tax_regime = 'CGST/SGST' WHERE tax_regime = 'CGST+SGST';
--> statement-breakpoint
UPDATE invoices
SET document = jsonb_set(
  document,
  '{lines}',
  (
    SELECT coalesce(jsonb_agg(
      CASE WHEN line->>'gstType' = 'CGST+SGST' THEN jsonb_set(line, '{gstType}', '"CGST/SGST"') ELSE line END
      ORDER BY position
    ), '[]'::jsonb)
    FROM jsonb_array_elements(document->'lines') WITH ORDINALITY AS l(line, position)
  )
)
WHERE jsonb_typeof(document->'lines') = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(document->'lines') AS l(line) WHERE line->>'gstType' = 'CGST+SGST');
