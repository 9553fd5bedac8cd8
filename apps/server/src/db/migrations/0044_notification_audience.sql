-- Store teams: a notification for one member of the store (what became of their order request), or
-- for the owner alone (a buyer asks them to approve); neither set, the whole store's as before.
ALTER TABLE "notifications" ADD COLUMN "member_id" integer REFERENCES "store_members"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "owner_only" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_audience" CHECK (NOT ("owner_only" AND "member_id" IS NOT NULL));
