-- Generated from the declarations: only documents are listed by state, so other tables lose their
-- index on it; a ref that a unique index (stock_cost, employee, approval_setting) or a hand-written
-- composite one (indexedBy: ledger and balance by material) already serves loses its own. Each of
-- these was paid for by every insert, and by every update of a row that could not stay on its page.
DROP INDEX IF EXISTS "ix_accessory_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_approval_history_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_approval_setting_menu_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_approval_setting_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_attachment_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_barcode_template_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bom_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bom_node_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_bucket_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_company_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_currency_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_customer_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_data_dictionary_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_department_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_employee_user_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_employee_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_equation_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_factory_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_job_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_location_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_login_throttle_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_machine_group_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_class_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_material_price_history_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_menu_extend_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_module_menu_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_numbering_series_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_offer_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_operation_log_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_package_setting_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_plate_plan_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_product_line_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_role_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_send_msg_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_set_process_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_balance_material_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_balance_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_cost_material_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_cost_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_layer_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_layer_use_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_ledger_material_id";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_stock_ledger_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_supplier_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_system_parameter_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_tag_info_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_unit_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_user_column_info_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_user_often_menu_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_user_session_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_users_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_warehouse_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_order_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_process_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_report_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_shift_state";
--> statement-breakpoint
DROP INDEX IF EXISTS "ix_work_station_state";
