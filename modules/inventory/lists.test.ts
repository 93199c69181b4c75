import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { approve, createDoc, post, type StockFixture, stockTestServer } from './testkit.server';

let t: TestServer;
let f: StockFixture;
let bolt: number;
let nut: number;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
  const material = async (Material_Number: string, Material_Name: string) => {
    const r = await t.call<{ Material_ID: number }>('POST', '/Material', {
      Material_Number,
      Material_Name,
      Valuation_Method: 1,
    });
    if (r.body.Code !== 0) throw new Error(r.body.Message);
    return r.body.Data.Material_ID;
  };
  bolt = await material('WK-0001', '巡检螺栓');
  nut = await material('WK-0002', '巡检螺母');
  await post(t, T.RECEIPT, [
    { Material_ID: bolt, Location_ID: f.locA, Qty: '10', Unit_Price: '2' },
    { Material_ID: nut, Location_ID: f.locA, Qty: '4', Unit_Price: '1' },
  ]);
  await post(t, T.ISSUE, [{ Material_ID: bolt, Location_ID: f.locA, Qty: '3' }]);
});
afterAll(async () => t?.close());

type Row = {
  Ledger_ID: number;
  Doc_NO: string;
  Material_ID: number;
  Qty: string;
  Direction: number;
  Reversal_Of: number | null;
};
const list = async (path: string) => {
  const r = await t.call<Row[]>('GET', path);
  expect(r.body.Code, `${path}: ${r.body.Message}`).toBe(0);
  return r.body.Data;
};
const kw = (s: string) => encodeURIComponent(s);

describe('the stock lists are searched by material', () => {
  it('finds a material’s ledger rows by its code or its name, and nothing for a keyword that matches none', async () => {
    for (const word of ['WK-0001', 'wk-0001', '巡检螺栓', '螺栓']) {
      const rows = await list(`/StockLedger?KeyWord=${kw(word)}&PageSize=500`);
      expect(rows.length, word).toBe(2);
      expect(new Set(rows.map((r) => r.Material_ID)), word).toEqual(new Set([bolt]));
    }
    // a keyword both materials match finds both, and the document number still finds its rows
    expect((await list(`/StockLedger?KeyWord=${kw('巡检')}&PageSize=500`)).length).toBe(3);
    const [receipt] = await list(`/StockLedger?Material_ID=${nut}`);
    expect((await list(`/StockLedger?KeyWord=${kw(receipt.Doc_NO)}`)).length).toBe(2);
    expect(await list(`/StockLedger?KeyWord=${kw('无此物料-ZZ9')}`)).toEqual([]);
    // `%` and `_` are literal characters, in the material's fields too
    expect(await list(`/StockLedger?KeyWord=${kw('WK_0001')}`)).toEqual([]);
    expect(await list(`/StockLedger?KeyWord=${kw('%')}`)).toEqual([]);
  });

  it('finds a material’s balances by its code or its name', async () => {
    for (const word of ['WK-0002', '巡检螺母']) {
      const rows = await list(`/StockBalance?KeyWord=${kw(word)}&PageSize=500`);
      expect(
        rows.map((r) => [r.Material_ID, r.Qty]),
        word,
      ).toEqual([[nut, '4']]);
    }
    expect(await list(`/StockBalance?KeyWord=${kw('无此物料-ZZ9')}`)).toEqual([]);
    // the export searches the same way
    const x = await fetch(`${t.url}/StockBalance/Export?KeyWord=${kw('巡检螺母')}`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(x.status).toBe(200);
  });
});

describe('materials are named with their number wherever they are referenced', () => {
  it('a ledger, balance and outbound row carries the material’s number beside its name', async () => {
    for (const path of [`/StockLedger?Material_ID=${bolt}`, `/StockBalance?Material_ID=${bolt}`]) {
      const rows = await t.call<{ Material_Code: string; Material_Name: string }[]>('GET', path);
      expect(rows.body.Data.length, path).toBeGreaterThan(0);
      for (const r of rows.body.Data)
        expect([r.Material_Code, r.Material_Name], path).toEqual(['WK-0001', '巡检螺栓']);
    }
    const [row] = (await list(`/StockLedger?Material_ID=${nut}`)) as (Row & {
      Material_Code: string;
      Location_Code: string;
      Location_Within: string;
    })[];
    const one = await t.call<{ Material_Code: string; Location_Code: string }>(
      'GET',
      `/StockLedger/${row.Ledger_ID}`,
    );
    expect(one.body.Data.Material_Code).toBe('WK-0002');
    // issue 25: a location is known as "warehouse / code name": its code and warehouse ride along
    expect(row).toMatchObject({
      Location_Code: expect.stringMatching(/^A\d+$/),
      Location_Name: expect.stringMatching(/^库位A\d+$/),
      Location_Within: expect.stringMatching(/^测试仓\d+$/),
    });
    expect(one.body.Data).toMatchObject({
      Location_Code: row.Location_Code,
      Location_Within: row.Location_Within,
    });
  });
});

describe('the outbound list shows the movements that stand', () => {
  it('a scrap approved, unapproved and approved again is one issue, not two', async () => {
    const c = await createDoc(t, T.SCRAP, [{ Material_ID: bolt, Location_ID: f.locA, Qty: '5' }]);
    const id = c.body.Data.Doc_ID;
    expect((await approve(t, id)).body.Code).toBe(0);
    const un = await t.call('POST', '/StockDoc/UnApprove', { Doc_ID: id });
    expect(un.body.Code).toBe(0);
    expect((await approve(t, id)).body.Code).toBe(0);
    const doc = `Doc_Type=${T.SCRAP}&Doc_ID=${id}`;
    // what the outbound page asks for (modules/inventory/pages/slices.tsx)
    const outbound = await list(`/StockLedger?Direction=-1&Is_Transfer=false&Unreversed=true&${doc}`);
    expect(outbound.map((r) => r.Qty)).toEqual(['-5']);
    // the ledger keeps all three: the first issue, its reversal and the second issue
    expect(await list(`/StockLedger?${doc}`)).toHaveLength(3);
    expect(await list(`/StockLedger?Direction=-1&${doc}`)).toHaveLength(2);
    const reversed = await list(`/StockLedger?Unreversed=false&${doc}&Sort=ID`);
    expect(reversed.map((r) => [r.Direction, r.Qty])).toEqual([
      [-1, '-5'],
      [1, '5'],
    ]);
    expect(reversed[1].Reversal_Of).toBe(reversed[0].Ledger_ID);
    // with the keyword and the other filters of the page
    expect(
      await list(`/StockLedger?Direction=-1&Is_Transfer=false&Unreversed=true&KeyWord=${kw('巡检螺栓')}`),
    ).toHaveLength(2);
    const bad = await t.call('GET', '/StockLedger?Unreversed=maybe');
    expect(bad.status).toBe(400);
  });
});
