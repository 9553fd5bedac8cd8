ALTER TABLE "products" ADD COLUMN "reorder" boolean DEFAULT false NOT NULL;
