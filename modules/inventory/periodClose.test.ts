import type { TestServer } from '@mes/app-server/testing';
import { PARAM } from '@mes/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestToday } from './logic/dates';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { approve, balance, createDoc, type StockFixture, stockTestServer } from './testkit.server';

let t: TestServer;
let f: StockFixture;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
});
afterAll(async () => t?.close());

const day = (offset: number) => {
  const d = new Date(`${latestToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
const ledgerRows = async (docId: number) =>
  (await t.call('GET', `/StockLedger?Doc_ID=${docId}&PageSize=1`)).body.Paging?.TotalCount;
const state = async (id: number) =>
  (await t.call<{ State: number }>('GET', `/StockDoc/${id}`)).body.Data.State;

/** Sets the closing day (system parameter 34) as an administrator does on the parameters page. */
async function closeUntil(value: string) {
  const p = (await t.call<{ Version: number }>('GET', `/SystemParameter/${PARAM.STOCK_CLOSED_UNTIL}`)).body
    .Data;
  return t.call('PUT', '/SystemParameter', {
    ID: PARAM.STOCK_CLOSED_UNTIL,
    Version: p.Version,
    Parameter_Value: value,
  });
}

describe('stock is posted on no future day and in no closed period', () => {
  it('refuses to approve a document dated after today, says why in both languages, and posts nothing', async () => {
    const line = { Material_ID: f.avg, Location_ID: f.locA, Qty: '5', Unit_Price: '2' };
    const c = await createDoc(t, T.RECEIPT, [line], { Doc_Date: day(1) });
    expect(c.body.Code, c.body.Message).toBe(0);
    const id = c.body.Data.Doc_ID;
    const before = await balance(t, f.avg);
    const zh = await approve(t, id);
    expect(zh.status).toBe(400);
    expect(zh.body.Message).toBe(`业务日期 ${day(1)} 晚于今天，库存不能按将来的日期过账`);
    const en = await t.call('POST', '/StockDoc/Approve', { Doc_ID: id }, { 'accept-language': 'en' });
    expect(en.body.Message).toBe(
      `The posting date ${day(1)} is later than today: stock cannot be posted on a future date`,
    );
    expect(await state(id)).toBe(1);
    expect(await ledgerRows(id)).toBe(0);
    expect(await balance(t, f.avg)).toBe(before);
    // dated today it posts
    const { Version } = (await t.call<{ Version: number }>('GET', `/StockDoc/${id}`)).body.Data;
    const redated = await t.call('PUT', '/StockDoc', { Doc_ID: id, Version, Doc_Date: day(0) });
    expect(redated.body.Code, redated.body.Message).toBe(0);
    expect((await approve(t, id)).body.Code).toBe(0);
    expect(await ledgerRows(id)).toBe(1);
  });

  it('a closing day refuses approving and unapproving what is dated then or before, and nothing else', async () => {
    const line = { Material_ID: f.fifo, Location_ID: f.locB, Qty: '10', Unit_Price: '3' };
    const old = await createDoc(t, T.RECEIPT, [line], { Doc_Date: '2026-10-15' });
    expect((await approve(t, old.body.Data.Doc_ID)).body.Code).toBe(0);
    const late = await createDoc(t, T.RECEIPT, [line], { Doc_Date: '2026-10-31' });
    const open = await createDoc(t, T.RECEIPT, [line], { Doc_Date: '2026-11-01' });

    expect((await closeUntil('2026-10-31')).body.Code).toBe(0);
    const refused = await approve(t, late.body.Data.Doc_ID);
    expect(refused.body.Message).toBe('库存已关账至 2026-10-31，业务日期为 2026-10-31 的单据不能过账');
    expect(await ledgerRows(late.body.Data.Doc_ID)).toBe(0);
    const back = await t.call(
      'POST',
      '/StockDoc/UnApprove',
      { Doc_ID: old.body.Data.Doc_ID },
      { 'accept-language': 'en' },
    );
    expect(back.body.Message).toBe(
      'Stock is closed up to 2026-10-31: a document dated 2026-10-15 cannot be unapproved',
    );
    expect(await state(old.body.Data.Doc_ID)).toBe(3);
    expect(await ledgerRows(old.body.Data.Doc_ID)).toBe(1);
    // after the closing day, documents post as ever
    expect((await approve(t, open.body.Data.Doc_ID)).body.Code).toBe(0);

    // reopened (0), the period's documents move again
    expect((await closeUntil('0')).body.Code).toBe(0);
    expect((await approve(t, late.body.Data.Doc_ID)).body.Code).toBe(0);
    expect((await t.call('POST', '/StockDoc/UnApprove', { Doc_ID: old.body.Data.Doc_ID })).body.Code).toBe(0);
  });

  it('takes only a real day or 0 as the closing day', async () => {
    for (const bad of ['2026-13-01', '2026-1-5', 'yesterday', '']) {
      const r = await closeUntil(bad);
      expect(r.body.Code, bad).toBe(1);
    }
    const p = (
      await t.call<{ Parameter_Value: string }>('GET', `/SystemParameter/${PARAM.STOCK_CLOSED_UNTIL}`)
    ).body.Data;
    expect(p.Parameter_Value).toBe('0');
  });
});
