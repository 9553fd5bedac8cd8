-- Every server process keeps the listing's facts about products in memory (the catalogue index) and
-- brings them up to date before each listing by reading the rows changed since its last look. A row
-- carries the id of the transaction that last wrote it; a reader that remembers the oldest transaction
-- still running at its last look (pg_snapshot_xmin) re-reads every row written since, so a write
-- committed late is never missed. Deleting or truncating products bumps an epoch: readers load anew.
ALTER TABLE "products" ADD COLUMN "change_xid" xid8 DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "products_change_xid_idx" ON "products" USING btree ("change_xid");--> statement-breakpoint
CREATE FUNCTION products_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_touched BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION products_touched();
--> statement-breakpoint
CREATE TABLE "catalogue_epoch" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "epoch" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "catalogue_epoch_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "catalogue_epoch" ("id", "epoch") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION products_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_deleted AFTER DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION products_removed();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION products_removed();
