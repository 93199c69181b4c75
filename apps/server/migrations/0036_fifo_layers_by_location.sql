-- FIFO layers belong to a material AND a location, and are taken oldest date first (ties by id):
-- they were one queue per material taken in posting order, so an issue at one location took the
-- cost of stock lying at another, or of a layer dated after a back-dated receipt, and left the
-- location with stock but a negative value (issue 25, bug 2). A layer written before this takes the
-- location of the ledger row that made it; the planner brings a location's layers back in step
-- with its stock at its next posting (reconcile).
ALTER TABLE "stock_layer" ADD COLUMN "location_id" bigint;
--> statement-breakpoint
UPDATE "stock_layer" y SET "location_id" = l.location_id FROM "stock_ledger" l WHERE l.id = y.ledger_id;
--> statement-breakpoint
UPDATE "stock_layer" SET "location_id" = 0 WHERE "location_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "stock_layer" ALTER COLUMN "location_id" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "ix_stock_layer_open";
--> statement-breakpoint
CREATE INDEX "ix_stock_layer_open" ON "stock_layer" ("material_id", "location_id", "in_date", "id") WHERE is_open;
--> statement-breakpoint
CREATE INDEX "ix_stock_layer_location_id" ON "stock_layer" ("location_id");
--> statement-breakpoint
DROP FUNCTION iv_lock_and_load(bigint[], bigint[], bigint[], bigint[], numeric[], integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION iv_lock_and_load(mats bigint[], bal_m bigint[], bal_l bigint[], need_m bigint[],
    need_l bigint[], need_q numeric[], n_ledger integer, n_layers integer, at_once integer) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  pools json;
  layers json[] := '{}';
  short_m bigint[];
  short_l bigint[];
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
  -- the first four open layers of each material at each location it takes from, oldest date first
  -- (ties by id), each with the stock of the layers before it
  SELECT coalesce(array_agg(json_build_object('id', z.id, 'm', z.material_id, 'l', z.location_id, 'g', z.ledger_id,
        'd', z.in_date, 'qi', z.qty_in::text, 'ql', z.qty_left::text, 'c', z.unit_cost::text) ORDER BY z.in_date, z.id)
        FILTER (WHERE z.before < z.need), '{}'),
      array_agg(z.material_id) FILTER (WHERE z.n = 4 AND z.before + z.qty_left < z.need),
      array_agg(z.location_id) FILTER (WHERE z.n = 4 AND z.before + z.qty_left < z.need),
      array_agg(z.need) FILTER (WHERE z.n = 4 AND z.before + z.qty_left < z.need)
    INTO layers, short_m, short_l, short_q
    FROM unnest(need_m, need_l, need_q) AS k(m, l, q)
    CROSS JOIN LATERAL (SELECT f.*, k.q AS need,
        sum(f.qty_left) OVER (ORDER BY f.in_date, f.id) - f.qty_left AS before,
        row_number() OVER (ORDER BY f.in_date, f.id) AS n
      FROM (SELECT l.id, l.material_id, l.location_id, l.ledger_id, l.in_date, l.qty_in, l.qty_left, l.unit_cost
        FROM stock_layer l WHERE l.material_id = k.m AND l.location_id = k.l AND l.is_open
        ORDER BY l.in_date, l.id LIMIT 4) f) z;
  -- a material and location whose first four layers do not cover the need is read again, up to
  -- at_once layers
  IF short_m IS NOT NULL THEN
    layers := ARRAY(SELECT e FROM unnest(layers) AS e WHERE NOT EXISTS (SELECT 1 FROM unnest(short_m, short_l) AS s(m, l)
      WHERE s.m = (e->>'m')::bigint AND s.l = (e->>'l')::bigint));
    FOR i IN 1 .. cardinality(short_m) LOOP
      got := 0;
      FOR y IN SELECT l.id, l.material_id, l.location_id, l.ledger_id, l.in_date, l.qty_in, l.qty_left, l.unit_cost
          FROM stock_layer l WHERE l.material_id = short_m[i] AND l.location_id = short_l[i] AND l.is_open
          ORDER BY l.in_date, l.id LIMIT at_once LOOP
        EXIT WHEN got >= short_q[i];
        layers := layers || json_build_object('id', y.id, 'm', y.material_id, 'l', y.location_id, 'g', y.ledger_id,
          'd', y.in_date, 'qi', y.qty_in::text, 'ql', y.qty_left::text, 'c', y.unit_cost::text);
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
