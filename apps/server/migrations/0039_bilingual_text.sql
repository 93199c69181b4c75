ALTER TABLE "currency" ADD COLUMN "currency_name_en" varchar(30);
--> statement-breakpoint
ALTER TABLE "data_dictionary" ADD COLUMN "storage_name_en" varchar(60);
--> statement-breakpoint
ALTER TABLE "data_dictionary_items" ADD COLUMN "item_name_en" varchar(100);
--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "role_name_en" varchar(60);
--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "remark_en" varchar(500);
--> statement-breakpoint
ALTER TABLE "system_parameter" ADD COLUMN "parameter_name_en" varchar(100);
--> statement-breakpoint
ALTER TABLE "system_parameter" ADD COLUMN "notes_en" varchar(500);
--> statement-breakpoint
ALTER TABLE "unit" ADD COLUMN "unit_name_en" varchar(30);
--> statement-breakpoint
UPDATE "unit" SET "unit_name_en" = CASE "unit_code" WHEN 'PCS' THEN 'pcs' WHEN 'KG' THEN 'kg' WHEN 'M' THEN 'm' WHEN 'SET' THEN 'set' WHEN 'BOX' THEN 'box' WHEN 'L' THEN 'L' END WHERE "unit_name_en" IS NULL AND "unit_code" IN ('PCS', 'KG', 'M', 'SET', 'BOX', 'L') AND "unit_name" = CASE "unit_code" WHEN 'PCS' THEN '个' WHEN 'KG' THEN '千克' WHEN 'M' THEN '米' WHEN 'SET' THEN '套' WHEN 'BOX' THEN '箱' WHEN 'L' THEN '升' END;
--> statement-breakpoint
UPDATE "currency" SET "currency_name_en" = CASE "currency_code" WHEN 'CNY' THEN 'Chinese yuan' WHEN 'USD' THEN 'US dollar' WHEN 'EUR' THEN 'Euro' END WHERE "currency_name_en" IS NULL AND "currency_code" IN ('CNY', 'USD', 'EUR') AND "currency_name" = CASE "currency_code" WHEN 'CNY' THEN '人民币' WHEN 'USD' THEN '美元' WHEN 'EUR' THEN '欧元' END;
--> statement-breakpoint
UPDATE "role" SET "role_name_en" = CASE "role_code" WHEN 'admin' THEN 'System administrator' WHEN 'buyer' THEN 'Buyer' WHEN 'planner' THEN 'Production planner' WHEN 'warehouse' THEN 'Warehouse clerk' WHEN 'supplier' THEN 'Supplier portal' END WHERE "role_name_en" IS NULL AND "role_code" IN ('admin', 'buyer', 'planner', 'warehouse', 'supplier') AND "role_name" = CASE "role_code" WHEN 'admin' THEN '系统管理员' WHEN 'buyer' THEN '采购员' WHEN 'planner' THEN '生产计划员' WHEN 'warehouse' THEN '仓管员' WHEN 'supplier' THEN '供应商门户' END;
--> statement-breakpoint
UPDATE "role" SET "remark_en" = CASE "role_code" WHEN 'admin' THEN 'Holds every menu and button' WHEN 'buyer' THEN 'Purchasing, sourcing, supplier and material files' WHEN 'planner' THEN 'Production plans, work documents, BOMs and shop-floor control' WHEN 'warehouse' THEN 'Stock documents, stock reports and warehouse files' WHEN 'supplier' THEN 'Supplier quotation portal' END WHERE "remark_en" IS NULL AND "role_code" IN ('admin', 'buyer', 'planner', 'warehouse', 'supplier') AND "remark" = CASE "role_code" WHEN 'admin' THEN '拥有全部菜单和按钮' WHEN 'buyer' THEN '采购、寻源、供应商与物料档案' WHEN 'planner' THEN '生产计划、任务单、BOM 与车间管控' WHEN 'warehouse' THEN '库存单据、库存报表与仓库档案' WHEN 'supplier' THEN '供应商报价门户' END;
--> statement-breakpoint
UPDATE "data_dictionary" SET "storage_name_en" = CASE "storage_name" WHEN '付款方式' THEN 'Payment terms' WHEN '交货条款' THEN 'Delivery terms' WHEN '计量单位' THEN 'Units of measure' WHEN '物料批次' THEN 'Material batches' END WHERE "storage_name_en" IS NULL AND "storage_name" IN ('付款方式', '交货条款', '计量单位', '物料批次') AND "storage_name" = CASE "storage_name" WHEN '付款方式' THEN '付款方式' WHEN '交货条款' THEN '交货条款' WHEN '计量单位' THEN '计量单位' WHEN '物料批次' THEN '物料批次' END;
--> statement-breakpoint
UPDATE "data_dictionary_items" SET "item_name_en" = CASE "item_name" WHEN '月结30天' THEN 'Net 30 days' WHEN '月结60天' THEN 'Net 60 days' WHEN '预付款' THEN 'Prepayment' WHEN '货到付款' THEN 'Cash on delivery' WHEN '工厂交货' THEN 'Ex works' WHEN '离岸价' THEN 'Free on board' WHEN '完税后交货' THEN 'Delivered duty paid' WHEN '个' THEN 'pcs' WHEN '千克' THEN 'kg' WHEN '米' THEN 'm' WHEN '套' THEN 'set' WHEN '箱' THEN 'box' END WHERE "item_name_en" IS NULL AND "item_name" IN ('月结30天', '月结60天', '预付款', '货到付款', '工厂交货', '离岸价', '完税后交货', '个', '千克', '米', '套', '箱') AND "item_name" = CASE "item_name" WHEN '月结30天' THEN '月结30天' WHEN '月结60天' THEN '月结60天' WHEN '预付款' THEN '预付款' WHEN '货到付款' THEN '货到付款' WHEN '工厂交货' THEN '工厂交货' WHEN '离岸价' THEN '离岸价' WHEN '完税后交货' THEN '完税后交货' WHEN '个' THEN '个' WHEN '千克' THEN '千克' WHEN '米' THEN '米' WHEN '套' THEN '套' WHEN '箱' THEN '箱' END;
