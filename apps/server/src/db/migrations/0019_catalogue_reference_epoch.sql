-- What a product's page shows also comes from the tables it refers to (category, subcategory, type and
-- brand names, GST rates, warehouse names and states). They change rarely; when they do, the catalogue
-- epoch moves and every server process reads its catalogue index (and what it keeps of products) anew.
CREATE FUNCTION catalogue_references_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
--> statement-breakpoint
CREATE TRIGGER subcategories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcategories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
--> statement-breakpoint
CREATE TRIGGER subcategory_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subcategory_types FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
--> statement-breakpoint
CREATE TRIGGER brands_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
--> statement-breakpoint
CREATE TRIGGER gst_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gst_rates FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
--> statement-breakpoint
CREATE TRIGGER warehouses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON warehouses FOR EACH STATEMENT EXECUTE FUNCTION catalogue_references_changed();
