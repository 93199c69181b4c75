import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { type HookContext, SYSTEM_CONTEXT, withTx } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_TYPE, FIN_DOC, SIDE } from './ledger.entity';
import {
  openAmountOf,
  type PartnerEntryInput,
  postPartnerEntries,
  reversePartnerEntries,
} from './ledger.server';

let t: TestServer;
let customer: number;
let supplier: number;
let usd: number;
beforeAll(async () => {
  t = await startTestServer();
  const make = async (entity: string, body: Record<string, unknown>) => {
    const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
    if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
    return r.body.Data[`${entity}_ID`];
  };
  usd = await make('Currency', { Currency_Code: 'USX', Currency_Name: '测试美元', Exchange_Rate: '7.1' });
  customer = await make('Customer', {
    Customer_Code: 'FC1',
    Full_Name: '财务测试客户',
    Short_Name: '财客',
    Receipt_ID: '月结30天',
  });
  supplier = await make('Supplier', {
    Supplier_Code: 'FS1',
    Full_Name: '财务测试供应商',
    Short_Name: '财供',
  });
});
afterAll(async () => t?.close());

const inTx = <T>(fn: (ctx: HookContext) => Promise<T>) =>
  withTx(t.engine.db, (tx) => fn({ ...SYSTEM_CONTEXT, tx, registry: t.engine.registry }));
const post = (entries: PartnerEntryInput[]) => inTx((ctx) => postPartnerEntries(ctx, entries));
const open = (Doc_Type: number, Doc_ID: number) => inTx((ctx) => openAmountOf(ctx, { Doc_Type, Doc_ID }));
const reverse = (Doc_Type: number, Doc_ID: number) =>
  inTx((ctx) => reversePartnerEntries(ctx, { Doc_Type, Doc_ID }));

const invoice = (
  Doc_ID: number,
  Amount: string,
  extra: Partial<PartnerEntryInput> = {},
): PartnerEntryInput => ({
  Side: SIDE.RECEIVABLE,
  Partner_ID: customer,
  Posting_Date: '2026-01-15',
  Entry_Type: ENTRY_TYPE.INVOICE,
  Doc_Type: FIN_DOC.SALES_INVOICE,
  Doc_ID,
  Doc_NO: `SI-${Doc_ID}`,
  Currency_ID: usd,
  Exchange_Rate: '7.1',
  Amount,
  ...extra,
});

const rowsOf = async (side: number, partner: number) =>
  (
    await sql<{
      amount: string;
      base_amount: string;
      balance: string;
      base_balance: string;
      due_date: string;
    }>`
      SELECT amount::text, base_amount::text, balance::text, base_balance::text, due_date::text
      FROM partner_ledger WHERE side = ${side} AND coalesce(customer_id, supplier_id) = ${partner}
      ORDER BY id`.execute(t.engine.db)
  ).rows;
const balanceOf = async (side: number, partner: number) =>
  (
    await sql<{ balance: string; base_balance: string }>`SELECT balance::text, base_balance::text
      FROM partner_balance WHERE side = ${side} AND partner_id = ${partner} AND currency_id = ${usd}`.execute(
      t.engine.db,
    )
  ).rows[0];

describe('the partner ledger', () => {
  it('posts an invoice with base amount, running balance and a due date by the payment terms', async () => {
    await post([invoice(101, '100.50')]);
    const [row] = await rowsOf(SIDE.RECEIVABLE, customer);
    expect(row).toMatchObject({
      amount: '100.50',
      base_amount: '713.55',
      balance: '100.50',
      base_balance: '713.55',
      // 月结30天: 30 days from the end of January
      due_date: '2026-03-02',
    });
    expect(await open(FIN_DOC.SALES_INVOICE, 101)).toBe('100.5');
  });

  it('settles part of the invoice, refuses reversing it while paid, and nets to zero after reversals', async () => {
    await post([
      invoice(201, '-60', {
        Entry_Type: ENTRY_TYPE.PAYMENT,
        Doc_Type: FIN_DOC.RECEIPT,
        Doc_NO: 'RC-201',
        Posting_Date: '2026-02-01',
        Against: { Doc_Type: FIN_DOC.SALES_INVOICE, Doc_ID: 101, Doc_NO: 'SI-101' },
      }),
    ]);
    expect(await open(FIN_DOC.SALES_INVOICE, 101)).toBe('40.5');
    const rows = await rowsOf(SIDE.RECEIVABLE, customer);
    // the payment ages with the invoice it pays
    expect(rows[1]).toMatchObject({ balance: '40.50', base_balance: '287.55', due_date: '2026-03-02' });
    await expect(reverse(FIN_DOC.SALES_INVOICE, 101)).rejects.toMatchObject({
      key: 'fin.doc_settled',
      status: 409,
    });
    await reverse(FIN_DOC.RECEIPT, 201);
    expect(await open(FIN_DOC.SALES_INVOICE, 101)).toBe('100.5');
    await reverse(FIN_DOC.SALES_INVOICE, 101);
    expect(await open(FIN_DOC.SALES_INVOICE, 101)).toBe('0');
    expect(await balanceOf(SIDE.RECEIVABLE, customer)).toEqual({ balance: '0.00', base_balance: '0.00' });
    // reversing twice changes nothing
    await reverse(FIN_DOC.SALES_INVOICE, 101);
    expect(await rowsOf(SIDE.RECEIVABLE, customer)).toHaveLength(4);
  });

  it('keeps the running balance of concurrent postings in order', async () => {
    const n = 12;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        post([
          invoice(300 + i, '10.01', {
            Side: SIDE.PAYABLE,
            Partner_ID: supplier,
            Doc_Type: FIN_DOC.PURCHASE_INVOICE,
            Doc_NO: `PI-${i}`,
          }),
        ]),
      ),
    );
    const rows = await rowsOf(SIDE.PAYABLE, supplier);
    expect(rows.map((r) => r.balance)).toEqual(
      Array.from({ length: n }, (_, i) => (10.01 * (i + 1)).toFixed(2)),
    );
    expect(await balanceOf(SIDE.PAYABLE, supplier)).toEqual({ balance: '120.12', base_balance: '852.84' });
    // no terms: due on the posting date
    expect(rows[0].due_date).toBe('2026-01-15');
  });

  it('refuses an unknown partner or a bad amount and writes nothing', async () => {
    const before = await rowsOf(SIDE.RECEIVABLE, customer);
    await expect(post([invoice(401, '5'), invoice(402, '5', { Partner_ID: 999999 })])).rejects.toMatchObject({
      key: 'fin.partner_unknown',
    });
    await expect(post([invoice(403, '5,0')])).rejects.toMatchObject({ key: 'fin.entry_invalid' });
    await expect(post([invoice(404, '5', { Exchange_Rate: '0' })])).rejects.toMatchObject({
      key: 'fin.entry_invalid',
    });
    expect(await rowsOf(SIDE.RECEIVABLE, customer)).toEqual(before);
  });

  it('lists the ledger on the wire, read-only', async () => {
    const list = await t.call<Array<{ Doc_NO: string; Balance: string }>>(
      'GET',
      '/PartnerLedger?PageSize=50',
    );
    expect(list.body.Code).toBe(0);
    expect(list.body.Data.map((r) => r.Doc_NO)).toContain('PI-0');
    const write = await t.call('POST', '/PartnerLedger', { Side: 1 });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.status).toBeLessThan(500);
  });
});
