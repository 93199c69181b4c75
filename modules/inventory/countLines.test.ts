import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockDoc, STOCK_DOC_TYPE as T } from './stockDoc.entity';
import {
  approve,
  balance,
  createDoc,
  post,
  type StockFixture,
  stockFixture,
  stockTestServer,
} from './testkit.server';

let t: TestServer;
let f: StockFixture;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
  await post(t, T.RECEIPT, [
    { Material_ID: f.avg, Location_ID: f.locA, Qty: '10', Unit_Price: '2.5' },
    { Material_ID: f.avg, Location_ID: f.locB, Qty: '1.25', Unit_Price: '4' },
    { Material_ID: f.fifo, Location_ID: f.locA, Qty: '3', Unit_Price: '1', Batch_NO: 'B1' },
    { Material_ID: f.fifo, Location_ID: f.locA, Qty: '2', Unit_Price: '1.5', Batch_NO: 'B2' },
    // another warehouse's stock is not this warehouse's count
    { Material_ID: f.avg, Location_ID: f.foreignLoc, Qty: '7', Unit_Price: '2' },
  ]);
  // what is used up leaves no line to count
  await post(t, T.RECEIPT, [{ Material_ID: f.fifo, Location_ID: f.locB, Qty: '4', Unit_Price: '1' }]);
  await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locB, Qty: '4' }]);
});
afterAll(async () => t?.close());

interface CountLine {
  Material_ID: number;
  Material_Code: string;
  Material_Name: string;
  Location_ID: number;
  Location_Code: string;
  Location_Name: string;
  Batch_NO: string | null;
  Qty: string;
  Book_Qty: string;
  Diff_Qty: string;
  Unit_Price: string | null;
}

const countLines = (query: string, headers?: Record<string, string>) =>
  t.call<CountLine[]>('GET', `/StockReport/CountLines${query}`, undefined, headers);

