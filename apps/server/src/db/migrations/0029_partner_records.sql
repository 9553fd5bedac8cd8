-- Partners as records (issue 27): the GSTIN, the registered address and the credit limit (paise) staff
-- keep on a partner; and staff replies on a partner's store-performance feedback (a comment written
-- by staff names its author; a partner's own comment leaves it null).
ALTER TABLE "users" ADD COLUMN "gstin" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_limit_paise" bigint;
--> statement-breakpoint
ALTER TABLE "store_feedback_comments" ADD COLUMN "staff_author_id" integer REFERENCES "users"("id");
