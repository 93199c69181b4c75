-- An issue lowers what is left in the FIFO layers it takes from. The open-layer index's predicate
-- named qty_left, so each such update was a new row version with new entries in all four indexes of
-- the table (a quarter of a posting's index writes). The predicate now names is_open, which changes
-- only when a layer is emptied or reopened; with room on the page (fillfactor, from the declaration)
-- the update stays on its page and touches no index (HOT). The column is derived by PostgreSQL, so
-- no writer can get it wrong; adding it rewrites the table, which also leaves the room.
ALTER TABLE "stock_layer" SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE "stock_layer" ADD COLUMN "is_open" boolean GENERATED ALWAYS AS (qty_left <> 0) STORED;
--> statement-breakpoint
DROP INDEX "ix_stock_layer_open";
--> statement-breakpoint
CREATE INDEX "ix_stock_layer_open" ON "stock_layer" ("material_id", "id") WHERE is_open;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION iv_lock_and_load(mats bigint[], bal_m bigint[], bal_l bigint[], need_m bigint[],
    need_q numeric[], n_ledger integer, n_layers integer, at_once integer) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  layers json[] := '{}';
  got numeric;
  locked integer;
  y record;
BEGIN
  PERFORM 1 FROM stock_cost WHERE material_id = ANY(mats) ORDER BY material_id FOR UPDATE;
  GET DIAGNOSTICS locked = ROW_COUNT;
  IF locked < cardinality(mats) THEN
    INSERT INTO stock_cost (material_id, qty, amount, last_cost)
      SELECT m, 0, 0, 0 FROM unnest(mats) AS m WHERE EXISTS (SELECT 1 FROM material WHERE id = m)
      ORDER BY m ON CONFLICT (material_id) DO NOTHING;
    PERFORM 1 FROM stock_cost WHERE material_id = ANY(mats) ORDER BY material_id FOR UPDATE;
  END IF;
  FOR i IN 1 .. coalesce(cardinality(need_m), 0) LOOP
    got := 0;
    FOR y IN SELECT l.id, l.material_id, l.ledger_id, l.in_date, l.qty_in, l.qty_left, l.unit_cost
        FROM stock_layer l WHERE l.material_id = need_m[i] AND l.is_open ORDER BY l.id LIMIT at_once LOOP
      EXIT WHEN got >= need_q[i];
      layers := layers || json_build_object('id', y.id, 'm', y.material_id, 'g', y.ledger_id, 'd', y.in_date,
        'qi', y.qty_in::text, 'ql', y.qty_left::text, 'c', y.unit_cost::text);
      got := got + y.qty_left;
    END LOOP;
  END LOOP;
  RETURN json_build_object(
    'p', (SELECT coalesce(json_agg(json_build_object('m', material_id, 'q', qty::text, 'a', amount::text,
        'c', last_cost::text)), '[]'::json) FROM stock_cost WHERE material_id = ANY(mats)),
    'b', (SELECT coalesce(json_agg(json_build_object('m', b.material_id, 'l', b.location_id, 'w', b.warehouse_id,
        'b', b.batch_no, 'q', b.qty::text, 'a', b.amount::text, 'i', b.last_in_date, 'o', b.last_out_date)),
        '[]'::json)
      FROM unnest(bal_m, bal_l) AS k(m, l)
      JOIN stock_balance b ON b.material_id = k.m AND b.location_id = k.l),
    'y', to_json(layers),
    'li', ARRAY(SELECT nextval(pg_get_serial_sequence('stock_ledger', 'id')) FROM generate_series(1, n_ledger)),
    'yi', ARRAY(SELECT nextval(pg_get_serial_sequence('stock_layer', 'id')) FROM generate_series(1, n_layers)));
END;
$$;