describe('GET /StockReport/CountLines', () => {
  it("answers the warehouse's balances as count lines: counted = book, names and prices included", async () => {
    const r = await countLines(`?Warehouse_ID=${f.warehouse}`);
    expect(r.status).toBe(200);
    expect(r.body.Code).toBe(0);
    // decimals travel as normalized text (no trailing zeros), as the record's lines do
    const got = r.body.Data.map((l) => [l.Material_ID, l.Location_ID, l.Batch_NO, l.Qty, l.Unit_Price]);
    expect(got).toEqual(
      expect.arrayContaining([
        [f.avg, f.locA, null, '10', '2.5'],
        [f.avg, f.locB, null, '1.25', '4'],
        [f.fifo, f.locA, 'B1', '3', '1'],
        [f.fifo, f.locA, 'B2', '2', '1.5'],
      ]),
    );
    expect(r.body.Data).toHaveLength(4);
    expect(r.body.Paging?.TotalCount).toBe(4);
    for (const l of r.body.Data) {
      expect(l.Book_Qty).toBe(l.Qty);
      expect(l.Diff_Qty).toBe('0');
      // code beside name, as a read of a document's lines gives them
      expect(`${l.Material_Code} ${l.Material_Name}`).toMatch(/^(AVG|FIFO)\d+ 测试物料(AVG|FIFO)\d+$/);
      expect(`${l.Location_Code} ${l.Location_Name}`).toMatch(/^[AB]\d+ 库位[AB]\d+$/);
    }
    const one = await countLines(`?Location_ID=${f.locB}`);
    expect(one.body.Data.map((l) => [l.Material_ID, l.Qty])).toEqual([[f.avg, '1.25']]);
  });

  it('a stocktake saved from the filled lines untouched posts no difference', async () => {
    const lines = (await countLines(`?Warehouse_ID=${f.warehouse}`)).body.Data;
    const ledgerBefore = (await t.call('GET', '/StockLedger?PageSize=1')).body.Paging?.TotalCount;
    // what the form sends: the editable fields of each line
    const c = await createDoc(
      t,
      T.COUNT,
      lines.map((l) => ({
        Material_ID: l.Material_ID,
        Location_ID: l.Location_ID,
        Qty: l.Qty,
        ...(l.Batch_NO ? { Batch_NO: l.Batch_NO } : {}),
        ...(l.Unit_Price ? { Unit_Price: l.Unit_Price } : {}),
      })),
      { Warehouse_ID: f.warehouse },
    );
    expect(c.body.Code, c.body.Message).toBe(0);
    const a = await approve(t, c.body.Data.Doc_ID);
    expect(a.body.Code, a.body.Message).toBe(0);
    const doc = await t.call<{ Total_Amount: string; Lines: { Diff_Qty: string; Amount: string }[] }>(
      'GET',
      `/StockDoc/${c.body.Data.Doc_ID}`,
    );
    expect(doc.body.Data.Lines.map((l) => l.Diff_Qty)).toEqual(['0', '0', '0', '0']);
    // approved, a stocktake's amounts are what its differences moved: nothing, line by line and in total
    expect(doc.body.Data.Total_Amount).toBe('0');
    expect(doc.body.Data.Lines.map((l) => l.Amount)).toEqual(['0', '0', '0', '0']);
    expect((await t.call('GET', '/StockLedger?PageSize=1')).body.Paging?.TotalCount).toBe(ledgerBefore);
    expect(await balance(t, f.avg, f.locA)).toBe('10');
    expect(await balance(t, f.fifo, f.locA)).toBe('5');
  });

  it('refuses without a warehouse or location, in the language of the request', async () => {
    const zh = await countLines('');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ Code: 1, Message: '请先选择仓库或库位' });
    const en = await countLines('', { 'accept-language': 'en' });
    expect(en.body.Message).toBe('Choose a warehouse or a location first');
  });

  it('refuses bad, unknown and foreign ids with a clear 400, never a 500', async () => {
    for (const q of ['?Warehouse_ID=abc', '?Warehouse_ID=-1', '?Location_ID=1.5', '?Warehouse_ID=1e40']) {
      const r = await countLines(q);
      expect(r.status, q).toBe(400);
      expect(r.body.Code, q).toBe(1);
    }
    const bad = await countLines('?Warehouse_ID=abc');
    expect(bad.body.Message).toContain('仓库');
    const unknown = await countLines('?Warehouse_ID=999999');
    expect(unknown.body.Message).toBe('仓库不存在或已停用');
    const unknownEn = await countLines('?Location_ID=999999', { 'accept-language': 'en' });
    expect(unknownEn.body.Message).toBe('The location does not exist or is disabled');
    const foreign = await countLines(`?Warehouse_ID=${f.warehouse}&Location_ID=${f.foreignLoc}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toBe('库位不属于所选仓库');
    const foreignEn = await countLines(`?Warehouse_ID=${f.warehouse}&Location_ID=${f.foreignLoc}`, {
      'accept-language': 'en',
    });
    expect(foreignEn.body.Message).toBe('The location is not in the chosen warehouse');
  });

  it('counts thousands of lines in one document, and refuses more than it holds, naming both counts', async () => {
    const g = await stockFixture(t);
    const max = stockDoc.lines.Lines.maxRows ?? 0;
    // max + 1 batches of one material, over two locations; received in two documents within the limit
    const line = (i: number) => ({
      Material_ID: g.avg,
      Location_ID: i % 2 ? g.locA : g.locB,
      Qty: '1',
      Unit_Price: '1',
      Batch_NO: `N${i}`,
    });
    const half = Math.floor(max / 2);
    await post(
      t,
      T.RECEIPT,
      Array.from({ length: half }, (_, i) => line(i)),
    );
    await post(
      t,
      T.RECEIPT,
      Array.from({ length: max + 1 - half }, (_, i) => line(half + i)),
    );
    const zh = await countLines(`?Warehouse_ID=${g.warehouse}`);
    expect(zh.status).toBe(400);
    expect(zh.body.Message).toBe(`该仓库有 ${max + 1} 条库存记录，超过单据上限 ${max} 条，请按库位分次盘点`);
    const en = await countLines(`?Warehouse_ID=${g.warehouse}`, { 'accept-language': 'en' });
    expect(en.body.Message).toBe(
      `There are ${max + 1} stock records here, more than the ${max} lines a document holds; count location by location`,
    );
    // one location at a time fits: counted as filled but one batch short, saved, approved
    const filled = (await countLines(`?Location_ID=${g.locA}`)).body.Data;
    expect(filled).toHaveLength(Math.floor((max + 1) / 2));
    const c = await createDoc(
      t,
      T.COUNT,
      filled.map((l, i) => ({
        Material_ID: l.Material_ID,
        Location_ID: l.Location_ID,
        Qty: i === filled.length - 1 ? '0' : l.Qty,
        Batch_NO: l.Batch_NO ?? undefined,
      })),
      { Warehouse_ID: g.warehouse },
    );
    expect(c.body.Code, c.body.Message).toBe(0);
    const a = await approve(t, c.body.Data.Doc_ID);
    expect(a.body.Code, a.body.Message).toBe(0);
    expect(await balance(t, g.avg, g.locA)).toBe(String(filled.length - 1));
    // and taken back: the one difference is reversed
    const back = await t.call('POST', '/StockDoc/UnApprove', { Doc_ID: c.body.Data.Doc_ID });
    expect(back.body.Code, back.body.Message).toBe(0);
    expect(await balance(t, g.avg, g.locA)).toBe(String(filled.length));
  }, 120_000);

  it('needs the grant to add a stock document, checked on the server', async () => {
    const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const menu = menus.find((m) => m.Menu_Code === 'record.inventoryDoc')?.Menu_ID;
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: 'iv-viewer',
      Role_Name: 'iv-viewer',
      Grants: [{ Menu_ID: menu, Buttons: '', Opera_Type: 2 }],
    });
    expect(role.body.Code, role.body.Message).toBe(0);
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'ivviewer',
      User_Name: 'ivviewer',
      U_Type: 1,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const auth = { authorization: `Bearer ${await t.login('ivviewer', 'sesame-4711')}` };
    // the viewer sees the documents, but may not fill a new one
    expect((await t.call('GET', '/StockDoc?PageSize=1', undefined, auth)).body.Code).toBe(0);
    const r = await countLines(`?Warehouse_ID=${f.warehouse}`, auth);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ Code: 403, Message: '没有权限执行此操作', Data: null });
    const en = await countLines(`?Warehouse_ID=${f.warehouse}`, { ...auth, 'accept-language': 'en' });
    expect(en.status).toBe(403);
    expect(en.body.Message).not.toBe('没有权限执行此操作');
  });
});
