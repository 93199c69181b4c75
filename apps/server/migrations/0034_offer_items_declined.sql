ALTER TABLE "offer_items" ADD COLUMN "declined" boolean NOT NULL DEFAULT false;
