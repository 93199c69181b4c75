-- Generated from the declarations: each ledger row keeps the value of its balance (material, location,
-- batch) after the movement, beside the running quantity (Balance_Amount, "Balance value"). Rows
-- posted before stay empty: the ledger is immutable (stock_ledger_immutable), so they are not filled.
-- A nullable column without a default: no rewrite of the table.
ALTER TABLE "stock_ledger" ADD COLUMN "balance_amount" numeric(18,2);
