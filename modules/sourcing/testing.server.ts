import type { TestServer } from '@mes/app-server/testing';

/** Builders for sourcing tests: suppliers with portal accounts, SOWs with part rows, quotations. */
let currencyNo = 0;

export interface Fixture {
  currency: number;
  suppliers: { id: number; account: string; token: string }[];
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

export { as };

export async function makeFixture(t: TestServer, n = 3, prefix = 'sup'): Promise<Fixture> {
  const cur = await t.call<{ Currency_ID: number }>('POST', '/Currency', {
    Currency_Code: `${prefix.slice(0, 2).toUpperCase()}${++currencyNo}`.slice(0, 3),
    Currency_Name: `人民币-${prefix}`,
    Is_Base: true,
  });
  if (cur.body.Code !== 0) throw new Error(cur.body.Message);
  const suppliers: Fixture['suppliers'] = [];
  for (let i = 1; i <= n; i++) {
    const s = await t.call<{ Supplier_ID: number }>('POST', '/Supplier', {
      Supplier_Code: `${prefix}-${i}`,
      Full_Name: `${prefix} 供应商 ${i} 有限公司`,
      Short_Name: `${prefix}${i}`,
      Risk_Score: String(10 * i),
    });
    if (s.body.Code !== 0) throw new Error(s.body.Message);
    const account = `${prefix}${i}`;
    const a = await t.call('POST', '/Supplier/CreatePortalAccount', {
      Supplier_ID: s.body.Data.Supplier_ID,
      User_Account: account,
      Pass_Word: 'portal-pass-1',
    });
    if (a.body.Code !== 0) throw new Error(a.body.Message);
    suppliers.push({ id: s.body.Data.Supplier_ID, account, token: await t.login(account, 'portal-pass-1') });
  }
  return { currency: cur.body.Data.Currency_ID, suppliers };
}

export const PARTS = [
  {
    Item_NO: 1,
    Part_Number: 'BRK-100',
    Part_Name: '前支架',
    Annual_Qty: '12000',
    Target_Price: '8.5',
    CAV: 2,
  },
  { Item_NO: 2, Part_Number: 'CVR-200', Part_Name: '端盖', Annual_Qty: '6000', Target_Price: '15' },
  { Item_NO: 3, Part_Number: 'PIN-300', Part_Name: '定位销', Annual_Qty: '24000', Target_Price: '0.8' },
];

export async function makeSow(t: TestServer, f: Fixture, suppliers = f.suppliers, extra: object = {}) {
  const r = await t.call<{ Sow_ID: number; Sow_NO: string; Version: number }>('POST', '/Sow', {
    Project_Name: '新能源电驱壳体项目',
    Vehicle_Model: 'EV-7',
    Currency_ID: f.currency,
    Life_Time_Years: 5,
    Offer_Rounds: 3,
    Parts: PARTS,
    Suppliers: suppliers.map((s) => ({ Supplier_ID: s.id })),
    ...extra,
  });
  if (r.body.Code !== 0) throw new Error(r.body.Message);
  return r.body.Data;
}

export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

export async function release(t: TestServer, sowId: number, end = inHours(48)) {
  return t.call<{ Sow_Status: number; Current_Round: number }>('POST', '/Sow/Release', {
    Sow_ID: sowId,
    End_Time: end,
  });
}

export async function quote(
  t: TestServer,
  token: string,
  sowId: number,
  round: number,
  prices: (string | null)[],
  submit = true,
  more: object = {},
) {
  return t.call<{ Offer_ID: number; Offer_Status: number; Editable: boolean }>(
    'POST',
    '/SRM/Portal/Quote',
    {
      Sow_ID: sowId,
      Round_NO: round,
      Submit: submit,
      Items: prices.map((p, i) => ({
        Item_NO: i + 1,
        Unit_Price: p,
        // a submission declines (不报价) the parts it leaves without a price
        ...(p === null && submit ? { Declined: true } : {}),
        Tooling_Cost: '1000',
        Lead_Time_Days: 30,
      })),
      ...more,
    },
    as(token),
  );
}

let sampleNo = 0;

/**
 * A bid evaluation the generic contract test can create: it needs a SOW whose round has closed
 * with a submitted quotation, which no generic sample can produce. One part row, one supplier, so
 * that each line table of the payload has one row.
 */
export async function bidEvaluationSample(t: TestServer): Promise<Record<string, unknown>> {
  const n = ++sampleNo;
  const f = await makeFixture(t, 1, `be${n}x`);
  const s = f.suppliers[0];
  const sow = await t.call<{ Sow_ID: number }>('POST', '/Sow', {
    Project_Name: `contract ${n}`,
    Currency_ID: f.currency,
    Life_Time_Years: 2,
    Offer_Rounds: 1,
    Parts: [PARTS[0]],
    Suppliers: [{ Supplier_ID: s.id }],
  });
  const id = sow.body.Data.Sow_ID;
  await release(t, id);
  await quote(t, s.token, id, 1, ['3.25']);
  await t.call('POST', '/Sow/CloseRound', { Sow_ID: id });
  return {
    Sow_ID: id,
    Award_Mode: 1,
    Price_Weight: '40',
    Quality_Weight: '20',
    Delivery_Weight: '20',
    Risk_Weight: '20',
    Remark: `sample ${n}`,
    Awards: [{ Item_NO: 1, Supplier_ID: s.id, Reason: 'lowest' }],
    Scores: [{ Supplier_ID: s.id, Quality_Score: '90', Delivery_Score: '80', Risk_Score: '70' }],
  };
}
