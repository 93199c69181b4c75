import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { SYSTEM_CONTEXT, withTx } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_TYPE, FIN_DOC, SIDE } from './ledger.entity';
import { openAmountOf, postPartnerEntries } from './ledger.server';

let t: TestServer;
let supplier: number;
let other: number;
let cny: number;
const make = async (entity: string, body: Record<string, unknown>) => {
  const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
  if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
  return r.body.Data[`${entity}_ID`];
};
const ctxOf = (tx: Parameters<Parameters<typeof withTx>[1]>[0]) => ({
  ...SYSTEM_CONTEXT,
  tx,
  registry: t.engine.registry,
});
const open = (Doc_ID: number) =>
  withTx(t.engine.db, (tx) => openAmountOf(ctxOf(tx), { Doc_Type: FIN_DOC.PURCHASE_INVOICE, Doc_ID }));
const balance = async () =>
  (
    await sql<{
      b: string;
    }>`SELECT balance::text AS b FROM partner_balance WHERE side = 2 AND partner_id = ${supplier}`.execute(
      t.engine.db,
    )
  ).rows[0]?.b;

beforeAll(async () => {
  t = await startTestServer();
  cny = await make('Currency', {
    Currency_Code: 'CNX',
    Currency_Name: '测试人民币',
    Is_Base: true,
    Exchange_Rate: '1',
  });
  supplier = await make('Supplier', {
    Supplier_Code: 'PS1',
    Full_Name: '付款测试供应商',
    Short_Name: '付供',
  });
  other = await make('Supplier', { Supplier_Code: 'PS2', Full_Name: '另一供应商', Short_Name: '另供' });
  await withTx(t.engine.db, (tx) =>
    postPartnerEntries(
      ctxOf(tx),
      [
        [supplier, 501, '100'],
        [supplier, 502, '50'],
        [other, 503, '70'],
      ].map(([partner, id, amount]) => ({
        Side: SIDE.PAYABLE,
        Partner_ID: Number(partner),
        Posting_Date: '2026-10-01',
        Entry_Type: ENTRY_TYPE.INVOICE,
        Doc_Type: FIN_DOC.PURCHASE_INVOICE,
        Doc_ID: Number(id),
        Doc_NO: `PI-${id}`,
        Currency_ID: cny,
        Exchange_Rate: '1',
        Amount: String(amount),
      })),
    ),
  );
});
afterAll(async () => t?.close());

const line = (id: number, Amount: string) => ({
  Against_Doc_Type: FIN_DOC.PURCHASE_INVOICE,
  Against_Doc_ID: id,
  Against_Doc_NO: `PI-${id}`,
  Amount,
});
const pay = (Amount: string, Allocations: unknown[], extra: Record<string, unknown> = {}) =>
  t.call<{ Doc_ID: number; Unallocated_Amount: string; Exchange_Rate: string }>('POST', '/FinPayment', {
    Doc_Date: '2026-11-01',
    Supplier_ID: supplier,
    Currency_ID: cny,
    Amount,
    Allocations,
    ...extra,
  });

describe('payments (付款单)', () => {
  let paid: number;
  it('fills the open invoices of the supplier and currency', async () => {
    const r = await t.call<Array<{ Against_Doc_NO: string; Open_Amount: string; Amount: string }>>(
      'GET',
      `/FinPayment/OpenItems?Supplier_ID=${supplier}&Currency_ID=${cny}`,
    );
    expect(r.body.Code).toBe(0);
    expect(r.body.Data.map((o) => [o.Against_Doc_NO, o.Open_Amount, o.Amount])).toEqual([
      ['PI-501', '100', '100'],
      ['PI-502', '50', '50'],
    ]);
  });

  it("refuses over-allocation, another supplier's invoice and lines on an advance, in the user's language", async () => {
    const over = await pay('50', [line(501, '60')]);
    expect(over.status).toBe(400);
    expect(over.body.Message).toContain('超过');
    const foreign = await t.call(
      'POST',
      '/FinPayment',
      {
        Doc_Date: '2026-11-01',
        Supplier_ID: supplier,
        Currency_ID: cny,
        Amount: '70',
        Allocations: [line(503, '70')],
      },
      { 'accept-language': 'en' },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.Message).toContain('not an open document');
    const advance = await pay('10', [line(501, '10')], { AP_Type: 2 });
    expect(advance.status).toBe(400);
    const negative = await pay('-5', []);
    expect(negative.status).toBe(400);
  });

  it('pays two invoices, partly, and keeps the rest as an advance on approval', async () => {
    const made = await pay('130', [line(501, '100'), line(502, '20')]);
    expect(made.body.Code, made.body.Message).toBe(0);
    paid = made.body.Data.Doc_ID;
    const read = await t.call<{
      Unallocated_Amount: string;
      Exchange_Rate: string;
      Allocated_Amount: string;
    }>('GET', `/FinPayment/${paid}`);
    expect(read.body.Data).toMatchObject({ Allocated_Amount: '120', Unallocated_Amount: '10' });
    expect(Number(read.body.Data.Exchange_Rate)).toBe(1);
    // nothing posts before approval
    expect(await open(501)).toBe('100');
    const a = await t.call('POST', '/FinPayment/Approve', { Doc_ID: paid });
    expect(a.body.Code, a.body.Message).toBe(0);
    expect(await open(501)).toBe('0');
    expect(await open(502)).toBe('30');
    expect(await balance()).toBe('20.00');
  });

  it('refuses paying more than is left open after an approval', async () => {
    const r = await pay('40', [line(502, '40')]);
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('30');
  });

  it('reverses on UnApprove', async () => {
    const u = await t.call('POST', '/FinPayment/UnApprove', { Doc_ID: paid });
    expect(u.body.Code, u.body.Message).toBe(0);
    expect(await open(501)).toBe('100');
    expect(await balance()).toBe('150.00');
  });
});
