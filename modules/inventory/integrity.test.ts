import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { approve, createDoc, stockFixture, stockTestServer } from './testkit.server';

let t: TestServer;
beforeAll(async () => {
  ({ t } = await stockTestServer());
});
afterAll(async () => t?.close());

const remove = (entity: string, id: number) => t.call('DELETE', `/${entity}/${id}`);
const exists = async (entity: string, id: number) =>
  (await t.call('GET', `/${entity}/${id}`)).body.Code === 0;

/**
 * The ledger and the layers carry no foreign keys on material, warehouse and location (migration
 * 0029): the keys of stock_balance and stock_cost, moved by every posting in its statement, must
 * refuse deleting what the ledger points at, even when all the stock is gone again.
 */
describe('what the ledger points at cannot be deleted', () => {
  it('refuses deleting the material, location and warehouse of a posting, also once reversed', async () => {
    const f = await stockFixture(t);
    const c = await createDoc(t, T.RECEIPT, [
      { Material_ID: f.fifo, Location_ID: f.locA, Qty: '5', Unit_Price: '2' },
    ]);
    expect(c.body.Code, c.body.Message).toBe(0);
    expect((await approve(t, c.body.Data.Doc_ID)).body.Code).toBe(0);
    const un = await t.call('POST', '/StockDoc/UnApprove', { Doc_ID: c.body.Data.Doc_ID });
    expect(un.body.Code, un.body.Message).toBe(0);
    for (const [entity, id] of [
      ['Material', f.fifo],
      ['Location', f.locA],
      ['Warehouse', f.warehouse],
    ] as const) {
      const r = await remove(entity, id);
      expect(r.body.Code, `${entity} deleted`).not.toBe(0);
      expect(r.body.Message).toMatch(/引用|使用/);
      expect(await exists(entity, id)).toBe(true);
    }
    // the receipt and its reversal
    const ledger = await t.call<unknown[]>('GET', `/StockLedger?Material_ID=${f.fifo}`);
    expect(ledger.body.Data).toHaveLength(2);
  });

  it('deletes a material, location and warehouse nothing points at', async () => {
    const f = await stockFixture(t);
    expect((await remove('Material', f.avg)).body.Code).toBe(0);
    expect((await remove('Location', f.foreignLoc)).body.Code).toBe(0);
    expect((await remove('Warehouse', f.otherWarehouse)).body.Code).toBe(0);
    expect(await exists('Material', f.avg)).toBe(false);
  });
});
