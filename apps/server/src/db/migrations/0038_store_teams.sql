-- Store teams (issue 30). The partner account (users row) is the store and its own sign-in is the
-- owner; other people of the store are members with a role, invited by the owner. A member signs in
-- with their own email and password; their session names the store (user_id) and them (member_id),
-- so everything that belongs to the store keeps reading user_id. Emails are unique across users and
-- members (checked by the team service; the index keeps members unique among themselves).
CREATE TABLE IF NOT EXISTS "store_members" (
  "id" serial PRIMARY KEY,
  "store_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "password_hash" text,
  "firstname" text NOT NULL,
  "lastname" text NOT NULL DEFAULT '',
  "role" text NOT NULL CHECK ("role" IN ('buyer', 'accounts', 'viewer', 'counter')),
  "approval_limit" numeric(14, 2) CHECK ("approval_limit" IS NULL OR "approval_limit" >= 0),
  "active" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "store_members_email_idx" ON "store_members" (lower("email"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "store_members_store_idx" ON "store_members" ("store_id");
--> statement-breakpoint
-- An invitation's set-password link (hashed, single use, 72 hours).
CREATE TABLE IF NOT EXISTS "member_invites" (
  "id" serial PRIMARY KEY,
  "member_id" integer NOT NULL REFERENCES "store_members"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "member_invites_token_idx" ON "member_invites" ("token_hash");
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN IF NOT EXISTS "member_id" integer REFERENCES "store_members"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_member_idx" ON "sessions" ("member_id") WHERE "member_id" IS NOT NULL;
--> statement-breakpoint
-- The cart is per person: the owner's lines have member_id 0.
ALTER TABLE "cart_items" ADD COLUMN IF NOT EXISTS "member_id" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT IF EXISTS "cart_items_user_id_product_id_pk";
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_member_id_product_id_pk" PRIMARY KEY ("user_id", "member_id", "product_id");
--> statement-breakpoint
-- A buyer's placement above their approval limit, waiting for the owner (7 days).
CREATE TABLE IF NOT EXISTS "order_requests" (
  "id" serial PRIMARY KEY,
  "store_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "member_id" integer NOT NULL REFERENCES "store_members"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'declined', 'expired', 'failed')),
  "placement" jsonb NOT NULL,
  "lines" jsonb NOT NULL,
  "total" numeric(14, 2) NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "expires_at" timestamp with time zone NOT NULL,
  "decided_at" timestamp with time zone,
  "decided_by_member_id" integer REFERENCES "store_members"("id") ON DELETE SET NULL,
  "decline_reason" text,
  "failure" text,
  "poids" text[] NOT NULL DEFAULT '{}'
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_requests_store_idx" ON "order_requests" ("store_id", "status", "created_at");
--> statement-breakpoint
-- Which person of the store did it (null: the owner, or staff, or before teams).
ALTER TABLE "purchase_orders" ADD COLUMN IF NOT EXISTS "placed_by_member_id" integer REFERENCES "store_members"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN IF NOT EXISTS "order_request_id" integer REFERENCES "order_requests"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "submitted_by_member_id" integer REFERENCES "store_members"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD COLUMN IF NOT EXISTS "partner_member_id" integer REFERENCES "store_members"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN IF NOT EXISTS "actor_member_id" integer REFERENCES "store_members"("id") ON DELETE SET NULL;
