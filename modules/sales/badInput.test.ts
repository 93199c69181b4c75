import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { approved, type Doc, must, order, type SalesFixture, salesFixture } from './testkit.server';

let t: TestServer;
let f: SalesFixture;
let so: Doc;
let dn: Doc;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
  f = await salesFixture(t, '10000');
  so = await approved(
    t,
    'SalesOrder',
    'Sales_Order_ID',
    order(f, [{ Material_ID: f.product, Qty: '10', Unit_Price: '100' }]),
  );
  dn = await approved(t, 'SalesDelivery', 'Delivery_ID', {
    Customer_ID: f.customer,
    Delivery_Date: '2026-11-03',
    Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '5' }],
  });
});
afterAll(async () => t?.close());

const count = async (entity: string) => (await t.call('GET', `/${entity}`)).body.Paging?.TotalCount;

it('refuses another customer’s order line on a delivery, and saves nothing', async () => {
  const before = await count('SalesDelivery');
  const r = await t.call('POST', '/SalesDelivery', {
    Customer_ID: f.rival,
    Delivery_Date: '2026-11-03',
    Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '1' }],
  });
  expect(r.status).toBe(400);
  expect(r.body.Message).toBe(`第 1 行：订单 ${so.Order_NO} 属于其他客户`);
  const en = await t.call(
    'POST',
    '/SalesDelivery',
    {
      Customer_ID: f.rival,
      Delivery_Date: '2026-11-03',
      Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 9, Location_ID: f.loc, Qty: '1' }],
    },
    { 'accept-language': 'en' },
  );
  expect(en.body.Message).toBe(`Line 1: order ${so.Order_NO} has no line 9`);
  expect(await count('SalesDelivery')).toBe(before);
});

it('refuses a negative price and a negative quantity with a 400 in the user’s language', async () => {
  const neg = await t.call(
    'POST',
    '/SalesOrder',
    order(f, [{ Material_ID: f.product, Qty: '1', Unit_Price: '-5' }]),
  );
  expect(neg.status).toBe(400);
  expect(neg.body.Code).toBe(1);
  expect(neg.body.Message).toMatch(/单价/);
  const zero = await t.call(
    'POST',
    '/SalesOrder',
    order(f, [{ Material_ID: f.other, Qty: '0', Unit_Price: '5' }]),
  );
  expect(zero.body.Message).toBe('第 1 行：数量必须大于 0');
  const noPrice = await t.call('POST', '/SalesOrder', order(f, [{ Material_ID: f.other, Qty: '1' }]), {
    'accept-language': 'en',
  });
  expect(noPrice.body.Message).toBe(
    'Line 1: enter a unit price (this customer has no earlier price for the material)',
  );
});

it('refuses an invoice above what was delivered, counting the other invoices', async () => {
  const line = { Delivery_ID: dn.Delivery_ID, Delivery_Line_NO: 1 };
  const above = await t.call('POST', '/SalesInvoice', {
    Customer_ID: f.customer,
    Invoice_Date: '2026-11-04',
    Lines: [{ ...line, Qty: '5.5' }],
  });
  expect(above.status).toBe(400);
  expect(above.body.Message).toBe('第 1 行：开票数量 5.5 超过未开票数量 5');
  // a draft invoice holds its quantity: the second may only take the rest
  await must(t, 'POST', '/SalesInvoice', {
    Customer_ID: f.customer,
    Invoice_Date: '2026-11-04',
    Lines: [{ ...line, Qty: '3' }],
  });
  const second = await t.call('POST', '/SalesInvoice', {
    Customer_ID: f.customer,
    Invoice_Date: '2026-11-04',
    Lines: [
      { ...line, Qty: '2' },
      { ...line, Qty: '1' },
    ],
  });
  expect(second.body.Message).toBe('第 2 行：开票数量 1 超过未开票数量 2');
  // a draft delivery cannot be invoiced
  const draft = await must<Doc>(t, 'POST', '/SalesDelivery', {
    Customer_ID: f.customer,
    Delivery_Date: '2026-11-04',
    Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '1' }],
  });
  const fromDraft = await t.call('POST', '/SalesInvoice', {
    Customer_ID: f.customer,
    Invoice_Date: '2026-11-04',
    Lines: [{ Delivery_ID: draft.Delivery_ID, Delivery_Line_NO: 1, Qty: '1' }],
  });
  expect(fromDraft.body.Message).toBe(`第 1 行：发货单 ${draft.Delivery_NO} 未审核或不是发货，不能开票`);
});

