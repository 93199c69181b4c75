-- Acting on a record (an approval, a rejection, an offer's award) marks its to-dos done, found by
-- route and parameter among all messages: a scan of every message ever sent, on every approval of a
-- company that has used the system for a while. To-dos only, as nothing else is looked up so.
CREATE INDEX "ix_send_msg_todo" ON "send_msg" ("route", "parameter") WHERE msg_type = 2;
