-- E-way bills (issue 31): a load's e-way bill, generated through NIC's e-way bill system (the
-- configured one, else our sandbox) or entered by staff. One per load; the number is unique. A
-- generated bill keeps the EWB-01 JSON as sent, the document it names, the distance and validity.
CREATE TABLE IF NOT EXISTS "eway_bills" (
  "id" serial PRIMARY KEY,
  "load_id" integer NOT NULL REFERENCES "loads"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id"),
  "number" text NOT NULL CHECK ("number" ~ '^[0-9]{12}$'),
  "source" text NOT NULL CHECK ("source" IN ('generated', 'entered')),
  "doc_no" text,
  "doc_day" date,
  "distance_km" integer CHECK ("distance_km" IS NULL OR "distance_km" BETWEEN 0 AND 4000),
  "generated_at" timestamp with time zone NOT NULL,
  "valid_until" timestamp with time zone,
  "payload" jsonb,
  "system" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  CHECK ("source" <> 'generated' OR ("payload" IS NOT NULL AND "doc_no" IS NOT NULL AND "valid_until" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "eway_bills_load_key" ON "eway_bills" ("load_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "eway_bills_number_key" ON "eway_bills" ("number");
