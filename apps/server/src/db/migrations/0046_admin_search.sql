-- The staff orders queue at network scale (issue 32). Its total is exact and shown, and counting the
-- matching orders read every one of them (an index-only scan of 1,80,000 entries for "Delivered"). The
-- orders per partner and status are kept here instead, in the transaction that inserts, changes or
-- removes orders (statement triggers over the transition tables, rows locked in key order), so a total
-- over partners and a status is a sum of a few rows (order-desk repo, `countedTotal`). Declared here only.
CREATE TABLE IF NOT EXISTS "purchase_order_counts" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "purchase_order_counts_pk" PRIMARY KEY ("user_id", "status")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION purchase_order_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purchase_order_counts AS c (user_id, status, n)
  SELECT user_id, status, count(*) FROM purchase_order_counts_new GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION purchase_order_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purchase_order_counts AS c (user_id, status, n)
  SELECT user_id, status, sum(d) FROM (
    SELECT user_id, status, 1 AS d FROM purchase_order_counts_new
    UNION ALL
    SELECT user_id, status, -1 AS d FROM purchase_order_counts_old
  ) moved
  GROUP BY user_id, status HAVING sum(d) <> 0 ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION purchase_order_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purchase_order_counts AS c (user_id, status, n)
  SELECT user_id, status, -count(*) FROM purchase_order_counts_old GROUP BY user_id, status ORDER BY user_id, status
  ON CONFLICT (user_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION purchase_order_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM purchase_order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_order_counts_insert ON purchase_orders;
--> statement-breakpoint
CREATE TRIGGER purchase_order_counts_insert AFTER INSERT ON purchase_orders
  REFERENCING NEW TABLE AS purchase_order_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_counts_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_order_counts_update ON purchase_orders;
--> statement-breakpoint
CREATE TRIGGER purchase_order_counts_update AFTER UPDATE ON purchase_orders
  REFERENCING OLD TABLE AS purchase_order_counts_old NEW TABLE AS purchase_order_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_counts_updated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_order_counts_delete ON purchase_orders;
--> statement-breakpoint
CREATE TRIGGER purchase_order_counts_delete AFTER DELETE ON purchase_orders
  REFERENCING OLD TABLE AS purchase_order_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_counts_deleted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_order_counts_truncate ON purchase_orders;
--> statement-breakpoint
CREATE TRIGGER purchase_order_counts_truncate AFTER TRUNCATE ON purchase_orders
  FOR EACH STATEMENT EXECUTE FUNCTION purchase_order_counts_truncated();
--> statement-breakpoint
-- the orders already there (the triggers count every later change)
DELETE FROM purchase_order_counts;
--> statement-breakpoint
INSERT INTO purchase_order_counts (user_id, status, n)
SELECT user_id, status, count(*) FROM purchase_orders GROUP BY user_id, status;
--> statement-breakpoint
-- Suggestions hold the search vocabulary per catalogue epoch (search module, vocabulary.ts): rebuilding
-- the vocabulary starts a new epoch, as a change to categories, subcategories or brands does (0019).
DROP TRIGGER IF EXISTS search_words_changed ON search_words;
--> statement-breakpoint
CREATE TRIGGER search_words_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
