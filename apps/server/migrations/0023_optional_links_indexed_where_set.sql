-- Generated from the declarations: the index of an optional link leaves out the rows without one
-- (engine ddl.ts, indexSkipsNulls). Most such links are empty on most rows (a ledger row's bucket,
-- a document's customer or next approver), and every insert or moved row paid an index entry for
-- them; equality lookups and foreign key checks read only rows that have a value.
DROP INDEX IF EXISTS "ix_accessory_unit_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_approval_history_operator_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_approval_history_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bid_evaluation_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bid_evaluation_awards_offer_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bom_lock_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bom_node_parent_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bom_node_unit_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bucket_unit_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bucket_location_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_customer_salesman_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_customer_currency_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_department_parent_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_department_factory_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_department_supervisor_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_employee_dept_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_employee_job_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_job_manager_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_location_parent_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_machine_group_factory_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_class_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_unit_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_class_parent_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_price_history_material_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_price_history_currency_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_price_history_sow_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_price_history_bid_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_receive_employee_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_receive_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_mixing_feeding_equation_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_mixing_feeding_bucket_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_mixing_feeding_employee_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_mixing_feeding_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_module_menu_parent_menu_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_offer_currency_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_package_setting_material_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_package_setting_unit_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_produce_plan_customer_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_produce_plan_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_product_line_dept_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_send_msg_menu_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_send_msg_from_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_set_process_steps_work_station_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_sow_factory_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_sow_buyer_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_sow_parts_unit_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_sow_parts_material_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_warehouse_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_department_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_supplier_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_customer_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_lines_to_location_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_doc_lines_bucket_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_ledger_bucket_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_supplier_currency_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_supplier_buyer_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_supplier_portal_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_users_factory_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_users_dept_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_users_job_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_warehouse_factory_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_warehouse_keeper_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_doc_bom_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_doc_route_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_doc_plan_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_doc_product_line_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_doc_location_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_doc_next_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_order_work_doc_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_order_bom_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_order_route_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_order_work_station_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_order_location_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_process_work_station_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_report_work_station_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_report_shift_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_report_employee_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_station_machine_group_id";
--> statement-breakpoint
CREATE INDEX "ix_accessory_unit_id" ON "accessory" ("unit_id") WHERE "unit_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_approval_history_operator_id" ON "approval_history" ("operator_id") WHERE "operator_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_approval_history_next_user_id" ON "approval_history" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bid_evaluation_next_user_id" ON "bid_evaluation" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bid_evaluation_awards_offer_id" ON "bid_evaluation_awards" ("offer_id") WHERE "offer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bom_lock_next_user_id" ON "bom_lock" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bom_node_parent_id" ON "bom_node" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bom_node_unit_id" ON "bom_node" ("unit_id") WHERE "unit_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bucket_unit_id" ON "bucket" ("unit_id") WHERE "unit_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_bucket_location_id" ON "bucket" ("location_id") WHERE "location_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_customer_salesman_id" ON "customer" ("salesman_id") WHERE "salesman_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_customer_currency_id" ON "customer" ("currency_id") WHERE "currency_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_department_parent_id" ON "department" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_department_factory_id" ON "department" ("factory_id") WHERE "factory_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_department_supervisor_id" ON "department" ("supervisor_id") WHERE "supervisor_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_employee_dept_id" ON "employee" ("dept_id") WHERE "dept_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_employee_job_id" ON "employee" ("job_id") WHERE "job_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_job_manager_id" ON "job" ("manager_id") WHERE "manager_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_location_parent_id" ON "location" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_machine_group_factory_id" ON "machine_group" ("factory_id") WHERE "factory_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_class_id" ON "material" ("class_id") WHERE "class_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_unit_id" ON "material" ("unit_id") WHERE "unit_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_class_parent_id" ON "material_class" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_price_history_material_id" ON "material_price_history" ("material_id") WHERE "material_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_price_history_currency_id" ON "material_price_history" ("currency_id") WHERE "currency_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_price_history_sow_id" ON "material_price_history" ("sow_id") WHERE "sow_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_price_history_bid_id" ON "material_price_history" ("bid_id") WHERE "bid_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_receive_employee_id" ON "material_receive" ("employee_id") WHERE "employee_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_material_receive_next_user_id" ON "material_receive" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_mixing_feeding_equation_id" ON "mixing_feeding" ("equation_id") WHERE "equation_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_mixing_feeding_bucket_id" ON "mixing_feeding" ("bucket_id") WHERE "bucket_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_mixing_feeding_employee_id" ON "mixing_feeding" ("employee_id") WHERE "employee_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_mixing_feeding_next_user_id" ON "mixing_feeding" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_module_menu_parent_menu_id" ON "module_menu" ("parent_menu_id") WHERE "parent_menu_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_offer_currency_id" ON "offer" ("currency_id") WHERE "currency_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_package_setting_material_id" ON "package_setting" ("material_id") WHERE "material_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_package_setting_unit_id" ON "package_setting" ("unit_id") WHERE "unit_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_produce_plan_customer_id" ON "produce_plan" ("customer_id") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_produce_plan_next_user_id" ON "produce_plan" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_product_line_dept_id" ON "product_line" ("dept_id") WHERE "dept_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_send_msg_menu_id" ON "send_msg" ("menu_id") WHERE "menu_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_send_msg_from_user_id" ON "send_msg" ("from_user_id") WHERE "from_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_set_process_steps_work_station_id" ON "set_process_steps" ("work_station_id") WHERE "work_station_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_sow_factory_id" ON "sow" ("factory_id") WHERE "factory_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_sow_buyer_id" ON "sow" ("buyer_id") WHERE "buyer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_sow_parts_unit_id" ON "sow_parts" ("unit_id") WHERE "unit_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_sow_parts_material_id" ON "sow_parts" ("material_id") WHERE "material_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_warehouse_id" ON "stock_doc" ("warehouse_id") WHERE "warehouse_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_department_id" ON "stock_doc" ("department_id") WHERE "department_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_supplier_id" ON "stock_doc" ("supplier_id") WHERE "supplier_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_customer_id" ON "stock_doc" ("customer_id") WHERE "customer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_next_user_id" ON "stock_doc" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_lines_to_location_id" ON "stock_doc_lines" ("to_location_id") WHERE "to_location_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_doc_lines_bucket_id" ON "stock_doc_lines" ("bucket_id") WHERE "bucket_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_stock_ledger_bucket_id" ON "stock_ledger" ("bucket_id") WHERE "bucket_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_supplier_currency_id" ON "supplier" ("currency_id") WHERE "currency_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_supplier_buyer_id" ON "supplier" ("buyer_id") WHERE "buyer_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_supplier_portal_user_id" ON "supplier" ("portal_user_id") WHERE "portal_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_users_factory_id" ON "users" ("factory_id") WHERE "factory_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_users_dept_id" ON "users" ("dept_id") WHERE "dept_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_users_job_id" ON "users" ("job_id") WHERE "job_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_warehouse_factory_id" ON "warehouse" ("factory_id") WHERE "factory_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_warehouse_keeper_id" ON "warehouse" ("keeper_id") WHERE "keeper_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_bom_id" ON "work_doc" ("bom_id") WHERE "bom_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_route_id" ON "work_doc" ("route_id") WHERE "route_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_plan_id" ON "work_doc" ("plan_id") WHERE "plan_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_product_line_id" ON "work_doc" ("product_line_id") WHERE "product_line_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_location_id" ON "work_doc" ("location_id") WHERE "location_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_doc_next_user_id" ON "work_doc" ("next_user_id") WHERE "next_user_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_order_work_doc_id" ON "work_order" ("work_doc_id") WHERE "work_doc_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_order_bom_id" ON "work_order" ("bom_id") WHERE "bom_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_order_route_id" ON "work_order" ("route_id") WHERE "route_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_order_work_station_id" ON "work_order" ("work_station_id") WHERE "work_station_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_order_location_id" ON "work_order" ("location_id") WHERE "location_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_process_work_station_id" ON "work_process" ("work_station_id") WHERE "work_station_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_report_work_station_id" ON "work_report" ("work_station_id") WHERE "work_station_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_report_shift_id" ON "work_report" ("shift_id") WHERE "shift_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_report_employee_id" ON "work_report" ("employee_id") WHERE "employee_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ix_work_station_machine_group_id" ON "work_station" ("machine_group_id") WHERE "machine_group_id" IS NOT NULL;
