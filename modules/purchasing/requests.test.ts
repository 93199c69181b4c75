import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  approved,
  call,
  create,
  fixture,
  invoice,
  order,
  type PurchasingFixture,
  receipt,
} from './testkit.server';

let t: TestServer;
let f: PurchasingFixture;
beforeAll(async () => {
  t = await startTestServer();
  f = await fixture(t);
});
afterAll(async () => t?.close());

type Req = {
  Request_ID: number;
  Source: number;
  Plan_ID: number | null;
  Items: { Material_ID: number; Qty: string }[];
};

describe('requests made for the buyer', () => {
  it('selected rows of the below-safety-stock list become one request for their shortfall', async () => {
    await call(t, 'PUT', '/Material', { Material_ID: f.mat, Safety_Stock: '40', Version: 1 });
    await approved(
      t,
      'PurchaseOrder',
      'Order_ID',
      order(f, [{ Material_ID: f.mat, Qty: '15', Unit_Price: '1' }]),
    ).then((o) =>
      approved(
        t,
        'PurchaseReceipt',
        'Receipt_ID',
        receipt(f, Number(o.Order_ID), [{ Order_Line_NO: 1, Qty: '15' }]),
      ),
    );
    const r = await call<Req>(t, 'POST', '/PurchaseRequest/FromBelowSafety', {
      Material_IDs: [f.mat, f.mat2],
    });
    expect(r.body.Code).toBe(0);
    // mat2 has no safety stock: it is not short, and is left out
    expect(r.body.Data.Source).toBe(2);
    expect(r.body.Data.Items.map((l) => [l.Material_ID, l.Qty])).toEqual([[f.mat, '25']]);
    const none = await call(t, 'POST', '/PurchaseRequest/FromBelowSafety', { Material_IDs: [f.mat2] });
    expect(none.status).toBe(409);
    expect((await call(t, 'POST', '/PurchaseRequest/FromBelowSafety', { Material_IDs: [] })).status).toBe(
      400,
    );
  });

  it("a production plan's bought shortages become one request, made once", async () => {
    const plan = await create(t, 'ProducePlan', {
      Plan_Date: '2026-11-10',
      Items: [{ Material_ID: f.mat2, Qty: '30', Due_Date: '2026-11-30' }],
    });
    const r = await call<Req>(t, 'POST', '/PurchaseRequest/FromPlan', { Plan_ID: plan });
    expect(r.body.Code).toBe(0);
    expect(r.body.Data).toMatchObject({ Source: 3, Plan_ID: plan });
    expect(r.body.Data.Items.map((l) => [l.Material_ID, l.Qty])).toEqual([[f.mat2, '30']]);
    const again = await call<Req>(t, 'POST', '/PurchaseRequest/FromPlan', { Plan_ID: plan });
    expect(again.body.Data.Request_ID).toBe(r.body.Data.Request_ID);
    expect((await call(t, 'POST', '/PurchaseRequest/FromPlan', { Plan_ID: 99999 })).status).toBe(404);
  });
});

describe('two invoices racing for the last uninvoiced quantity', () => {
  // on PostgreSQL (DATABASE_URL) the two approvals run at once on two connections; on PGlite they
  // queue on its one connection, and the rule still holds
  it('exactly one wins', async () => {
    const o = await approved(
      t,
      'PurchaseOrder',
      'Order_ID',
      order(f, [{ Material_ID: f.mat, Qty: '10', Unit_Price: '2' }]),
    );
    const rc = await approved(
      t,
      'PurchaseReceipt',
      'Receipt_ID',
      receipt(f, Number(o.Order_ID), [{ Order_Line_NO: 1, Qty: '10' }]),
    );
    const id = Number(rc.Receipt_ID);
    await approved(
      t,
      'PurchaseInvoice',
      'Invoice_ID',
      invoice(f, id, [{ Receipt_Line_NO: 1, Qty: '6', Unit_Price: '2' }]),
    );
    // two drafts, each for the last 4: both are possible on their own
    const drafts = await Promise.all(
      [1, 2].map((i) =>
        call<{ Invoice_ID: number }>(
          t,
          'POST',
          '/PurchaseInvoice',
          invoice(f, id, [{ Receipt_Line_NO: 1, Qty: '4', Unit_Price: '2' }], { Fapiao_NO: `RACE${i}` }),
        ),
      ),
    );
    expect(drafts.map((d) => d.body.Code)).toEqual([0, 0]);
    const results = await Promise.all(
      drafts.map((d) => approve(t, 'PurchaseInvoice', 'Invoice_ID', d.body.Data.Invoice_ID)),
    );
    expect(results.map((r) => r.body.Code).sort()).toEqual([0, 1]);
    const lost = results.find((r) => r.body.Code !== 0)!;
    expect(lost.status).toBe(409);
    expect(lost.body.Message).toContain('开票数量超过收货数量');
    const line = (await call<{ Items: { Invoiced_Qty: string }[] }>(t, 'GET', `/PurchaseReceipt/${id}`)).body
      .Data;
    expect(line.Items[0].Invoiced_Qty).toBe('10');
  });
});