it('refuses an edit based on a stale version', async () => {
  const d = await must<Doc>(t, 'POST', '/SalesOrder', order(f, [{ Material_ID: f.product, Qty: '1' }]));
  await must(t, 'PUT', '/SalesOrder', {
    Sales_Order_ID: d.Sales_Order_ID,
    Version: d.Version,
    Remark: 'first',
  });
  const stale = await t.call('PUT', '/SalesOrder', {
    Sales_Order_ID: d.Sales_Order_ID,
    Version: d.Version,
    Remark: 'second',
  });
  expect(stale.status).toBe(409);
  expect((await must<Doc>(t, 'GET', `/SalesOrder/${d.Sales_Order_ID}`)).Remark).toBe('first');
});

it('refuses to unapprove an invoiced delivery, and stock stays issued', async () => {
  const r = await t.call('POST', '/SalesDelivery/UnApprove', { Delivery_ID: dn.Delivery_ID });
  expect(r.status).toBe(409);
  expect(r.body.Message).toMatch(/^发货单已开票（SI\d+），不能反审核$/);
  expect((await must<Doc>(t, 'GET', `/SalesDelivery/${dn.Delivery_ID}`)).State).toBe(3);
});

it('refuses an order over the credit limit, naming the amount over', async () => {
  // in use: the open orders (1130 approved, 113 draft) — the limit is 10,000
  const big = await t.call(
    'POST',
    '/SalesOrder',
    order(f, [{ Material_ID: f.product, Qty: '80', Unit_Price: '100' }]),
  );
  expect(big.status).toBe(400);
  expect(big.body.Message).toBe('超出客户信用额度 283（信用额度 10000.00，已占用 1243，本单 9040）');
  const within = await t.call(
    'POST',
    '/SalesOrder',
    order(f, [{ Material_ID: f.product, Qty: '77', Unit_Price: '100' }]),
  );
  expect(within.body.Code).toBe(0);
  // another customer without a limit is not checked
  const rival = await t.call('POST', '/SalesOrder', {
    ...order(f, [{ Material_ID: f.product, Qty: '80', Unit_Price: '100' }]),
    Customer_ID: f.rival,
  });
  expect(rival.body.Code).toBe(0);
});

it('makes a draft order from an opportunity’s deal, once', async () => {
  const opp = await must<Doc>(t, 'POST', '/SalesOpportunity', {
    Opp_Name: '年度框架订单',
    Customer_ID: f.rival,
    Expected_Amount: '5000',
    Expected_Date: '2026-12-31',
    Material_ID: f.other,
    Qty: '50',
  });
  expect(opp.Opp_NO).toMatch(/^OP/);
  const direct = await t.call('PUT', '/SalesOpportunity', {
    Opp_ID: opp.Opp_ID,
    Version: opp.Version,
    Opp_Status: 4,
  });
  expect(direct.body.Message).toBe('商机状态“已成交”只能通过“成交”生成销售订单');
  const made = await must<Doc>(t, 'POST', '/SalesOpportunity/Deal', { Opp_ID: opp.Opp_ID });
  expect(made.State).toBe(1);
  expect(made.Customer_ID).toBe(f.rival);
  expect(Number((made.Lines as Doc[])[0].Unit_Price)).toBe(100);
  const after = await must<Doc>(t, 'GET', `/SalesOpportunity/${opp.Opp_ID}`);
  expect([after.Opp_Status, after.Sales_Order_ID]).toEqual([4, made.Sales_Order_ID]);
  const again = await t.call('POST', '/SalesOpportunity/Deal', { Opp_ID: opp.Opp_ID });
  expect(again.status).toBe(409);
  expect(again.body.Message).toBe('商机已放弃或已成交，不能再成交');
});
