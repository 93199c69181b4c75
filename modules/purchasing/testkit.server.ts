import type { TestServer } from '@mes/app-server/testing';
import { addDecimal } from '@mes/model';

/** Builders for purchasing tests: a warehouse, materials, two suppliers, and documents through the API. */
export interface PurchasingFixture {
  warehouse: number;
  loc: number;
  mat: number;
  mat2: number;
  supplier: number;
  other: number;
  currency: number;
}

let seq = 0;
// test files may share a worker process (isolate: false): "first" is per server, not per process
const served = new WeakSet<TestServer>();
const firstOn = (t: TestServer) => !served.has(t) && !!served.add(t);
type Body = Record<string, unknown>;

export async function create(t: TestServer, entity: string, body: Body): Promise<number> {
  const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
  if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
  const key = Object.keys(r.body.Data).find((k) => k.endsWith('_ID') && k !== 'Created_By');
  return r.body.Data[`${entity}_ID`] ?? r.body.Data[key as string];
}

export async function fixture(t: TestServer): Promise<PurchasingFixture> {
  const n = ++seq;
  const warehouse = await create(t, 'Warehouse', { Warehouse_Code: `PW${n}`, Warehouse_Name: `采购仓${n}` });
  const loc = await create(t, 'Location', {
    Location_Code: `PL${n}`,
    Location_Name: `收货位${n}`,
    Warehouse_ID: warehouse,
  });
  const mat = await create(t, 'Material', {
    Material_Number: `PM${n}A`,
    Material_Name: `螺栓${n}`,
    Valuation_Method: 1,
  });
  const mat2 = await create(t, 'Material', {
    Material_Number: `PM${n}B`,
    Material_Name: `垫片${n}`,
    Valuation_Method: 1,
  });
  // the first fixture's currency is the base one; suppliers bill in it
  const currency = await create(t, 'Currency', {
    Currency_Code: `P${String(n).padStart(2, '0')}`.slice(0, 3),
    Currency_Name: `人民币${n}`,
    Is_Base: firstOn(t),
    Exchange_Rate: '1',
  });
  const sup = (code: string) =>
    create(t, 'Supplier', {
      Supplier_Code: `${code}${n}`,
      Full_Name: `${code}${n} 有限公司`,
      Short_Name: `${code}${n}`,
      Currency_ID: currency,
    });
  return { warehouse, loc, mat, mat2, currency, supplier: await sup('PS'), other: await sup('PO') };
}

export const call = <T = Body>(t: TestServer, method: string, path: string, body?: unknown, lang?: 'en') =>
  t.call<T>(method, path, body, lang ? { 'accept-language': lang } : undefined);

/** Posts a document and approves it; throws with the server's message when either is refused. */
export async function approved(t: TestServer, entity: string, key: string, body: Body): Promise<Body> {
  const c = await t.call<Body>('POST', `/${entity}`, body);
  if (c.body.Code !== 0) throw new Error(`${entity}: ${c.body.Message}`);
  const a = await approve(t, entity, key, Number(c.body.Data[key]));
  if (a.body.Code !== 0) throw new Error(`${entity} approve: ${a.body.Message}`);
  return (await t.call<Body>('GET', `/${entity}/${c.body.Data[key]}`)).body.Data;
}

export const approve = (t: TestServer, entity: string, key: string, id: number) =>
  t.call<Body>('POST', `/${entity}/Approve`, { [key]: id });
export const unapprove = (t: TestServer, entity: string, key: string, id: number) =>
  t.call<Body>('POST', `/${entity}/UnApprove`, { [key]: id });

export const order = (f: PurchasingFixture, lines: Body[], extra: Body = {}) => ({
  Supplier_ID: f.supplier,
  Doc_Date: '2026-11-02',
  Items: lines.map((l) => ({ Delivery_Date: '2026-11-20', ...l })),
  ...extra,
});

export const receipt = (f: PurchasingFixture, orderId: number, lines: Body[], extra: Body = {}) => ({
  Supplier_ID: f.supplier,
  Doc_Date: '2026-11-05',
  Items: lines.map((l) => ({ Order_ID: orderId, Location_ID: f.loc, ...l })),
  ...extra,
});

export const invoice = (f: PurchasingFixture, receiptId: number, lines: Body[], extra: Body = {}) => ({
  Supplier_ID: f.supplier,
  Doc_Date: '2026-11-06',
  Fapiao_NO: `FP${Date.now() % 1e8}`,
  Items: lines.map((l) => ({ Receipt_ID: receiptId, ...l })),
  ...extra,
});

export async function onHand(t: TestServer, material: number): Promise<string> {
  const r = await t.call<{ Qty: string }[]>('GET', `/StockBalance?Material_ID=${material}&PageSize=500`);
  return r.body.Data.reduce((s, x) => addDecimal(s, x.Qty), '0');
}
