ALTER TABLE "stock_doc_lines" SET (fillfactor = 70);
