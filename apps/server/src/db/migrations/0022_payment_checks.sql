-- Payment confirmations are checked (issue 25): a reference (UTR, cheque number) is used once per
-- partner, and staff approve the amount received. `reference_key` is the reference as compared
-- (spaces removed, upper case) while the confirmation waits or is approved; a rejection clears it, so
-- the reference may be used again. The unique index holds under concurrency. Earlier duplicates keep
-- a key only on their first confirmation (nothing already approved is changed).
ALTER TABLE "payments" ADD COLUMN "reference_key" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_received" numeric(14, 2);
--> statement-breakpoint
UPDATE "payments" p SET "reference_key" = upper(regexp_replace(p."reference_id", '\s+', '', 'g'))
WHERE p."status" <> 'rejected'
  AND NOT EXISTS (
    SELECT 1 FROM "payments" q
    WHERE q."user_id" = p."user_id" AND q."status" <> 'rejected' AND q."id" < p."id"
      AND upper(regexp_replace(q."reference_id", '\s+', '', 'g')) = upper(regexp_replace(p."reference_id", '\s+', '', 'g'))
  );
--> statement-breakpoint
UPDATE "payments" SET "amount_received" = "total_amount_paid" WHERE "status" = 'approved';
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("user_id","reference_key") WHERE "reference_key" IS NOT NULL;
