import type { Db } from '@mes/engine-server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { between, mulberry32 } from './prng';

export interface GenerateOptions {
  seed: number;
  /** Ledger rows wanted; rounded down to a multiple of 5 (one receipt group is five rows). */
  rows: number;
  materials: number;
  warehouses: number;
  locationsPerWarehouse: number;
  log?: (msg: string) => void;
}

export interface GenerateResult {
  rows: number;
  materials: number;
  locations: number;
  documents: number;
  layers: number;
  ms: number;
  steps: Record<string, number>;
}

/** First day of the generated year of history; fixed so that a seed always gives the same rows. */
export const HISTORY_START = '2025-10-01';
export const HISTORY_DAYS = 365;

const lit = (n: number) => sql.lit(n);

/**
 * Counter-based randomness in SQL: a hash of (key, salt) under the seed, in [0, mod). The same seed
 * gives the same value on PGlite and on PostgreSQL (both run PostgreSQL's hashint8extended).
 */
function hashRand(seed: number, key: RawBuilder<unknown>, salt: number, mod: number): RawBuilder<number> {
  return sql<number>`((((hashint8extended((${key})::bigint * 64 + ${lit(salt)}, ${lit(seed)}) % ${lit(mod)}) + ${lit(mod)}) % ${lit(mod)})::int)`;
}

/** Tables filled row by row by the posting service; their secondary indexes are rebuilt after the bulk load. */
const BULK_TABLES = ['stock_ledger', 'stock_layer', 'stock_layer_use', 'stock_doc_lines', 'stock_balance'];

type Conn = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Fills an empty (freshly migrated) database: units, classes, warehouses, locations and materials
 * from a seeded PRNG, then a year of stock history of `rows` ledger rows with set-based SQL. The
 * history is made of receipt groups: a receipt of R at a location, two issues and a transfer that
 * together take at most 0.9 R, so that no balance ever goes below zero whatever the interleaving;
 * balances, pools, FIFO layers and layer use are derived from the ledger exactly as a posting
 * would have left them (each material has one cost, so moving average and FIFO agree on it).
 */
