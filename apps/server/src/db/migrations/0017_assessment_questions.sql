-- Training assessments a partner takes on the portal: each assessment's questions with their choices
-- and the right choice (never sent to the partner); results gain the moment they were taken.
CREATE TABLE IF NOT EXISTS "assessment_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL REFERENCES "assessments"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"choices" jsonb NOT NULL,
	"answer" integer NOT NULL,
	CONSTRAINT "assessment_questions_position_unique" UNIQUE("assessment_id", "position")
);
--> statement-breakpoint
ALTER TABLE "assessment_results" ADD COLUMN IF NOT EXISTS "created_at" timestamp with time zone DEFAULT now() NOT NULL;
