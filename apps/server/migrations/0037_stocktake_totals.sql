-- A stocktake's list row showed the counted quantity (Total_Qty) beside the value of its differences
-- (Total_Amount): the header now also carries the book and difference totals (issue 25, bug 11).
-- Stocktakes saved before are given them from their lines.
ALTER TABLE "stock_doc" ADD COLUMN "total_book_qty" numeric(18,4);
--> statement-breakpoint
ALTER TABLE "stock_doc" ADD COLUMN "total_diff_qty" numeric(18,4);

--> statement-breakpoint
UPDATE "stock_doc" d SET "total_book_qty" = l.book, "total_diff_qty" = l.diff
  FROM (SELECT parent_id, coalesce(sum(book_qty), 0) AS book, coalesce(sum(diff_qty), 0) AS diff
    FROM "stock_doc_lines" GROUP BY parent_id) l
  WHERE l.parent_id = d.id AND d.doc_type = 4;
