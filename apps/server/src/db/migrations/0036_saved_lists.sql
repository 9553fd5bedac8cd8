-- Saved lists (issue 29): a store's named lists of products, each line with a default quantity.
-- The store is the partner's user id; every user of the store shares its lists. A name is unique per
-- store ignoring case and surrounding spaces (the index on lower(btrim(name))).
CREATE TABLE IF NOT EXISTS "saved_lists" (
  "id" serial PRIMARY KEY,
  "store_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL CHECK (length(btrim("name")) BETWEEN 1 AND 60),
  "created_at" timestamp with time zone NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL,
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "saved_lists_store_name_idx" ON "saved_lists" ("store_id", lower(btrim("name")));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "saved_list_lines" (
  "list_id" integer NOT NULL REFERENCES "saved_lists"("id") ON DELETE CASCADE,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL CHECK ("quantity" > 0),
  "position" integer NOT NULL,
  PRIMARY KEY ("list_id", "product_id")
);
