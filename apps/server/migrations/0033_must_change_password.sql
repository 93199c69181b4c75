ALTER TABLE "users" ADD COLUMN "must_change_pwd" boolean NOT NULL DEFAULT false;
