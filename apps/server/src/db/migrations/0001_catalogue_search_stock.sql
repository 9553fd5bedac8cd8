CREATE TABLE "ars_products" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"target_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ars_products_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_likes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"like_dislike" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stocked_warehouse_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "products"."name" || ' ' || coalesce("products"."color", '') || ' ' || "products"."description")) STORED;--> statement-breakpoint
ALTER TABLE "ars_products" ADD CONSTRAINT "ars_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ars_products" ADD CONSTRAINT "ars_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_likes" ADD CONSTRAINT "product_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_likes" ADD CONSTRAINT "product_likes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_likes_user_product_key" ON "product_likes" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_stocked_warehouses_idx" ON "products" USING gin ("stocked_warehouse_ids");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_category_mrp_idx" ON "products" USING btree ("category_id","mrp");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "products_mrp_idx" ON "products" USING btree ("mrp");--> statement-breakpoint
CREATE INDEX "products_best_seller_idx" ON "products" USING btree ("best_seller_rank","id");--> statement-breakpoint
CREATE FUNCTION refresh_stocked_warehouses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET stocked_warehouse_ids = coalesce((
    SELECT array_agg(s.warehouse_id ORDER BY s.warehouse_id) FROM product_stock s
    WHERE s.product_id = p.id AND s.mrp = p.mrp AND s.stock > 0), '{}')
  WHERE p.id IN (SELECT DISTINCT product_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_stock_inserted AFTER INSERT ON product_stock REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_stocked_warehouses();
--> statement-breakpoint
CREATE TRIGGER product_stock_updated AFTER UPDATE ON product_stock REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_stocked_warehouses();
--> statement-breakpoint
CREATE TRIGGER product_stock_deleted AFTER DELETE ON product_stock REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_stocked_warehouses();
--> statement-breakpoint
CREATE FUNCTION products_mrp_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stocked_warehouse_ids := coalesce((
    SELECT array_agg(s.warehouse_id ORDER BY s.warehouse_id) FROM product_stock s
    WHERE s.product_id = NEW.id AND s.mrp = NEW.mrp AND s.stock > 0), '{}');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_mrp_changed BEFORE UPDATE OF mrp ON products FOR EACH ROW WHEN (OLD.mrp IS DISTINCT FROM NEW.mrp) EXECUTE FUNCTION products_mrp_changed();
