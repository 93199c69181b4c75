import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { approve, createDoc, type StockFixture, stockTestServer } from './testkit.server';

/**
 * References read "code name" wherever people read them, and a location with its warehouse
 * ("测试仓1 / A1 库位A1"): in a list's row, in a document's lines, in a printed document and in the
 * messages that refuse a posting (issue 25).
 */
let t: TestServer;
let f: StockFixture;
let n: string;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
  const w = (await t.call<{ Warehouse_Code: string }>('GET', `/Warehouse/${f.warehouse}`)).body.Data;
  n = w.Warehouse_Code.slice(2);
});
afterAll(async () => t?.close());

type Row = Record<string, unknown>;

describe('references as code and name', () => {
  it('a list row carries the warehouse code and a location its warehouse', async () => {
    const c = await createDoc(t, T.RECEIPT, [
      { Material_ID: f.fifo, Location_ID: f.locA, Qty: '2', Unit_Price: '1.5' },
    ]);
    expect(c.body.Code, c.body.Message).toBe(0);
    const list = await t.call<Row[]>('GET', `/StockDoc?Doc_ID=${c.body.Data.Doc_ID}`);
    expect(list.body.Data[0]).toMatchObject({ Warehouse_Code: `TW${n}`, Warehouse_Name: `测试仓${n}` });
    const doc = await t.call<Row & { Lines: Row[] }>('GET', `/StockDoc/${c.body.Data.Doc_ID}`);
    expect(doc.body.Data.Lines[0]).toMatchObject({
      Material_Code: `FIFO${n}`,
      Location_Code: `A${n}`,
      Location_Name: `库位A${n}`,
      Location_Within: `测试仓${n}`,
    });
    // a location's own list names its warehouse once, in its column: a bucket's location reads in full
    const bucket = await t.call<Row>('POST', '/Bucket', {
      Bucket_Code: `BK${n}`,
      Bucket_Name: `料桶${n}`,
      Location_ID: f.locB,
      Bucket_Status: 1,
    });
    expect(bucket.body.Code, bucket.body.Message).toBe(0);
    const buckets = await t.call<Row[]>('GET', `/Bucket?Bucket_Code=BK${n}`);
    expect(buckets.body.Data[0]).toMatchObject({ Location_Code: `B${n}`, Location_Within: `测试仓${n}` });
  });

  it('prints the warehouse and the lines’ locations as code and name', async () => {
    const c = await createDoc(t, T.RECEIPT, [
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '1', Unit_Price: '1' },
    ]);
    const res = await fetch(`${t.url}/Report/Viewer?Entity=StockDoc&ID=${c.body.Data.Doc_ID}`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
    writeFileSync(join(dir, 'a.pdf'), Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(`TW${n} 测试仓${n}`);
    expect(text).toContain(`AVG${n}`);
    expect(text).toContain(`测试仓${n} /`);
  });

  it('a refused posting names the material and the location with their codes', async () => {
    const c = await createDoc(t, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locB, Qty: '5' }]);
    const a = await approve(t, c.body.Data.Doc_ID);
    expect(a.body.Code).not.toBe(0);
    expect(a.body.Message).toContain(`物料「FIFO${n} 测试物料FIFO${n}」`);
    expect(a.body.Message).toContain(`库位「测试仓${n} / B${n} 库位B${n}」`);
  });
});
