ALTER TABLE "customer" ADD COLUMN "customer_level" integer;
