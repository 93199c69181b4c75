import type { TestServer } from '@mes/app-server/testing';

type Body = Record<string, unknown>;
let seq = 0;
// test files may share a worker process (isolate: false): the base currency is made once per server, not once per process
const withBase = new WeakSet<TestServer>();

/** Calls and throws with the server's message unless it succeeded: the steps a test stands on. */
export async function must<T = Body>(
  t: TestServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const r = await t.call<T>(method, path, body);
  if (r.body.Code !== 0) throw new Error(`${method} ${path}: ${r.body.Message}`);
  return r.body.Data;
}

const idOf = async (t: TestServer, entity: string, body: Body) =>
  (await must<Record<string, number>>(t, 'POST', `/${entity}`, body))[`${entity}_ID`];

export interface SalesFixture {
  warehouse: number;
  loc: number;
  product: number;
  other: number;
  customer: number;
  rival: number;
}

/** Two customers, a warehouse with a location, and two products, the first with 100 in stock at 50. */
export async function salesFixture(t: TestServer, credit?: string): Promise<SalesFixture> {
  const n = ++seq;
  if (!withBase.has(t)) {
    withBase.add(t);
    await idOf(t, 'Currency', {
      Currency_Code: 'CNY',
      Currency_Name: '人民币',
      Exchange_Rate: '1',
      Is_Base: true,
    });
  }
  const warehouse = await idOf(t, 'Warehouse', { Warehouse_Code: `SW${n}`, Warehouse_Name: `成品仓${n}` });
  const loc = await idOf(t, 'Location', {
    Location_Code: `SL${n}`,
    Location_Name: `成品库位${n}`,
    Warehouse_ID: warehouse,
  });
  const mat = (code: string) =>
    idOf(t, 'Material', {
      Material_Number: `${code}${n}`,
      Material_Name: `成品${code}${n}`,
      Valuation_Method: 1,
    });
  const product = await mat('P');
  const other = await mat('Q');
  const cust = (code: string, limit?: string) =>
    idOf(t, 'Customer', {
      Customer_Code: `${code}${n}`,
      Full_Name: `客户${code}${n}有限公司`,
      Short_Name: `客户${code}${n}`,
      ...(limit ? { Credit_Limit: limit } : {}),
    });
  const customer = await cust('C', credit);
  const rival = await cust('R');
  const receipt = await must<{ Doc_ID: number }>(t, 'POST', '/StockDoc', {
    Doc_Type: 1,
    Doc_Date: '2026-11-01',
    Warehouse_ID: warehouse,
    Lines: [{ Material_ID: product, Location_ID: loc, Qty: '100', Unit_Price: '50' }],
  });
  await must(t, 'POST', '/StockDoc/Approve', { Doc_ID: receipt.Doc_ID });
  return { warehouse, loc, product, other, customer, rival };
}

export interface Doc extends Body {
  Version: number;
  State: number;
}

/** Creates a document and approves it; answers it as approved. */
export async function approved(t: TestServer, entity: string, key: string, body: Body): Promise<Doc> {
  const d = await must<Doc>(t, 'POST', `/${entity}`, body);
  await must(t, 'POST', `/${entity}/Approve`, { [key]: d[key] });
  return must<Doc>(t, 'GET', `/${entity}/${d[key]}`);
}

export const order = (f: SalesFixture, lines: Body[], extra: Body = {}) => ({
  Customer_ID: f.customer,
  Order_Date: '2026-11-02',
  Lines: lines,
  ...extra,
});

/** An order the contract test can save: a customer without a credit limit, a priced line. */
export async function orderSample(t: TestServer): Promise<Body> {
  const f = await salesFixture(t);
  return order(f, [{ Material_ID: f.product, Qty: '3', Unit_Price: '10' }]);
}

/** A delivery the contract test can save: against an approved order line of its customer, from stock. */
export async function deliverySample(t: TestServer): Promise<Body> {
  const f = await salesFixture(t);
  const so = await approved(
    t,
    'SalesOrder',
    'Sales_Order_ID',
    order(f, [{ Material_ID: f.product, Qty: '5', Unit_Price: '10' }]),
  );
  return {
    Customer_ID: f.customer,
    Delivery_Date: '2026-11-03',
    Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '2' }],
  };
}

/** An invoice the contract test can save: against an approved delivery line of its customer. */
export async function invoiceSample(t: TestServer): Promise<Body> {
  const d = await deliverySample(t);
  const dn = await approved(t, 'SalesDelivery', 'Delivery_ID', d);
  return {
    Customer_ID: d.Customer_ID,
    Invoice_Date: '2026-11-04',
    Lines: [{ Delivery_ID: dn.Delivery_ID, Delivery_Line_NO: 1, Qty: '2' }],
  };
}
