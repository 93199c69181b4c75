import type { TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
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
});
afterAll(async () => t?.close());

const ledger = async (material: number) =>
  (
    await t.call<{ Qty: string; Amount: string; Unit_Cost: string; Balance_Qty: string; Doc_Type: number }[]>(
      'GET',
      `/StockLedger?Material_ID=${material}&Sort=ID&PageSize=500`,
    )
  ).body.Data;

describe('stock documents post to the ledger on approval', () => {
  it('a receipt changes nothing until approved, then shows in balance and ledger', async () => {
    const c = await createDoc(t, T.RECEIPT, [
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '10', Unit_Price: '2.5' },
    ]);
    expect(c.body.Code).toBe(0);
    expect(c.body.Data.Doc_NO).toMatch(/^IV\d{6}\d{4}$/);
    expect(await balance(t, f.avg)).toBe('0');
    const a = await approve(t, c.body.Data.Doc_ID);
    expect(a.body.Data.State).toBe(3);
    expect(await balance(t, f.avg, f.locA)).toBe('10');
    const rows = await ledger(f.avg);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Qty: '10', Amount: '25', Balance_Qty: '10', Doc_Type: 1 });
    // a double click: the second approval is refused and nothing is posted twice
    const again = await approve(t, c.body.Data.Doc_ID);
    expect(again.body.Code).not.toBe(0);
    expect(await ledger(f.avg)).toHaveLength(1);
  });

  it('values issues at the moving average and FIFO', async () => {
    await post(t, T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '10', Unit_Price: '3.5' }]);
    const issue = await post(t, T.ISSUE, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '4' }]);
    const avg = await ledger(f.avg);
    // the document shows what the issue cost, and names the one warehouse its lines are in
    const doc = await t.call<{
      Total_Amount: string;
      Warehouse_ID: number;
      Lines: { Amount: string; Unit_Price: string }[];
    }>('GET', `/StockDoc/${issue}`);
    expect(doc.body.Data).toMatchObject({ Total_Amount: '12', Warehouse_ID: f.warehouse });
    expect(doc.body.Data.Lines[0]).toMatchObject({ Amount: '12', Unit_Price: '3' });
    // (10 × 2.5 + 10 × 3.5) / 20 = 3 per unit
    expect(avg.at(-1)).toMatchObject({ Qty: '-4', Amount: '-12', Unit_Cost: '3', Balance_Qty: '16' });

    await post(t, T.RECEIPT, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '5', Unit_Price: '1' }]);
    await post(t, T.RECEIPT, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '5', Unit_Price: '2' }]);
    await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '7' }]);
    // the oldest five at 1, then two at 2
    expect((await ledger(f.fifo)).at(-1)).toMatchObject({ Qty: '-7', Amount: '-9', Balance_Qty: '3' });
  });

  it('an issue that takes from more layers than a posting reads at once still costs FIFO', async () => {
    const g = await stockFixture(t);
    // seventy receipts of one unit at 1, 2, … 70: seventy layers
    const lines = Array.from({ length: 70 }, (_, i) => ({
      Material_ID: g.fifo,
      Location_ID: g.locA,
      Qty: '1',
      Unit_Price: String(i + 1),
    }));
    await post(t, T.RECEIPT, lines);
    const out = async (qty: string) => {
      await post(t, T.ISSUE, [{ Material_ID: g.fifo, Location_ID: g.locA, Qty: qty }]);
      return (await ledger(g.fifo)).at(-1)?.Amount;
    };
    expect(await out('3')).toBe('-6');
    // 67 layers, more than the 64 read at first: 4 + 5 + … + 70
    expect(await out('67')).toBe('-2479');
    expect(await balance(t, g.fifo)).toBe('0');
  });

  it('refuses to issue more than is in stock, naming the material and the shortfall', async () => {
    const c = await createDoc(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '5' }]);
    const a = await approve(t, c.body.Data.Doc_ID);
    expect(a.body.Code).not.toBe(0);
    expect(a.body.Message).toContain(`测试物料FIFO`);
    expect(a.body.Message).toContain('缺少 2');
    expect((await t.call<{ State: number }>('GET', `/StockDoc/${c.body.Data.Doc_ID}`)).body.Data.State).toBe(
      1,
    );
    expect(await balance(t, f.fifo)).toBe('3');
  });

  it('transfers between locations without changing the total', async () => {
    await post(t, T.TRANSFER, [
      { Material_ID: f.avg, Location_ID: f.locA, To_Location_ID: f.locB, Qty: '6' },
    ]);
    expect(await balance(t, f.avg, f.locA)).toBe('10');
    expect(await balance(t, f.avg, f.locB)).toBe('6');
    expect(await balance(t, f.avg)).toBe('16');
  });

  it('names each line’s material and location with their codes, which same-named ones differ by', async () => {
    const c = await createDoc(t, T.TRANSFER, [
      { Material_ID: f.avg, Location_ID: f.locA, To_Location_ID: f.locB, Qty: '1' },
    ]);
    expect(c.body.Code, c.body.Message).toBe(0);
    const read = await t.call<{ Lines: Record<string, unknown>[] }>('GET', `/StockDoc/${c.body.Data.Doc_ID}`);
    const material = (await t.call<Record<string, unknown>>('GET', `/Material/${f.avg}`)).body.Data;
    const [locA, locB] = await Promise.all(
      [f.locA, f.locB].map(
        async (id) => (await t.call<Record<string, unknown>>('GET', `/Location/${id}`)).body.Data,
      ),
    );
    expect(read.body.Data.Lines[0]).toMatchObject({
      Material_Code: material.Material_Number,
      Material_Name: material.Material_Name,
      Location_Code: locA.Location_Code,
      Location_Name: locA.Location_Name,
      To_Location_Code: locB.Location_Code,
    });
    // an empty reference has neither
    expect(read.body.Data.Lines[0].Bucket_Name).toBeNull();
    expect(read.body.Data.Lines[0]).not.toHaveProperty('Bucket_Code');
    await t.call('DELETE', `/StockDoc/${c.body.Data.Doc_ID}`);
  });

  it('a stocktake posts the difference against the stock at approval', async () => {
    const c = await createDoc(t, T.COUNT, [
      { Material_ID: f.avg, Location_ID: f.locB, Qty: '4' },
      { Material_ID: f.fifo, Location_ID: f.locA, Qty: '5', Unit_Price: '2' },
    ]);
    expect(c.body.Code).toBe(0);
    await approve(t, c.body.Data.Doc_ID);
    const doc = await t.call<{ Lines: { Book_Qty: string; Diff_Qty: string }[] }>(
      'GET',
      `/StockDoc/${c.body.Data.Doc_ID}`,
    );
    expect(doc.body.Data.Lines.map((l) => [l.Book_Qty, l.Diff_Qty])).toEqual([
      ['6', '-2'],
      ['3', '2'],
    ]);
    expect(await balance(t, f.avg, f.locB)).toBe('4');
    expect(await balance(t, f.fifo, f.locA)).toBe('5');
  });

  it('UnApprove posts the reversal, and is refused when a later movement used the stock', async () => {
    const id = await post(t, T.RECEIPT, [
      { Material_ID: f.fifo, Location_ID: f.locB, Qty: '8', Unit_Price: '4' },
    ]);
    const before = (await ledger(f.fifo)).length;
    const un = await t.call<{ State: number }>('POST', '/StockDoc/UnApprove', { Doc_ID: id });
    expect(un.body.Data.State).toBe(1);
    expect(await balance(t, f.fifo, f.locB)).toBe('0');
    const rows = await ledger(f.fifo);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ Qty: '-8', Amount: '-32' });
    // approve again, use part of it, then try to take it back
    expect((await approve(t, id)).body.Code).toBe(0);
    await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locB, Qty: '1' }]);
    // FIFO took the older layers first, so the receipt's own layer is still whole...
    const issue2 = await post(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '5' }]);
    expect(issue2).toBeGreaterThan(0);
    // ...until now: the last issue ate into it
    const refused = await t.call('POST', '/StockDoc/UnApprove', { Doc_ID: id });
    expect(refused.body.Code).not.toBe(0);
    expect(refused.body.Message).toMatch(/已被后续单据 IV\d+ 使用，需先反审核该单据$/);
  });
  it('writes back to the document only what the posting changed', async () => {
    const c = await createDoc(t, T.RECEIPT, [
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '2', Unit_Price: '1.25' },
      { Material_ID: f.avg, Location_ID: f.locB, Qty: '1' },
    ]);
    const id = c.body.Data.Doc_ID;
    const versions = async () =>
      (
        await sql<{ line_no: number; v: string }>`SELECT line_no, xmin::text AS v FROM stock_doc_lines
          WHERE parent_id = ${id} ORDER BY line_no`.execute(t.engine.db)
      ).rows.map((r) => r.v);
    const [priced, unpriced] = await versions();
    expect((await approve(t, id)).body.Data.State).toBe(3);
    const [pricedAfter, unpricedAfter] = await versions();
    // the line at its stated price is as saved; the other got its cost and amount
    expect(pricedAfter).toBe(priced);
    expect(unpricedAfter).not.toBe(unpriced);
    const doc = await t.call<{ Total_Amount: string; Lines: { Amount: string | null }[] }>(
      'GET',
      `/StockDoc/${id}`,
    );
    expect(doc.body.Data.Lines[0].Amount).toBe('2.5');
    expect(doc.body.Data.Lines[1].Amount).not.toBeNull();
  });
});

