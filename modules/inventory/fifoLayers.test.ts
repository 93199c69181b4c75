import type { TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { post, type StockFixture, stockTestServer } from './testkit.server';

let t: TestServer;
let f: StockFixture;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
});
afterAll(async () => t?.close());

interface Row {
  Location_ID: number;
  Qty: string;
  Amount: string;
}

async function at(material: number, location: number) {
  const r = await t.call<Row[]>('GET', `/StockBalance?Material_ID=${material}&Location_ID=${location}`);
  expect(r.body.Code).toBe(0);
  const row = r.body.Data.find((b) => b.Location_ID === location);
  return { qty: row?.Qty, amount: row?.Amount };
}

// issue 25, bug 2: layers were one queue per material taken in posting order
describe('FIFO layers by location and date', () => {
  it('an issue takes the layers of its own location: receive 100 at 8.5, issue 80, 20 left worth 170', async () => {
    // an earlier-dated layer at another price at the other location
    await post(
      t,
      T.RECEIPT,
      [{ Material_ID: f.fifo, Location_ID: f.locB, Qty: '30', Unit_Price: '5.0025' }],
      {
        Doc_Date: '2026-10-01',
      },
    );
    await post(t, T.RECEIPT, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '100', Unit_Price: '8.5' }]);
    await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '80' }]);
    expect(await at(f.fifo, f.locA)).toEqual({ qty: '20', amount: '170' });
    expect(await at(f.fifo, f.locB)).toEqual({ qty: '30', amount: '150.08' });
    // the stocktake line has its unit price
    const c = await t.call<{ Location_ID: number; Material_ID: number; Unit_Price: string | null }[]>(
      'GET',
      `/StockReport/CountLines?Location_ID=${f.locA}`,
    );
    expect(c.body.Data.find((l) => l.Material_ID === f.fifo)?.Unit_Price).toBe('8.5');
  });

  it('a back-dated receipt is taken before later-dated layers; a transfer carries its layers', async () => {
    await post(t, T.RECEIPT, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '10', Unit_Price: '9' }], {
      Doc_Date: '2026-10-15',
    });
    // 10 × 9 (dated 2026-10-15) before 5 × 8.5 (2026-11-01)
    await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '15' }]);
    expect(await at(f.fifo, f.locA)).toEqual({ qty: '15', amount: '127.5' });
    await post(t, T.TRANSFER, [
      { Material_ID: f.fifo, Location_ID: f.locB, To_Location_ID: f.locA, Qty: '30' },
    ]);
    const { rows } = await sql<{
      in_date: string;
      qty_left: string;
    }>`SELECT to_char(in_date, 'YYYY-MM-DD') AS in_date,
        qty_left::text FROM stock_layer WHERE material_id = ${f.fifo} AND location_id = ${f.locA} AND is_open
      ORDER BY in_date, id`.execute(t.engine.db);
    expect(rows.map((r) => [r.in_date, Number(r.qty_left)])).toEqual([
      ['2026-10-01', 30],
      ['2026-11-01', 15],
    ]);
    await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '40' }]);
    // 30 at 5.0025 (150.08 moved) first, then 10 × 8.5: 5 × 8.5 left
    expect(await at(f.fifo, f.locA)).toEqual({ qty: '5', amount: '42.5' });
  });
});
