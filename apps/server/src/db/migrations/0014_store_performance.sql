CREATE TABLE "store_daily_metrics" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"footfall" integer NOT NULL,
	"bills" integer NOT NULL,
	"repeat_bills" integer NOT NULL,
	"returned_units" integer NOT NULL,
	"loyalty_sales_paise" bigint NOT NULL,
	"audit_score" smallint,
	CONSTRAINT "store_daily_metrics_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "store_daily_metrics_not_negative" CHECK ("footfall" >= 0 AND "bills" >= 0 AND "repeat_bills" >= 0 AND "returned_units" >= 0 AND "loyalty_sales_paise" >= 0),
	CONSTRAINT "store_daily_metrics_audit_score_range" CHECK ("audit_score" IS NULL OR ("audit_score" >= 0 AND "audit_score" <= 100))
);
--> statement-breakpoint
CREATE TABLE "store_peer_days" (
	"peer_no" smallint NOT NULL,
	"concept" text NOT NULL,
	"day" date NOT NULL,
	"net_sales_paise" bigint NOT NULL,
	"units" integer NOT NULL,
	"bills" integer NOT NULL,
	"footfall" integer NOT NULL,
	"repeat_bills" integer NOT NULL,
	"returned_units" integer NOT NULL,
	"apparel_sales_paise" bigint NOT NULL,
	"private_label_sales_paise" bigint NOT NULL,
	"loyalty_sales_paise" bigint NOT NULL,
	"stock_units" integer NOT NULL,
	"audit_score" smallint,
	CONSTRAINT "store_peer_days_peer_no_day_pk" PRIMARY KEY("peer_no","day"),
	CONSTRAINT "store_peer_days_audit_score_range" CHECK ("audit_score" IS NULL OR ("audit_score" >= 0 AND "audit_score" <= 100))
);
--> statement-breakpoint
CREATE TABLE "store_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"feature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_feedback_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_daily_metrics" ADD CONSTRAINT "store_daily_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_feedback" ADD CONSTRAINT "store_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_feedback_comments" ADD CONSTRAINT "store_feedback_comments_feedback_id_store_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."store_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_peer_days_concept_day_idx" ON "store_peer_days" USING btree ("concept","day");--> statement-breakpoint
CREATE INDEX "store_feedback_user_idx" ON "store_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_feedback_comments_feedback_idx" ON "store_feedback_comments" USING btree ("feedback_id");
