import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  approved,
  call,
  fixture,
  invoice,
  order,
  type PurchasingFixture,
  receipt,
  unapprove,
} from './testkit.server';

let t: TestServer;
let f: PurchasingFixture;
let orderId: number;
let foreignOrderId: number;
let receiptId: number;
beforeAll(async () => {
  t = await startTestServer();
  f = await fixture(t);
  orderId = Number(
    (
      await approved(
        t,
        'PurchaseOrder',
        'Order_ID',
        order(f, [{ Material_ID: f.mat, Qty: '10', Unit_Price: '3' }]),
      )
    ).Order_ID,
  );
  foreignOrderId = Number(
    (
      await approved(
        t,
        'PurchaseOrder',
        'Order_ID',
        order(f, [{ Material_ID: f.mat, Qty: '10', Unit_Price: '3' }], { Supplier_ID: f.other }),
      )
    ).Order_ID,
  );
  receiptId = Number(
    (
      await approved(
        t,
        'PurchaseReceipt',
        'Receipt_ID',
        receipt(f, orderId, [{ Order_Line_NO: 1, Qty: '4' }]),
      )
    ).Receipt_ID,
  );
});
afterAll(async () => t?.close());

const count = async (entity: string) => (await call(t, 'GET', `/${entity}`)).body.Paging?.TotalCount;

