import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { addDecimal } from '@mes/model';

export interface StockFixture {
  warehouse: number;
  otherWarehouse: number;
  locA: number;
  locB: number;
  foreignLoc: number;
  avg: number;
  fifo: number;
}

let seq = 0;

async function create(t: TestServer, entity: string, body: Record<string, unknown>): Promise<number> {
  const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
  if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
  return r.body.Data[`${entity}_ID`];
}

/** A warehouse with two locations, another warehouse, and two materials (moving average and FIFO). */
export async function stockFixture(t: TestServer): Promise<StockFixture> {
  const n = ++seq;
  const warehouse = await create(t, 'Warehouse', { Warehouse_Code: `TW${n}`, Warehouse_Name: `测试仓${n}` });
  const otherWarehouse = await create(t, 'Warehouse', {
    Warehouse_Code: `TX${n}`,
    Warehouse_Name: `外仓${n}`,
  });
  const loc = (code: string, w: number) =>
    create(t, 'Location', {
      Location_Code: `${code}${n}`,
      Location_Name: `库位${code}${n}`,
      Warehouse_ID: w,
    });
  const mat = (code: string, valuation: number) =>
    create(t, 'Material', {
      Material_Number: `${code}${n}`,
      Material_Name: `测试物料${code}${n}`,
      Valuation_Method: valuation,
    });
  return {
    warehouse,
    otherWarehouse,
    locA: await loc('A', warehouse),
    locB: await loc('B', warehouse),
    foreignLoc: await loc('X', otherWarehouse),
    avg: await mat('AVG', 1),
    fifo: await mat('FIFO', 2),
  };
}

export interface DocLineInput {
  Material_ID: number;
  Location_ID: number;
  Qty: string;
  To_Location_ID?: number;
  Unit_Price?: string;
  Batch_NO?: string;
}

/** Creates a stock document; returns its id, or the error envelope when refused. */
export async function createDoc(
  t: TestServer,
  type: number,
  lines: DocLineInput[],
  extra: Record<string, unknown> = {},
  token?: string,
) {
  return t.call<{ Doc_ID: number; Version: number; Doc_NO: string }>(
    'POST',
    '/StockDoc',
    { Doc_Type: type, Doc_Date: '2026-11-01', Lines: lines, ...extra },
    token ? { authorization: `Bearer ${token}` } : undefined,
  );
}

export async function approve(t: TestServer, id: number, token?: string) {
  return t.call<{ State: number }>(
    'POST',
    '/StockDoc/Approve',
    { Doc_ID: id },
    token ? { authorization: `Bearer ${token}` } : undefined,
  );
}

/** Creates and approves; throws with the server's message when either step is refused. */
export async function post(
  t: TestServer,
  type: number,
  lines: DocLineInput[],
  extra: Record<string, unknown> = {},
) {
  const c = await createDoc(t, type, lines, extra);
  if (c.body.Code !== 0) throw new Error(c.body.Message);
  const a = await approve(t, c.body.Data.Doc_ID);
  if (a.body.Code !== 0) throw new Error(a.body.Message);
  return c.body.Data.Doc_ID;
}

export async function balance(t: TestServer, material: number, location?: number): Promise<string> {
  let total = '0';
  // a material may lie in thousands of batches: every page of its balances
  for (let page = 1; ; page++) {
    const r = await t.call<{ Qty: string }[]>(
      'GET',
      `/StockBalance?Material_ID=${material}${location ? `&Location_ID=${location}` : ''}&PageSize=500&Page=${page}`,
    );
    for (const row of r.body.Data) total = addDecimal(total, row.Qty);
    if (r.body.Data.length < 500) return total;
  }
}

/** A test server on fresh migrations, without demo data, and a stock fixture on it. */
export async function stockTestServer(): Promise<{ t: TestServer; f: StockFixture }> {
  const t = await startTestServer({ seed: 'none' });
  return { t, f: await stockFixture(t) };
}
