-- Generated from the declarations: documents are indexed by creator (engine ddl.ts standardColumns).
-- A user whose data authority is own records or own department's sees documents through
-- created_by (auth/plugin.ts dataScope, on every document list, read and count); each list page
-- of such a user read the whole table until now. Only documents: the scope applies to nothing else,
-- and a document is written at the pace of people, so the index costs little on insert.
CREATE INDEX "ix_bid_evaluation_created_by" ON "bid_evaluation" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bom_lock_created_by" ON "bom_lock" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_receive_created_by" ON "material_receive" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_mixing_feeding_created_by" ON "mixing_feeding" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_produce_plan_created_by" ON "produce_plan" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_sow_created_by" ON "sow" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_created_by" ON "stock_doc" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_created_by" ON "work_doc" ("created_by") WHERE "created_by" IS NOT NULL;
