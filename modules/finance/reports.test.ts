import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { SYSTEM_CONTEXT, withTx } from '@mes/engine-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_TYPE, FIN_DOC, SIDE } from './ledger.entity';
import { type PartnerEntryInput, postPartnerEntries } from './ledger.server';

let t: TestServer;
let customer: number;
let cny: number;
const make = async (entity: string, body: Record<string, unknown>) => {
  const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
  if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
  return r.body.Data[`${entity}_ID`];
};

beforeAll(async () => {
  t = await startTestServer();
  cny = await make('Currency', {
    Currency_Code: 'CNR',
    Currency_Name: '报表人民币',
    Is_Base: true,
    Exchange_Rate: '1',
  });
  customer = await make('Customer', {
    Customer_Code: 'RC1',
    Full_Name: '报表测试客户有限公司',
    Short_Name: '报客',
  });
  const e = (over: Partial<PartnerEntryInput>): PartnerEntryInput => ({
    Side: SIDE.RECEIVABLE,
    Partner_ID: customer,
    Posting_Date: '2026-01-01',
    Entry_Type: ENTRY_TYPE.INVOICE,
    Doc_Type: FIN_DOC.SALES_INVOICE,
    Doc_ID: 1,
    Doc_NO: 'SI-1',
    Currency_ID: cny,
    Exchange_Rate: '1',
    Amount: '0',
    ...over,
  });
  await withTx(t.engine.db, (tx) =>
    postPartnerEntries({ ...SYSTEM_CONTEXT, tx, registry: t.engine.registry }, [
      // as of 2026-06-30: 200 days overdue, 45 days overdue, not yet due
      e({ Doc_ID: 1, Doc_NO: 'SI-1', Posting_Date: '2025-12-01', Due_Date: '2025-12-12', Amount: '1000' }),
      e({ Doc_ID: 2, Doc_NO: 'SI-2', Posting_Date: '2026-05-01', Due_Date: '2026-05-16', Amount: '300.25' }),
      e({ Doc_ID: 3, Doc_NO: 'SI-3', Posting_Date: '2026-06-20', Due_Date: '2026-07-20', Amount: '50' }),
      // a receipt of 400 against the oldest invoice: it ages with it
      e({
        Doc_Type: FIN_DOC.RECEIPT,
        Doc_ID: 9,
        Doc_NO: 'SK-9',
        Entry_Type: ENTRY_TYPE.PAYMENT,
        Posting_Date: '2026-06-01',
        Amount: '-400',
        Against: { Doc_Type: FIN_DOC.SALES_INVOICE, Doc_ID: 1, Doc_NO: 'SI-1' },
      }),
      // posted after the day asked: not in the ageing
      e({ Doc_ID: 4, Doc_NO: 'SI-4', Posting_Date: '2026-07-05', Amount: '7' }),
    ]),
  );
});
afterAll(async () => t?.close());

describe('ageing (账龄分析)', () => {
  it('puts each open amount in the bracket of its due date on the day asked', async () => {
    const r = await t.call<Record<string, unknown>[]>('GET', '/Finance/Ageing?Side=1&As_Of=2026-06-30');
    expect(r.body.Code, r.body.Message).toBe(0);
    const row = r.body.Data.find((x) => Number(x.Partner_ID) === customer);
    expect(row).toMatchObject({
      Partner_Name: '报客',
      Currency_Code: 'CNR',
      Balance: '950.25',
      Not_Due: '50.00',
      Days_0_30: '0',
      Days_31_60: '300.25',
      Days_180_Plus: '600.00',
    });
    expect(Number(row?.Days_0_30)).toBe(0);
  });

  it('refuses a bad date with a clear 400', async () => {
    const r = await t.call('GET', '/Finance/Ageing?As_Of=2026-02-30');
    expect(r.status).toBe(400);
  });
});

describe('statement (对账单)', () => {
  const q = () => `Side=1&Partner_ID=${customer}&From=2026-05-01&To=2026-06-30`;
  it('opens with the balance before the period and runs the balance through it', async () => {
    const r = await t.call<
      Array<{ Doc_NO: string; Increase: string; Decrease: string; Balance: string; Entry_Type_Name: string }>
    >('GET', `/Finance/Statement?${q()}`);
    expect(r.body.Code, r.body.Message).toBe(0);
    expect(r.body.Data.map((l) => [l.Doc_NO, l.Increase, l.Decrease, l.Balance])).toEqual([
      ['期初余额', '0', '0', '1000'],
      ['SI-2', '300.25', '0', '1300.25'],
      ['SK-9', '0', '400', '900.25'],
      ['SI-3', '50', '0', '950.25'],
    ]);
    expect(r.body.Data[2].Entry_Type_Name).toBe('收付款');
  });

  it('prints as PDF and exports as an Excel sheet', async () => {
    const pdf = await fetch(`${t.url}/Finance/Statement/Pdf?${q()}`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const xlsx = await fetch(`${t.url}/Finance/Statement/Excel?${q()}`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('refuses a period backwards or without a partner', async () => {
    const back = await t.call(
      'GET',
      `/Finance/Statement?Side=1&Partner_ID=${customer}&From=2026-07-01&To=2026-06-01`,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(back.status).toBe(400);
    expect(back.body.Message).toContain('after the end date');
    expect((await t.call('GET', '/Finance/Statement?Side=1')).status).toBe(400);
    expect((await t.call('GET', '/Finance/Statement?Side=1&Partner_ID=999999')).status).toBe(404);
  });
});
