-- The revision of everything a BOM explosion reads (BOMs, their nodes, the numbers, names, units
-- and prices of materials). A server keeps exploded graphs in memory and reads this one row to know
-- whether they still hold. The row changes once per writing transaction, at commit (a deferred
-- trigger), so a reader sees the new revision exactly when it sees the new data, and writers take
-- the row's lock last, when they hold no lock another writer could be waiting for.
CREATE TABLE "bom_graph_revision" ("id" integer PRIMARY KEY, "rev" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "bom_graph_revision" ("id", "rev") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION bom_graph_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mes.bom_graph_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('mes.bom_graph_bumped', txid_current()::text, true);
    UPDATE "bom_graph_revision" SET "rev" = "rev" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bom_graph_bump_bom AFTER INSERT OR UPDATE OR DELETE ON "bom"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bom_graph_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bom_graph_bump_node AFTER INSERT OR UPDATE OR DELETE ON "bom_node"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bom_graph_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bom_graph_bump_material
  AFTER UPDATE OF "material_number", "material_name", "unit_id", "historical_price" ON "material"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bom_graph_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bom_graph_bump_unit AFTER UPDATE OF "unit_name" ON "unit"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bom_graph_bump();
