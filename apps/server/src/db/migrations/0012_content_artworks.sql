-- Content library (files kept by the server, served through signed addresses), training and artwork orders.
CREATE TABLE IF NOT EXISTS "content_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"region" text,
	"language" text,
	"poster_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_files_kind_idx" ON "content_files" USING btree ("kind","sort_order");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "training_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"trainer" text NOT NULL,
	"mode" text NOT NULL,
	"location" text NOT NULL,
	"event_date" date NOT NULL,
	"start_time" text NOT NULL,
	"seats" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "training_events_date_idx" ON "training_events" USING btree ("event_date");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "training_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"subcategory" text NOT NULL,
	"image" text NOT NULL,
	"products_link" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"questions" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"due_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "assessment_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"assessment_id" integer NOT NULL REFERENCES "assessments"("id") ON DELETE cascade,
	"score" integer NOT NULL,
	"total" integer NOT NULL,
	"taken_on" date NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "assessment_results_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assessment_results_user_idx" ON "assessment_results" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "artworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"sub_type" text NOT NULL,
	"unit" text NOT NULL,
	"cat" text NOT NULL,
	"size" text NOT NULL,
	"b_height" numeric(8, 2),
	"b_width" numeric(8, 2),
	"address" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artworks_user_idx" ON "artworks" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "artworks_status_idx" ON "artworks" USING btree ("status","created_at");