describe('bad input changes nothing', () => {
  it("refuses another supplier's order line on a receipt, in either language", async () => {
    const before = await count('PurchaseReceipt');
    const r = await call(
      t,
      'POST',
      '/PurchaseReceipt',
      receipt(f, foreignOrderId, [{ Order_Line_NO: 1, Qty: '1' }]),
    );
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('不是本供应商的订单');
    const en = await call(
      t,
      'POST',
      '/PurchaseReceipt',
      receipt(f, foreignOrderId, [{ Order_Line_NO: 1, Qty: '1' }]),
      'en',
    );
    expect(en.body.Message).toContain("is not this supplier's");
    const noLine = await call(
      t,
      'POST',
      '/PurchaseReceipt',
      receipt(f, orderId, [{ Order_Line_NO: 9, Qty: '1' }]),
    );
    expect(noLine.body.Message).toContain('没有第 9 行');
    expect(await count('PurchaseReceipt')).toBe(before);
  });

  it('refuses negative prices and quantities, wrong types and unknown fields', async () => {
    const before = await count('PurchaseOrder');
    const neg = await call(
      t,
      'POST',
      '/PurchaseOrder',
      order(f, [{ Material_ID: f.mat, Qty: '1', Unit_Price: '-1' }]),
    );
    expect(neg.status).toBe(400);
    expect(neg.body.Message).toContain('不能小于 0');
    const negInvoice = await call(
      t,
      'POST',
      '/PurchaseInvoice',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '1', Unit_Price: '-3' }]),
    );
    expect(negInvoice.status).toBe(400);
    for (const bad of [
      order(f, [{ Material_ID: f.mat, Qty: '0', Unit_Price: '1' }]),
      order(f, [{ Material_ID: f.mat, Qty: 'abc', Unit_Price: '1' }]),
      order(f, [{ Material_ID: f.mat, Qty: '1', Unit_Price: '1', Received_Qty: '5' }]),
      order(f, []),
      { ...order(f, [{ Material_ID: f.mat, Qty: '1', Unit_Price: '1' }]), Supplier_ID: 'x' },
      { ...order(f, [{ Material_ID: f.mat, Qty: '1', Unit_Price: '1' }]), Remark: 'x'.repeat(5000) },
    ]) {
      const r = await call(t, 'POST', '/PurchaseOrder', bad);
      expect(r.status, JSON.stringify(bad).slice(0, 120)).toBe(400);
      expect(r.body.Code).toBe(1);
    }
    // no price and none to take (no award, never ordered from this supplier)
    const none = await call(
      t,
      'POST',
      '/PurchaseOrder',
      order(f, [{ Material_ID: f.mat2, Qty: '1' }], { Supplier_ID: f.other }),
    );
    expect(none.body.Message).toContain('没有单价');
    expect(await count('PurchaseOrder')).toBe(before);
  });

  it('takes the last purchase price when none is given', async () => {
    const made = await call<{ Order_ID: number; Items: { Unit_Price: string }[] }>(
      t,
      'POST',
      '/PurchaseOrder',
      order(f, [{ Material_ID: f.mat, Qty: '2' }]),
    );
    expect(made.body.Data.Items[0].Unit_Price).toBe('3');
    await call(t, 'DELETE', `/PurchaseOrder/${made.body.Data.Order_ID}`);
  });

  it('refuses an invoice above received and an edit on a stale version', async () => {
    const above = await call(
      t,
      'POST',
      '/PurchaseInvoice',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '4.0001', Unit_Price: '3' }]),
    );
    expect(above.status).toBe(409);
    expect(above.body.Message).toContain('开票数量超过收货数量');
    const draft = await call<{ Invoice_ID: number; Version: number }>(
      t,
      'POST',
      '/PurchaseInvoice',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '1', Unit_Price: '3' }]),
    );
    const { Invoice_ID, Version } = draft.body.Data;
    expect(
      (await call(t, 'PUT', '/PurchaseInvoice', { Invoice_ID, Version, Remark: '第一次' })).body.Code,
    ).toBe(0);
    const stale = await call(t, 'PUT', '/PurchaseInvoice', { Invoice_ID, Version, Remark: '过期的版本' });
    expect(stale.status).toBe(409);
    const read = await call<{ Remark: string }>(t, 'GET', `/PurchaseInvoice/${Invoice_ID}`);
    expect(read.body.Data.Remark).toBe('第一次');
    await call(t, 'DELETE', `/PurchaseInvoice/${Invoice_ID}`);
  });

  it('refuses to unapprove an invoiced receipt, and an order that has receipts', async () => {
    const inv = await approved(
      t,
      'PurchaseInvoice',
      'Invoice_ID',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '4', Unit_Price: '3' }]),
    );
    const r = await unapprove(t, 'PurchaseReceipt', 'Receipt_ID', receiptId);
    expect(r.status).toBe(409);
    expect(r.body.Message).toContain('已开票');
    const o = await unapprove(t, 'PurchaseOrder', 'Order_ID', orderId);
    expect(o.status).toBe(409);
    // everything invoiced: one more invoice for the same line is refused at approval too
    const again = await call<{ Invoice_ID: number }>(
      t,
      'POST',
      '/PurchaseInvoice',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '1', Unit_Price: '3' }]),
    );
    expect(again.status).toBe(409);
    expect(inv.State).toBe(3);
    expect((await approve(t, 'PurchaseReceipt', 'Receipt_ID', receiptId)).status).toBeGreaterThanOrEqual(400);
  });

  it('a supplier portal account sees its own approved orders only', async () => {
    const portal = await call<{ User_ID: number }>(t, 'POST', '/Supplier/CreatePortalAccount', {
      Supplier_ID: f.supplier,
      User_Account: 'purportal1',
      Pass_Word: 'portal-pass-1',
    });
    expect(portal.body.Code).toBe(0);
    const token = await t.login('purportal1', 'portal-pass-1');
    const as = { authorization: `Bearer ${token}` };
    const draft = await call<{ Order_ID: number }>(
      t,
      'POST',
      '/PurchaseOrder',
      order(f, [{ Material_ID: f.mat, Qty: '1', Unit_Price: '1' }]),
    );
    const list = await t.call<{ Order_ID: number }[]>('GET', '/stock/Portal/Orders', undefined, as);
    expect(list.body.Data.map((o) => o.Order_ID)).toEqual([orderId]);
    const mine = await t.call<{ Items: unknown[] }>('GET', `/stock/Portal/Orders/${orderId}`, undefined, as);
    expect(mine.body.Data.Items).toHaveLength(1);
    for (const id of [foreignOrderId, draft.body.Data.Order_ID])
      expect((await t.call('GET', `/stock/Portal/Orders/${id}`, undefined, as)).status).toBe(404);
    // the internal routes stay closed to a portal account
    expect((await t.call('GET', `/PurchaseOrder/${orderId}`, undefined, as)).status).toBe(403);
    expect((await t.call('GET', '/PurchaseOrder', undefined, as)).status).toBe(403);
  });
});