export async function generate(db: Db, o: GenerateOptions): Promise<GenerateResult> {
  const log = o.log ?? (() => undefined);
  const t0 = performance.now();
  const steps: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    steps[name] = Math.round(performance.now() - t);
    log(`  ${name}: ${(steps[name] / 1000).toFixed(1)} s`);
  };
  const groups = Math.floor(o.rows / 5);
  const M = o.materials;
  const rand = mulberry32(o.seed);
  const result = { documents: 0, layers: 0 };

  // temp tables live in one session: pin a connection for the whole load
  await db.connection().execute(async (c: Conn) => {
    const admin = (await sql<{ id: number }>`SELECT id FROM users WHERE user_account = 'admin'`.execute(c))
      .rows[0]?.id;
    await step('master data', () => masterData(c, o, rand));
    const r = (key: RawBuilder<unknown>, salt: number, mod: number) => hashRand(o.seed, key, salt, mod);
    const g = sql`grp.g`;
    const K = Math.max(1, Math.round(o.rows / 250_000)); // documents per day, type and warehouse: ~100 lines each

    await step('movements', async () => {
      await sql`CREATE TEMP TABLE bench_ev AS
        WITH grp AS (
          SELECT g, g % ${lit(M)} AS idx, g / ${lit(M)} AS j, (${lit(groups)} - g % ${lit(M)} + ${lit(M - 1)}) / ${lit(M)} AS gm
          FROM generate_series(0, ${lit(groups - 1)}) AS g
        ), t AS (
          SELECT grp.g, m.material_id, m.cost, m.batch, (grp.j * ${lit(HISTORY_DAYS)}) / grp.gm AS start,
            ${r(g, 1, 3)} AS d1, ${r(g, 2, 4)} AS d2, ${r(g, 3, 5)} AS d3,
            (ARRAY[m.l0, m.l1, m.l2])[${r(g, 4, 3)} + 1] AS loc_from,
            (ARRAY[m.l0, m.l1, m.l2])[(${r(g, 4, 3)} + 1 + ${r(g, 5, 2)}) % 3 + 1] AS loc_to,
            10 + ${r(g, 6, 191)} AS rq, 10 + ${r(g, 7, 21)} AS p1, 10 + ${r(g, 8, 21)} AS p2, 5 + ${r(g, 9, 26)} AS pt,
            CASE WHEN ${r(g, 10, 20)} = 0 THEN 5 ELSE 2 END AS it1, CASE WHEN ${r(g, 11, 20)} = 0 THEN 5 ELSE 2 END AS it2
          FROM grp JOIN bench_mat m ON m.idx = grp.idx
        )
        SELECT t.g, e, t.material_id, t.cost, t.loc_from, t.loc_to,
          CASE WHEN e = 4 THEN t.loc_to ELSE t.loc_from END AS location_id,
          CASE WHEN t.batch THEN 'B' || lpad(t.g::text, 8, '0') ELSE '' END AS batch_no,
          (CASE e WHEN 0 THEN t.rq WHEN 1 THEN -(t.rq * t.p1 / 100) WHEN 2 THEN -(t.rq * t.p2 / 100)
            WHEN 3 THEN -greatest(1, t.rq * t.pt / 100) ELSE greatest(1, t.rq * t.pt / 100) END)::numeric AS qty,
          least(${lit(HISTORY_DAYS - 1)}, t.start + CASE e WHEN 0 THEN 0 WHEN 1 THEN t.d1 WHEN 2 THEN t.d1 + t.d2
            ELSE t.d1 + t.d2 + t.d3 END) AS day,
          CASE e WHEN 0 THEN 1 WHEN 1 THEN t.it1 WHEN 2 THEN t.it2 ELSE 3 END AS doc_type
        FROM t CROSS JOIN generate_series(0, 4) AS e`.execute(c);
      await sql`CREATE TEMP TABLE bench_led AS
        SELECT row_number() OVER (ORDER BY ev.day, ev.g, ev.e) AS id, ev.*, lw.warehouse_id, fw.warehouse_id AS doc_wh,
          dense_rank() OVER (ORDER BY ev.day, ev.doc_type, fw.warehouse_id, ev.g % ${lit(K)}) AS doc_id,
          dense_rank() OVER (PARTITION BY ev.day, ev.doc_type, fw.warehouse_id, ev.g % ${lit(K)} ORDER BY ev.g, least(ev.e, 3)) AS line_no
        FROM bench_ev ev JOIN bench_loc lw ON lw.location_id = ev.location_id JOIN bench_loc fw ON fw.location_id = ev.loc_from`.execute(
        c,
      );
      await sql`DROP TABLE bench_ev`.execute(c);
    });

    const indexes = await sql<{
      indexname: string;
      indexdef: string;
    }>`SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN (${sql.join(BULK_TABLES)}) AND indexname NOT LIKE '%_pkey'`.execute(
      c,
    );
    for (const i of indexes.rows) await sql`DROP INDEX ${sql.id(i.indexname)}`.execute(c);
    // foreign keys are checked once per constraint when re-added (a join), not once per row
    const fks = await sql<{ tbl: string; name: string; def: string }>`SELECT conrelid::regclass::text AS tbl,
        conname AS name, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN (${sql.join([...BULK_TABLES, 'stock_doc', 'stock_cost'])})`.execute(
      c,
    );
    for (const f of fks.rows)
      await sql`ALTER TABLE ${sql.table(f.tbl)} DROP CONSTRAINT ${sql.id(f.name)}`.execute(c);

    const day = sql`(DATE '${sql.raw(HISTORY_START)}' + day)`;
    const at = sql`(DATE '${sql.raw(HISTORY_START)}' + day + TIME '08:00')::timestamptz`;
    await step('stock_ledger', () =>
      sql`INSERT INTO stock_ledger (id, posting_date, doc_type, doc_id, doc_no, line_no, material_id, warehouse_id,
          location_id, batch_no, direction, qty, unit_cost, amount, balance_qty, balance_amount, is_transfer, posted_at, created_by,
          created_at, updated_at)
        SELECT id, ${day}, doc_type, doc_id, 'BG' || lpad(doc_id::text, 7, '0'), line_no, material_id, warehouse_id,
          location_id, batch_no, CASE WHEN qty > 0 THEN 1 ELSE -1 END, qty, cost, qty * cost,
          sum(qty) OVER w, sum(qty * cost) OVER w, e >= 3, ${at}, ${admin}, ${at}, ${at}
        FROM bench_led WINDOW w AS (PARTITION BY material_id, location_id, batch_no ORDER BY id) ORDER BY id`.execute(
        c,
      ),
    );
    await step('stock_doc', async () => {
      const d =
        await sql`INSERT INTO stock_doc (id, doc_no, doc_type, doc_date, direction, warehouse_id, total_qty,
          total_amount, remark, state, created_by, created_at, updated_at, approved_by, approved_at)
        SELECT doc_id, 'BG' || lpad(doc_id::text, 7, '0'), doc_type, min(${day}),
          CASE doc_type WHEN 1 THEN 1 WHEN 2 THEN -1 WHEN 5 THEN -1 END, min(doc_wh),
          sum(abs(qty)) FILTER (WHERE e <> 4), coalesce(sum(qty * cost) FILTER (WHERE e = 0), 0), 'bench', 3,
          ${admin}, min(${at}), min(${at}), ${admin}, min(${at})
        FROM bench_led GROUP BY doc_id, doc_type`.execute(c);
      result.documents = Number(d.numAffectedRows ?? 0);
      await sql`INSERT INTO stock_doc_lines (parent_id, line_no, material_id, location_id, to_location_id, batch_no, qty,
          unit_price, amount)
        SELECT doc_id, line_no, material_id, loc_from, CASE WHEN e = 3 THEN loc_to END, nullif(batch_no, ''), abs(qty),
          CASE WHEN e = 0 THEN cost END, CASE WHEN e = 0 THEN qty * cost END
        FROM bench_led WHERE e <> 4 ORDER BY doc_id, line_no`.execute(c);
    });
    await step('balances and pools', async () => {
      await sql`INSERT INTO stock_balance (material_id, warehouse_id, location_id, batch_no, qty, amount, last_in_date,
          last_out_date, created_by)
        SELECT material_id, min(warehouse_id), location_id, batch_no, sum(qty), sum(qty * cost),
          max(${day}) FILTER (WHERE qty > 0), max(${day}) FILTER (WHERE qty < 0), ${admin}
        FROM bench_led GROUP BY material_id, location_id, batch_no`.execute(c);
      await sql`INSERT INTO stock_cost (material_id, qty, amount, last_cost, created_by)
        SELECT material_id, sum(qty), sum(qty * cost), min(cost), ${admin} FROM bench_led GROUP BY material_id`.execute(
        c,
      );
    });
    await step('FIFO layers', async () => {
      // cumulative receipts and issues per material: FIFO gives issue i the part of the receipts'
      // running total that overlaps its own running total
      await sql`CREATE TEMP TABLE bench_in AS
        SELECT row_number() OVER (ORDER BY id) AS layer_id, id, material_id, day, qty, cost,
          sum(qty) OVER (PARTITION BY material_id ORDER BY id) - qty AS c0
        FROM bench_led WHERE e = 0`.execute(c);
      await sql`CREATE TEMP TABLE bench_out AS
        SELECT id, material_id, sum(-qty) OVER (PARTITION BY material_id ORDER BY id) + qty AS c0
        FROM bench_led WHERE e IN (1, 2)`.execute(c);
      await sql`CREATE TEMP TABLE bench_tot AS
        SELECT material_id, sum(qty) AS total FROM (SELECT material_id, -qty AS qty FROM bench_led WHERE e IN (1, 2)) o
        GROUP BY material_id`.execute(c);
      const l =
        await sql`INSERT INTO stock_layer (id, material_id, ledger_id, in_date, qty_in, qty_left, unit_cost,
          created_by, created_at, updated_at)
        SELECT i.layer_id, i.material_id, i.id, ${day}, i.qty,
          greatest(0, i.c0 + i.qty - greatest(i.c0, coalesce(t.total, 0))), i.cost, ${admin}, ${at}, ${at}
        FROM bench_in i LEFT JOIN bench_tot t USING (material_id) ORDER BY i.layer_id`.execute(c);
      result.layers = Number(l.numAffectedRows ?? 0);
      // the two running totals cut the consumed range into segments, each in one layer and one issue
      await sql`INSERT INTO stock_layer_use (ledger_id, layer_id, qty, created_by)
        SELECT iid, lid, sum(len), ${admin} FROM (
          SELECT max(lid) OVER w AS lid, max(iid) OVER w AS iid,
            least(coalesce(lead(pos) OVER (PARTITION BY material_id ORDER BY pos), total), total) - pos AS len
          FROM (SELECT material_id, c0 AS pos, layer_id AS lid, NULL::bigint AS iid FROM bench_in
                UNION ALL SELECT material_id, c0, NULL, id FROM bench_out) p
            JOIN bench_tot USING (material_id)
          WINDOW w AS (PARTITION BY material_id ORDER BY pos)
        ) s WHERE len > 0 GROUP BY iid, lid ORDER BY iid, lid`.execute(c);
    });
    await step('indexes and foreign keys', async () => {
      for (const i of indexes.rows) await sql.raw(i.indexdef).execute(c);
      for (const f of fks.rows)
        await sql`ALTER TABLE ${sql.table(f.tbl)} ADD CONSTRAINT ${sql.id(f.name)} ${sql.raw(f.def)}`.execute(
          c,
        );
      for (const t of ['stock_ledger', 'stock_layer', 'stock_doc'])
        await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), (SELECT max(id) FROM ${sql.table(t)}))`.execute(
          c,
        );
      await sql`DROP TABLE bench_led, bench_in, bench_out, bench_tot, bench_mat, bench_loc`.execute(c);
    });
    await step('analyze', () => sql`ANALYZE`.execute(c));
  });
  return {
    rows: groups * 5,
    materials: M,
    locations: o.warehouses * o.locationsPerWarehouse,
    ...result,
    ms: Math.round(performance.now() - t0),
    steps,
  };
}

/** Units, classes, warehouses, locations and materials, and the temp tables the history is built from. */
async function masterData(c: Conn, o: GenerateOptions, rand: () => number) {
  const unit = await sql<{ id: number }>`INSERT INTO unit (unit_code, unit_name, precision)
    VALUES ('BPCS', '个', 0) RETURNING id`.execute(c);
  const unitId = unit.rows[0].id;
  const classIds: number[] = [];
  for (let i = 1; i <= 10; i++) {
    const r = await sql<{ id: number }>`INSERT INTO material_class (class_code, class_name)
      VALUES (${`BC${String(i).padStart(2, '0')}`}, ${`基准分类${i}`}) RETURNING id`.execute(c);
    classIds.push(r.rows[0].id);
  }
  const locs: { id: number; wh: number }[][] = [];
  await sql`CREATE TEMP TABLE bench_loc (location_id bigint PRIMARY KEY, warehouse_id bigint NOT NULL)`.execute(
    c,
  );
  for (let w = 1; w <= o.warehouses; w++) {
    const code = `BW${String(w).padStart(2, '0')}`;
    const wh = (
      await sql<{ id: number }>`INSERT INTO warehouse (warehouse_code, warehouse_name)
        VALUES (${code}, ${`基准仓${w}`}) RETURNING id`.execute(c)
    ).rows[0].id;
    const rows = Array.from({ length: o.locationsPerWarehouse }, (_, i) => {
      const n = String(i + 1).padStart(2, '0');
      return sql`(${`${code}-L${n}`}, ${`基准仓${w}-库位${n}`}, ${wh})`;
    });
    const ids = await sql<{
      id: number;
      code: string;
    }>`INSERT INTO location (location_code, location_name, warehouse_id)
      VALUES ${sql.join(rows)} RETURNING id, location_code AS code`.execute(c);
    locs.push(ids.rows.sort((a, b) => a.code.localeCompare(b.code)).map((r) => ({ id: r.id, wh })));
    await sql`INSERT INTO bench_loc SELECT id, warehouse_id FROM location WHERE warehouse_id = ${wh}`.execute(
      c,
    );
  }
  await sql`CREATE TEMP TABLE bench_mat (idx int PRIMARY KEY, material_id bigint, cost numeric(18,2), batch boolean,
    l0 bigint, l1 bigint, l2 bigint)`.execute(c);
  const CHUNK = 500;
  for (let start = 0; start < o.materials; start += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, o.materials - start) }, (_, k) => {
      const i = start + k;
      const cost = (between(rand, 100, 49_999) / 100).toFixed(2);
      const fifo = rand() < 0.5;
      const batchManaged = rand() < 0.1;
      const w = between(rand, 0, o.warehouses - 1);
      const home = locs[w];
      const a = between(rand, 0, home.length - 1);
      const b = (a + between(rand, 1, home.length - 1)) % home.length;
      // one material in five keeps its third location in another warehouse
      const away = o.warehouses > 1 && rand() < 0.2 ? locs[(w + 1) % o.warehouses] : home;
      let x = between(rand, 0, away.length - 1);
      while (away === home && (x === a || x === b)) x = (x + 1) % away.length;
      const safety = rand() < 0.3 ? String(between(rand, 1, 50) * 100) : null;
      const n = String(i + 1).padStart(6, '0');
      return {
        idx: i,
        number: `BM-${n}`,
        cost,
        batchManaged,
        locs: [home[a].id, home[b].id, away[x].id],
        row: sql`(${`BM-${n}`}, ${`基准物料${n}`}, ${between(rand, 1, 5)}, ${classIds[between(rand, 0, classIds.length - 1)]},
          ${unitId}, ${batchManaged}, ${fifo ? 2 : 1}, ${cost}, ${safety})`,
      };
    });
    const ids = await sql<{
      id: number;
      number: string;
    }>`INSERT INTO material (material_number, material_name,
        material_type, class_id, unit_id, batch_managed, valuation_method, historical_price, safety_stock)
      VALUES ${sql.join(batch.map((b) => b.row))} RETURNING id, material_number AS number`.execute(c);
    const idOf = new Map(ids.rows.map((r) => [r.number, r.id]));
    await sql`INSERT INTO bench_mat VALUES ${sql.join(
      batch.map(
        (b) =>
          sql`(${b.idx}, ${idOf.get(b.number)}, ${b.cost}, ${b.batchManaged}, ${b.locs[0]}, ${b.locs[1]}, ${b.locs[2]})`,
      ),
    )}`.execute(c);
  }
}
