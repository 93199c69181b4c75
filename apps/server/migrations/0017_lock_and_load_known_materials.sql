-- The posting now reads its materials and locations in the same statement that calls this function
-- (lockAndLoad), so it may be given the id of a material that does not exist: such an id gets no
-- cost row here (its foreign key would fail first), and the posting then refuses it by name.
CREATE OR REPLACE FUNCTION iv_lock_and_load(mats bigint[], locs bigint[], need_m bigint[], need_q numeric[],
    n_ledger integer, n_layers integer, at_once integer) RETURNS json LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_cost WHERE material_id = ANY(mats) ORDER BY material_id FOR UPDATE;
  IF (SELECT count(*) FROM stock_cost WHERE material_id = ANY(mats)) < cardinality(mats) THEN
    INSERT INTO stock_cost (material_id, qty, amount, last_cost)
      SELECT m, 0, 0, 0 FROM unnest(mats) AS m WHERE EXISTS (SELECT 1 FROM material WHERE id = m)
      ORDER BY m ON CONFLICT (material_id) DO NOTHING;
    PERFORM 1 FROM stock_cost WHERE material_id = ANY(mats) ORDER BY material_id FOR UPDATE;
  END IF;
  RETURN json_build_object(
    'p', (SELECT coalesce(json_agg(json_build_object('m', material_id, 'q', qty::text, 'a', amount::text,
        'c', last_cost::text)), '[]'::json) FROM stock_cost WHERE material_id = ANY(mats)),
    'b', (SELECT coalesce(json_agg(json_build_object('m', material_id, 'l', location_id, 'w', warehouse_id,
        'b', batch_no, 'q', qty::text, 'a', amount::text, 'i', last_in_date, 'o', last_out_date)), '[]'::json)
      FROM stock_balance WHERE material_id = ANY(mats) AND location_id = ANY(locs)),
    'y', (SELECT coalesce(json_agg(json_build_object('id', id, 'm', material_id, 'g', ledger_id, 'd', in_date,
        'qi', qty_in::text, 'ql', qty_left::text, 'c', unit_cost::text) ORDER BY id), '[]'::json) FROM (
      SELECT y.* FROM unnest(need_m, need_q) AS n(m, q)
      CROSS JOIN LATERAL (SELECT z.* FROM (SELECT l.*, sum(l.qty_left) OVER (ORDER BY l.id) - l.qty_left AS before
        FROM stock_layer l WHERE l.material_id = n.m AND l.qty_left <> 0 ORDER BY l.id LIMIT at_once) z
        WHERE z.before < n.q) y) y),
    'li', ARRAY(SELECT nextval(pg_get_serial_sequence('stock_ledger', 'id')) FROM generate_series(1, n_ledger)),
    'yi', ARRAY(SELECT nextval(pg_get_serial_sequence('stock_layer', 'id')) FROM generate_series(1, n_layers)));
END;
$$;
