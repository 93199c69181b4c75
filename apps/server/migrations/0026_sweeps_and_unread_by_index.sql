-- Two more lookups that scanned tables growing with use:
-- * every sourcing and supplier-portal request first closes what is overdue (sweepOverdue): offers
--   still pending past their end time, and sourcing rounds past theirs, found among all offers and
--   all SOWs ever made;
-- * the unread messages of the bell, polled by every open tab, and "read all", found among all
--   messages a user ever had (an approver piles up thousands).
CREATE INDEX "ix_offer_status_end" ON "offer" ("offer_status", "end_time");
--> statement-breakpoint
CREATE INDEX "ix_sow_status_round_end" ON "sow" ("sow_status", "round_end");
--> statement-breakpoint
CREATE INDEX "ix_send_msg_receivers_unread" ON "send_msg_receivers" ("user_id") WHERE NOT is_read;
