-- Three costs of every posting, found with perf over the PostgreSQL backends under load:
-- * pg_get_serial_sequence ran once per id drawn (60 a posting), each a catalog search; the
--   sequences are now looked up once per call.
-- * The cost rows were scanned twice, to lock them and then to read them, each time a scan of the
--   whole table that tested every row against the list (the planner's choice for a small table);
--   now each is locked and read through the key's index, in the order of the materials' ids, so
--   that two postings never wait on each other in a circle.
-- * The oldest open layers of each material came from a loop over a cursor, which fetches ten rows
--   at a time and starts a query per material; one query now takes up to four layers of every
--   material (a need is nearly always covered by one or two), and only a material that they do not
--   cover is read further, as before, up to at_once layers.
-- The caller draws as many layer ids as it may need (n_layers) and draws more if its plan needs them.
CREATE OR REPLACE FUNCTION iv_lock_and_load(mats bigint[], bal_m bigint[], bal_l bigint[], need_m bigint[],
    need_q numeric[], n_ledger integer, n_layers integer, at_once integer) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  pools json;
  layers json[] := '{}';
  short_m bigint[];
  short_q numeric[];
  got numeric;
  y record;
  ledger_seq regclass := pg_get_serial_sequence('stock_ledger', 'id')::regclass;
  layer_seq regclass := pg_get_serial_sequence('stock_layer', 'id')::regclass;
BEGIN
  -- a material's first posting creates its cost row; then all are locked again
  FOR attempt IN 1 .. 2 LOOP
    pools := (SELECT coalesce(json_agg(json_build_object('m', s.material_id, 'q', s.qty::text,
        'a', s.amount::text, 'c', s.last_cost::text)), '[]'::json)
      FROM (SELECT m FROM unnest(mats) AS m ORDER BY m) AS k
      CROSS JOIN LATERAL (SELECT c.material_id, c.qty, c.amount, c.last_cost FROM stock_cost c
        WHERE c.material_id = k.m FOR UPDATE) s);
    EXIT WHEN attempt = 2 OR json_array_length(pools) >= cardinality(mats);
    INSERT INTO stock_cost (material_id, qty, amount, last_cost)
      SELECT m, 0, 0, 0 FROM unnest(mats) AS m WHERE EXISTS (SELECT 1 FROM material WHERE id = m)
      ORDER BY m ON CONFLICT (material_id) DO NOTHING;
  END LOOP;
  -- the first four open layers of each material, each with the stock of the layers before it
  SELECT coalesce(array_agg(json_build_object('id', z.id, 'm', z.material_id, 'g', z.ledger_id, 'd', z.in_date,
        'qi', z.qty_in::text, 'ql', z.qty_left::text, 'c', z.unit_cost::text) ORDER BY z.id)
        FILTER (WHERE z.before < z.need), '{}'),
      array_agg(z.material_id ORDER BY z.material_id) FILTER (WHERE z.n = 4 AND z.before + z.qty_left < z.need),
      array_agg(z.need ORDER BY z.material_id) FILTER (WHERE z.n = 4 AND z.before + z.qty_left < z.need)
    INTO layers, short_m, short_q
    FROM unnest(need_m, need_q) AS k(m, q)
    CROSS JOIN LATERAL (SELECT f.*, k.q AS need, sum(f.qty_left) OVER (ORDER BY f.id) - f.qty_left AS before,
        row_number() OVER (ORDER BY f.id) AS n
      FROM (SELECT l.id, l.material_id, l.ledger_id, l.in_date, l.qty_in, l.qty_left, l.unit_cost
        FROM stock_layer l WHERE l.material_id = k.m AND l.is_open ORDER BY l.id LIMIT 4) f) z;
  -- a material whose first four layers do not cover its need is read again, up to at_once layers
  IF short_m IS NOT NULL THEN
    layers := ARRAY(SELECT e FROM unnest(layers) AS e WHERE (e->>'m')::bigint <> ALL(short_m));
    FOR i IN 1 .. cardinality(short_m) LOOP
      got := 0;
      FOR y IN SELECT l.id, l.material_id, l.ledger_id, l.in_date, l.qty_in, l.qty_left, l.unit_cost
          FROM stock_layer l WHERE l.material_id = short_m[i] AND l.is_open ORDER BY l.id LIMIT at_once LOOP
        EXIT WHEN got >= short_q[i];
        layers := layers || json_build_object('id', y.id, 'm', y.material_id, 'g', y.ledger_id, 'd', y.in_date,
          'qi', y.qty_in::text, 'ql', y.qty_left::text, 'c', y.unit_cost::text);
        got := got + y.qty_left;
      END LOOP;
    END LOOP;
  END IF;
  RETURN json_build_object(
    'p', pools,
    'b', (SELECT coalesce(json_agg(json_build_object('m', b.material_id, 'l', b.location_id, 'w', b.warehouse_id,
        'b', b.batch_no, 'q', b.qty::text, 'a', b.amount::text, 'i', b.last_in_date, 'o', b.last_out_date)),
        '[]'::json)
      FROM unnest(bal_m, bal_l) AS k(m, l)
      JOIN stock_balance b ON b.material_id = k.m AND b.location_id = k.l),
    'y', to_json(layers),
    'li', ARRAY(SELECT nextval(ledger_seq) FROM generate_series(1, n_ledger)),
    'yi', ARRAY(SELECT nextval(layer_seq) FROM generate_series(1, n_layers)));
END;
$$;
