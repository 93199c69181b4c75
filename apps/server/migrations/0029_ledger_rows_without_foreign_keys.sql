-- Generated from the declarations: the stock ledger and the FIFO layers, which every posting writes
-- by the row, lose their foreign keys on material, warehouse and location (RefField foreignKey: false).
-- Each key checked and share-locked the target row for every row inserted (about a fifth of
-- PostgreSQL's work in a 20-line posting, measured). Deleting a material, warehouse or location
-- that has postings is still refused: by the engine's check before a delete, and under a concurrent
-- delete by the keys of stock_balance and stock_cost, which every posting writes in its statement.
ALTER TABLE "stock_layer" DROP CONSTRAINT IF EXISTS "fk_stock_layer_material_id";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT IF EXISTS "fk_stock_ledger_material_id";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT IF EXISTS "fk_stock_ledger_warehouse_id";
--> statement-breakpoint
ALTER TABLE "stock_ledger" DROP CONSTRAINT IF EXISTS "fk_stock_ledger_location_id";
