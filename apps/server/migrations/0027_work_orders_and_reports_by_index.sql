-- More lookups that scanned tables growing with use:
-- * levelling an order onto a station, and the station load, read the orders that hold station time
--   (scheduled, in production, paused) of some stations: through the station's index that was
--   every order the station ever ran. The index keeps only the holding ones, which are few; its
--   condition is written out in the query (capacity.server.ts bookingsSql) for the planner to match;
-- * the Gantt reads the orders whose planned days meet a window: those ending on or after its start;
-- * the output report reads a window of days among all work reports;
-- * MRP reads the open orders of some materials: through the material's index that was every order
--   of the material ever made. Again only the open ones, condition as in plan.server.ts onOrderSql.
-- The sourcing sweep now marks done only the invitations of the offers it has just closed (an
-- action that cuts offers short marks theirs itself); the last statement below does once what the
-- old sweep did on every request, for invitations of offers cut short before this migration.
CREATE INDEX "ix_work_order_holding_station" ON "work_order" ("work_station_id") WHERE schedule_status IN (1, 2, 3);
--> statement-breakpoint
CREATE INDEX "ix_work_order_plan_window" ON "work_order" ("plan_end", "plan_start");
--> statement-breakpoint
CREATE INDEX "ix_work_report_date" ON "work_report" ("report_date");
--> statement-breakpoint
CREATE INDEX "ix_work_order_open_material" ON "work_order" ("material_id") WHERE schedule_status IN (0, 1, 2, 3);
--> statement-breakpoint
UPDATE send_msg_receivers SET is_done = true WHERE NOT is_done AND parent_id IN (
  SELECT m.id FROM send_msg m JOIN offer o ON m.parameter = o.id::text
  WHERE m.msg_type = 2 AND m.route = '/SRM/portal/quotation' AND o.end_time <= now());
