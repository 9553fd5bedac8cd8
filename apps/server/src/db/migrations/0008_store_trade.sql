CREATE TABLE "store_sales" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sale_date" date NOT NULL,
	"qty" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "store_sales_user_id_product_id_sale_date_pk" PRIMARY KEY("user_id","product_id","sale_date"),
	CONSTRAINT "store_sales_qty_positive" CHECK ("qty" > 0),
	CONSTRAINT "store_sales_amount_not_negative" CHECK ("amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_stock_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "store_stock_qty_not_negative" CHECK ("qty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "store_sales" ADD CONSTRAINT "store_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sales" ADD CONSTRAINT "store_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_sales_user_date_idx" ON "store_sales" USING btree ("user_id","sale_date");
