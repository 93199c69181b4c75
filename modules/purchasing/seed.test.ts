import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

type Doc = { State: number; Doc_NO: string };
const list = async (entity: string, query = '') =>
  (await t.call<Doc[]>('GET', `/${entity}?PageSize=100${query}`)).body.Data;

it('the demo has a quarter of purchasing, posted to stock and to the payable ledger', async () => {
  for (const entity of ['PurchaseRequest', 'PurchaseOrder', 'PurchaseReceipt', 'PurchaseInvoice']) {
    const rows = await list(entity);
    expect(
      rows.some((r) => r.State === 3),
      entity,
    ).toBe(true);
  }
  expect((await list('PurchaseOrder')).some((r) => r.State === 1)).toBe(true);
  expect((await list('PurchaseInvoice')).some((r) => r.State === 1)).toBe(true);
  // every approved receipt is in the stock ledger, every approved invoice in the payable ledger
  const receipts = (await list('PurchaseReceipt', '&State=3')).map((r) => r.Doc_NO).sort();
  const stock = await t.call<{ Doc_NO: string }[]>('GET', '/StockLedger?Doc_Type=31&PageSize=500');
  expect([...new Set(stock.body.Data.map((r) => r.Doc_NO))].sort()).toEqual(receipts);
  const invoices = (await list('PurchaseInvoice', '&State=3')).map((r) => r.Doc_NO).sort();
  const ap = await t.call<{ Doc_NO: string; Doc_Type: number }[]>(
    'GET',
    '/PartnerLedger?Doc_Type=1&PageSize=500',
  );
  expect(ap.body.Data.map((r) => r.Doc_NO).sort()).toEqual(invoices);
  // the tax-rate dictionary gives the default 13 %
  const dict = await t.call<{ Storage_Name: string }[]>('GET', '/DataDictionary?PageSize=200');
  expect(dict.body.Data.map((d) => d.Storage_Name)).toContain('税率');
});
