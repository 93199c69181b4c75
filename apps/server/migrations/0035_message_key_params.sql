ALTER TABLE "send_msg" ADD COLUMN "title_en" varchar(200);
--> statement-breakpoint
ALTER TABLE "send_msg" ADD COLUMN "msg_key" varchar(100);
--> statement-breakpoint
ALTER TABLE "send_msg" ADD COLUMN "msg_params" text;
