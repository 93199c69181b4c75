-- feeding lines now issue from a location; lines written before (nothing was posted for them) take the first one
ALTER TABLE "mixing_feeding_items" ADD COLUMN "location_id" bigint;
--> statement-breakpoint
UPDATE "mixing_feeding_items" SET "location_id" = (SELECT min(id) FROM "location") WHERE "location_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "mixing_feeding_items" ALTER COLUMN "location_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_mixing_feeding_items_location_id" ON "mixing_feeding_items" ("location_id");
--> statement-breakpoint
ALTER TABLE "mixing_feeding_items" ADD CONSTRAINT "fk_mixing_feeding_items_location_id" FOREIGN KEY ("location_id") REFERENCES "location" (id) ON DELETE RESTRICT;
