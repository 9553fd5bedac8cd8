-- The buyer's GSTIN as the invoice knows it (issue 31): taken when the invoice is issued (the GSTIN
-- billed on the order, else the partner's registered GSTIN; none before GST began on 2017-07-01),
-- so the printed invoice, its e-invoice and GSTR-1 name the GSTIN the partner had that day, not
-- today's. Existing invoices of the GST era take the GSTIN billed, else the partner's current one.
ALTER TABLE "invoices" ADD COLUMN IF NOT EXISTS "buyer_gstin" text;
--> statement-breakpoint
UPDATE "invoices" AS i
SET "buyer_gstin" = coalesce(nullif(i."document" -> 'partner' ->> 'billingGstNo', ''), u."gstin")
FROM "users" AS u
WHERE u."id" = i."user_id" AND i."buyer_gstin" IS NULL AND i."issued_on" >= DATE '2017-07-01';
