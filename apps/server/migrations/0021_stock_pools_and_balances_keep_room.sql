-- Generated from the declarations (fillfactor): every posting updates the pool of each of its
-- materials and the balance of each line in place. With room on the page such an update needs no
-- new index entries (a HOT update). Full pages already written gain the room as their rows move.
ALTER TABLE "stock_balance" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "stock_cost" SET (fillfactor = 50);