describe('bad input changes nothing', () => {
  it('refuses unknown materials, zero and negative quantities, foreign locations and bad transfers', async () => {
    const bad = [
      [T.RECEIPT, [{ Material_ID: 999999, Location_ID: f.locA, Qty: '1' }]],
      [T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '0' }]],
      [T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '-1' }]],
      [T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: 'abc' }]],
      [T.TRANSFER, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '1' }]],
      [T.TRANSFER, [{ Material_ID: f.avg, Location_ID: f.locA, To_Location_ID: f.locA, Qty: '1' }]],
      [T.ISSUE, [{ Material_ID: f.avg, Location_ID: f.locA, To_Location_ID: f.locB, Qty: '1' }]],
      [T.RECEIPT, []],
    ] as const;
    for (const [type, lines] of bad) {
      const r = await createDoc(t, type, lines as never);
      expect(r.status, JSON.stringify(lines)).toBeLessThan(500);
      expect(r.body.Code, JSON.stringify(lines)).not.toBe(0);
    }
    const foreign = await createDoc(
      t,
      T.RECEIPT,
      [{ Material_ID: f.avg, Location_ID: f.foreignLoc, Qty: '1' }],
      {
        Warehouse_ID: f.warehouse,
      },
    );
    // the location's code and name, and why: its declaration narrows it by the header's warehouse
    expect(foreign.body.Message).toMatch(/^第 1 行：「库位」X\d+ 库位X\d+ 不属于所选的「仓库」$/);
    // a warehouse changed under lines kept is checked against them too
    const mine = await createDoc(t, T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '1' }], {
      Warehouse_ID: f.warehouse,
    });
    const moved = await t.call('PUT', '/StockDoc', {
      Doc_ID: mine.body.Data.Doc_ID,
      Version: mine.body.Data.Version,
      Warehouse_ID: f.otherWarehouse,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.Message).toContain('不属于所选的「仓库」');
    // the picker asks for the warehouse's locations only
    const offered = await t.call<{ Location_ID: number }[]>('GET', `/Location?Warehouse_ID=${f.warehouse}`);
    expect(offered.body.Data.map((l) => l.Location_ID).sort()).toEqual([f.locA, f.locB].sort());
    const en = await t.call(
      'POST',
      '/StockDoc',
      { Doc_Type: 1, Doc_Date: '2026-11-01', Lines: [] },
      { 'accept-language': 'en' },
    );
    expect(en.body.Message).toBe('The document needs at least one line');
  });

  it('names every bad line at once, the first five and how many there are', async () => {
    const lines = [
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '1' },
      { Material_ID: 999999, Location_ID: f.locA, Qty: '1' },
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '0' },
      { Material_ID: f.avg, Location_ID: 999999, Qty: '2' },
    ];
    const zh = await createDoc(t, T.RECEIPT, lines);
    expect(zh.body.Message).toBe(
      '共 3 处错误：第 2 行：物料不存在或已停用；第 3 行：数量必须大于 0；第 4 行：库位不存在或已停用',
    );
    const many = Array.from({ length: 8 }, () => ({ Material_ID: f.avg, Location_ID: f.locA, Qty: '-1' }));
    const en = await t.call(
      'POST',
      '/StockDoc',
      { Doc_Type: T.RECEIPT, Doc_Date: '2026-11-01', Lines: many },
      { 'accept-language': 'en' },
    );
    expect(en.body.Message).toMatch(
      /^8 problems: Lines row 1 Quantity\(Qty\): must be at least 0; .*Lines row 5 .*; …$/,
    );
    // caught by the declaration's shape (Qty at least 0) before the hook: listed the same way
    expect(en.body.Message).not.toContain('row 6');
    // the shape of the body: every field at fault, each named, in one answer
    const shape = await createDoc(t, T.RECEIPT, [
      { Material_ID: 'x', Location_ID: f.locA, Qty: '1' },
      { Material_ID: f.avg, Location_ID: f.locA, Qty: 'abc' },
    ] as never);
    expect(shape.body.Message).toMatch(/^共 2 处错误：.*第 1 行.*Material_ID.*；.*第 2 行.*Qty/);
  });

  it('refuses a stale version and edits of approved documents', async () => {
    const c = await createDoc(t, T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '1' }]);
    const { Doc_ID, Version } = c.body.Data;
    const ok = await t.call('PUT', '/StockDoc', { Doc_ID, Version, Remark: 'first' });
    expect(ok.body.Code).toBe(0);
    const stale = await t.call('PUT', '/StockDoc', { Doc_ID, Version, Remark: 'second' });
    expect(stale.status).toBe(409);
    await approve(t, Doc_ID);
    const cur = await t.call<{ Version: number }>('GET', `/StockDoc/${Doc_ID}`);
    const edit = await t.call('PUT', '/StockDoc', { Doc_ID, Version: cur.body.Data.Version, Remark: 'x' });
    expect(edit.body.Code).not.toBe(0);
  });

  it('never posts a document twice, even when its state was set back by hand', async () => {
    const id = await post(t, T.RECEIPT, [
      { Material_ID: f.fifo, Location_ID: f.locB, Qty: '2', Unit_Price: '1' },
    ]);
    const before = await balance(t, f.fifo, f.locB);
    await sql`UPDATE stock_doc SET state = 1 WHERE id = ${id}`.execute(t.engine.db);
    const again = await t.call('POST', '/StockDoc/Approve', { Doc_ID: id }, { 'accept-language': 'zh' });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('该单据已过账，不能重复过账');
    expect(await balance(t, f.fifo, f.locB)).toBe(before);
    const doc = await t.call<{ State: number }>('GET', `/StockDoc/${id}`);
    expect(doc.body.Data.State).toBe(1);
  });

  it('keeps the ledger immutable even to SQL', async () => {
    await expect(t.engine.db.deleteFrom('stock_ledger').execute()).rejects.toThrow(/immutable/);
  });

  it('answers each approval with the document exactly as a read after it shows it', async () => {
    // a receipt of 3 for 10 makes an average of 3.333…: the issue's amount is rounded, its price filled
    const docs: [number, Record<string, unknown>[]][] = [
      [
        T.RECEIPT,
        [
          { Material_ID: f.avg, Location_ID: f.locB, Qty: '3' },
          { Material_ID: f.fifo, Location_ID: f.locB, Qty: '3', Unit_Price: '3.333333' },
        ],
      ],
      [
        T.ISSUE,
        [
          { Material_ID: f.avg, Location_ID: f.locB, Qty: '1' },
          { Material_ID: f.fifo, Location_ID: f.locB, Qty: '2' },
        ],
      ],
      [T.TRANSFER, [{ Material_ID: f.fifo, Location_ID: f.locB, To_Location_ID: f.locA, Qty: '1' }]],
      [T.COUNT, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '1' }]],
    ];
    for (const [type, lines] of docs) {
      const c = await createDoc(t, type, lines as never);
      expect(c.body.Code).toBe(0);
      const a = await approve(t, c.body.Data.Doc_ID);
      expect(a.body.Code).toBe(0);
      const read = await t.call('GET', `/StockDoc/${c.body.Data.Doc_ID}`);
      expect(a.body.Data).toEqual(read.body.Data);
    }
    // in batch mode (system parameter 26 = 2) the approval numbers the batch of a line that has none
    await sql`UPDATE system_parameter SET parameter_value = '2' WHERE id = 26`.execute(t.engine.db);
    try {
      const m = await t.call<{ Material_ID: number }>('POST', '/Material', {
        Material_Number: 'BATCH-ANSWER',
        Material_Name: '批次物料',
        Valuation_Method: 2,
        Batch_Managed: true,
      });
      expect(m.body.Code).toBe(0);
      const c = await createDoc(t, T.RECEIPT, [
        { Material_ID: m.body.Data.Material_ID, Location_ID: f.locB, Qty: '2', Unit_Price: '1' },
      ]);
      const a = await approve(t, c.body.Data.Doc_ID);
      const read = await t.call<{ Lines: { Batch_NO: string }[] }>('GET', `/StockDoc/${c.body.Data.Doc_ID}`);
      expect(read.body.Data.Lines[0].Batch_NO).toMatch(/^BATCH-ANSWER/);
      expect(a.body.Data).toEqual(read.body.Data);
    } finally {
      await sql`UPDATE system_parameter SET parameter_value = '1' WHERE id = 26`.execute(t.engine.db);
    }
  });
});
