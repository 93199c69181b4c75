import type { TestServer } from '@mes/app-server/testing';
import { SYSTEM_CONTEXT, withTx } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostingLine, postMovements } from './ledger.server';
import { layerKey } from './logic/state';
import { lockAndLoad } from './state.server';
import { type StockFixture, stockTestServer } from './testkit.server';

/**
 * Other modules post movements straight through postMovements, which reads the materials and
 * locations in the statement that locks the stock (lockAndLoad). A line it cannot post is refused
 * by name, and the refusal leaves nothing behind.
 */
let t: TestServer;
let f: StockFixture;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
});
afterAll(async () => t?.close());

const post = (lines: PostingLine[]) =>
  withTx(t.engine.db, (tx) =>
    postMovements(
      { ...SYSTEM_CONTEXT, tx, registry: t.engine.registry },
      { Doc_Type: 11, Doc_ID: 424242, Doc_NO: 'REFS-1', Posting_Date: '2026-11-01', lines },
    ),
  );
const costRows = async (ids: number[]) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock_cost
        WHERE material_id IN (${sql.join(ids)})`.execute(t.engine.db)
    ).rows[0].n,
  );

describe('postMovements and its references', () => {
  it('refuses a material that does not exist by its line, and writes nothing', async () => {
    await expect(
      post([
        { Line_NO: 1, Material_ID: f.avg, Location_ID: f.locA, Qty: '2', Unit_Price: '3' },
        { Line_NO: 2, Material_ID: 987654321, Location_ID: f.locA, Qty: '1', Unit_Price: '1' },
      ]),
    ).rejects.toMatchObject({ key: 'iv.material_unknown', params: { line: 2 } });
    expect(await costRows([f.avg, 987654321])).toBe(0);
  });

  it('refuses a disabled material and a location that does not exist', async () => {
    await sql`UPDATE material SET disabled = TRUE WHERE id = ${f.fifo}`.execute(t.engine.db);
    await expect(
      post([{ Line_NO: 1, Material_ID: f.fifo, Location_ID: f.locA, Qty: '1', Unit_Price: '1' }]),
    ).rejects.toMatchObject({ key: 'iv.material_unknown', params: { line: 1 } });
    await sql`UPDATE material SET disabled = FALSE WHERE id = ${f.fifo}`.execute(t.engine.db);
    await expect(
      post([{ Line_NO: 3, Material_ID: f.fifo, Location_ID: 987654321, Qty: '1', Unit_Price: '1' }]),
    ).rejects.toMatchObject({ key: 'iv.location_unknown', params: { line: 3 } });
    expect(await costRows([f.fifo])).toBe(0);
  });

  it('posts the same lines once they are right', async () => {
    const rows = await post([
      { Line_NO: 1, Material_ID: f.avg, Location_ID: f.locA, Qty: '2', Unit_Price: '3' },
      { Line_NO: 2, Material_ID: f.fifo, Location_ID: f.locB, Qty: '1', Unit_Price: '5' },
    ]);
    expect(rows.map((r) => [r.materialId, r.qty, r.amount])).toEqual([
      [f.avg, '2', '6'],
      [f.fifo, '1', '5'],
    ]);
    expect(await costRows([f.avg, f.fifo])).toBe(2);
  });

  it('reads the open layers an issue needs, oldest first, and no more', async () => {
    // after the test above f.fifo has 1 left at locB; four more receipts of 10 make five open layers
    for (const n of [2, 3, 4, 5])
      await post([
        { Line_NO: n, Material_ID: f.fifo, Location_ID: f.locB, Qty: '10', Unit_Price: String(n) },
      ]);
    const layersFor = (need: string) =>
      withTx(t.engine.db, async (tx) => {
        const { loaded } = await lockAndLoad(tx, {
          materialIds: [f.fifo],
          locationIds: [f.locB],
          pairs: [[f.fifo, f.locB]],
          draw: { ledger: 1, layers: 0 },
          needs: new Map([[layerKey(f.fifo, f.locB), [f.fifo, f.locB, need]]]),
        });
        return (loaded.state.layers.get(layerKey(f.fifo, f.locB)) ?? []).map((l) => [l.qtyLeft, l.unitCost]);
      });
    expect(await layersFor('1')).toEqual([['1', '5']]);
    expect(await layersFor('11')).toEqual([
      ['1', '5'],
      ['10', '2'],
    ]);
    expect(await layersFor('11.5')).toEqual([
      ['1', '5'],
      ['10', '2'],
      ['10', '3'],
    ]);
    expect(await layersFor('0')).toEqual([]);
    // past the four layers the first query takes: the function reads on by itself
    const all = [
      ['1', '5'],
      ['10', '2'],
      ['10', '3'],
      ['10', '4'],
      ['10', '5'],
    ];
    expect(await layersFor('31.5')).toEqual(all);
    const inSql = await withTx(t.engine.db, async (tx) => {
      const { rows } = await sql<{
        y: { ql: string }[];
      }>`SELECT iv_lock_and_load(${sql.val([f.fifo])}::bigint[],
        '{}'::bigint[], '{}'::bigint[], ${sql.val([f.fifo])}::bigint[], ${sql.val([f.locB])}::bigint[],
        '{31.5}'::numeric[], 0, 0, 64)->'y' AS y`.execute(tx);
      return rows[0].y.map((l) => Number(l.ql));
    });
    expect(inSql).toEqual(all.map(([q]) => Number(q)));
  });

  it('reads the balances of the material and location pairs the lines move, and no others', async () => {
    await post([{ Line_NO: 1, Material_ID: f.fifo, Location_ID: f.locA, Qty: '1', Unit_Price: '1' }]);
    const balances = await withTx(t.engine.db, async (tx) => {
      const { loaded } = await lockAndLoad(tx, {
        materialIds: [f.avg, f.fifo],
        locationIds: [f.locA, f.locB],
        pairs: [
          [f.avg, f.locA],
          [f.fifo, f.locB],
        ],
        draw: { ledger: 2, layers: 0 },
        needs: new Map(),
      });
      return [...loaded.state.balances.values()].map((b) => [b.materialId, b.locationId]).sort();
    });
    // f.fifo at locA has stock too, but no line moves it
    expect(balances).toEqual(
      [
        [f.avg, f.locA],
        [f.fifo, f.locB],
      ].sort(),
    );
  });

  it('takes from a layer in place, without new index entries, while the layer stays open (HOT)', async () => {
    // f.avg has one layer of 2 at locA (above); an issue of 1 leaves it open
    const counts = await withTx(t.engine.db, async (tx) => {
      await postMovements(
        { ...SYSTEM_CONTEXT, tx, registry: t.engine.registry },
        {
          Doc_Type: 11,
          Doc_ID: 424243,
          Doc_NO: 'REFS-2',
          Posting_Date: '2026-11-02',
          lines: [{ Line_NO: 1, Material_ID: f.avg, Location_ID: f.locA, Qty: '-1' }],
        },
      );
      const { rows } = await sql<{ upd: number; hot: number; open: boolean }>`SELECT n_tup_upd::int AS upd,
          n_tup_hot_upd::int AS hot, (SELECT bool_and(is_open) FROM stock_layer WHERE material_id = ${f.avg}) AS open
        FROM pg_stat_xact_user_tables WHERE relname = 'stock_layer'`.execute(tx);
      return rows[0];
    });
    expect(counts).toEqual({ upd: 1, hot: 1, open: true });
  });

  it('draws more layer ids when its plan makes more layers than it has receipts', async () => {
    // stock brought in by hand ahead of its layers: f.avg's pool and balance at locA get 10 more
    // than its one open layer of 1 (test above); an issue of 8 then makes up a layer for what is left
    await sql`UPDATE stock_cost SET qty = qty + 10, amount = amount + 30 WHERE material_id = ${f.avg}`.execute(
      t.engine.db,
    );
    await sql`UPDATE stock_balance SET qty = qty + 10, amount = amount + 30
      WHERE material_id = ${f.avg} AND location_id = ${f.locA}`.execute(t.engine.db);
    const before = await sql<{ id: number }>`SELECT max(id)::int AS id FROM stock_layer`.execute(t.engine.db);
    const rows = await post([{ Line_NO: 1, Material_ID: f.avg, Location_ID: f.locA, Qty: '-8' }]);
    expect(rows.map((r) => [r.qty, r.balanceQty])).toEqual([['-8', '3']]);
    const { rows: layers } = await sql<{ id: number; left: string }>`SELECT id::int AS id,
        qty_left::text AS left FROM stock_layer WHERE material_id = ${f.avg} AND is_open`.execute(
      t.engine.db,
    );
    expect(layers.map((l) => Number(l.left))).toEqual([3]);
    expect(layers[0].id).toBeGreaterThan(before.rows[0].id);
  });
});
