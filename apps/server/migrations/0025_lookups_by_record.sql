-- Lookups by record among rows that pile up for as long as the company uses the system, each of them
-- a scan of the whole table until now:
-- * acting on a record (an approval, a rejection) marks its to-dos done, found by route and
--   parameter among all messages (to-dos only, as nothing else is looked up so);
-- * a record's approval history, and its attachments (the panel of every form), found by record;
-- * a file, found by its path when it is served.
CREATE INDEX "ix_send_msg_todo" ON "send_msg" ("route", "parameter") WHERE msg_type = 2;
--> statement-breakpoint
CREATE INDEX "ix_approval_history_record" ON "approval_history" ("record_id", "entity_name");
--> statement-breakpoint
CREATE INDEX "ix_attachment_record" ON "attachment" ("bz_code", "bz_table");
--> statement-breakpoint
CREATE INDEX "ix_attachment_file_path" ON "attachment" ("file_path");
