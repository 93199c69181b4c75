import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  approved,
  call,
  fixture,
  invoice,
  onHand,
  order,
  type PurchasingFixture,
  receipt,
  unapprove,
} from './testkit.server';

let t: TestServer;
let f: PurchasingFixture;
beforeAll(async () => {
  t = await startTestServer();
  f = await fixture(t);
});
afterAll(async () => t?.close());

type Row = Record<string, unknown> & { Items: Record<string, unknown>[] };

describe('request → order → receipt → invoice', () => {
  let requestId: number;
  let orderId: number;
  let receiptId: number;

  it('an approved request becomes order lines that keep their source', async () => {
    const req = await approved(t, 'PurchaseRequest', 'Request_ID', {
      Doc_Date: '2026-11-01',
      Items: [
        { Material_ID: f.mat, Qty: '100', Need_Date: '2026-11-20', Reason: '补库' },
        { Material_ID: f.mat2, Qty: '50', Need_Date: '2026-11-20' },
      ],
    });
    requestId = Number(req.Request_ID);
    expect(String(req.Doc_NO)).toMatch(/^PR/);
    const o = (await approved(
      t,
      'PurchaseOrder',
      'Order_ID',
      order(f, [
        { Material_ID: f.mat, Qty: '100', Unit_Price: '2.5', Request_ID: requestId, Request_Line_NO: 1 },
        { Material_ID: f.mat2, Qty: '50', Price_With_Tax: '1.13', Request_ID: requestId, Request_Line_NO: 2 },
      ]),
    )) as Row;
    orderId = Number(o.Order_ID);
    // 13 % by default; the price without tax derived from the one with it
    expect(o.Items[0]).toMatchObject({
      Tax_Rate: '13',
      Price_With_Tax: '2.825',
      Amount: '250',
      Amount_With_Tax: '282.5',
    });
    expect(o.Items[1]).toMatchObject({ Unit_Price: '1', Amount: '50', Amount_With_Tax: '56.5' });
    expect(o).toMatchObject({
      Total_Amount: '300',
      Total_Amount_With_Tax: '339',
      Currency_ID: f.currency,
      Exchange_Rate: '1',
    });
    const r = (await call<Row>(t, 'GET', `/PurchaseRequest/${requestId}`)).body.Data;
    expect(r.Items.map((l) => l.Ordered_Qty)).toEqual(['100', '50']);
    // the request is used: it cannot be unapproved, nor ordered twice
    const un = await unapprove(t, 'PurchaseRequest', 'Request_ID', requestId);
    expect(un.status).toBe(409);
    expect(un.body.Message).toContain(String(o.Doc_NO));
    const twice = await call(
      t,
      'POST',
      '/PurchaseOrder',
      order(f, [
        { Material_ID: f.mat, Qty: '1', Unit_Price: '2', Request_ID: requestId, Request_Line_NO: 1 },
      ]),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.Message).toContain('还可下单 0');
  });

  it('a partial receipt posts stock at the order price; over-receipt is refused', async () => {
    const before = await onHand(t, f.mat);
    const rc = (await approved(
      t,
      'PurchaseReceipt',
      'Receipt_ID',
      receipt(f, orderId, [
        { Order_Line_NO: 1, Qty: '60' },
        { Order_Line_NO: 2, Qty: '50' },
      ]),
    )) as Row;
    receiptId = Number(rc.Receipt_ID);
    expect(rc.Items[0]).toMatchObject({ Material_ID: f.mat, Unit_Price: '2.5', Amount: '150' });
    expect(rc.Warehouse_ID).toBe(f.warehouse);
    expect(Number(await onHand(t, f.mat)) - Number(before)).toBe(60);
    const ledger = await call<{ Doc_Type: number; Unit_Cost?: string; Amount?: string }[]>(
      t,
      'GET',
      `/StockLedger?Material_ID=${f.mat}`,
    );
    expect(ledger.body.Data.some((l) => l.Doc_Type === 31)).toBe(true);
    const o = (await call<Row>(t, 'GET', `/PurchaseOrder/${orderId}`)).body.Data;
    expect(o.Items.map((l) => l.Received_Qty)).toEqual(['60', '50']);
    const over = await call(
      t,
      'POST',
      '/PurchaseReceipt',
      receipt(f, orderId, [{ Order_Line_NO: 1, Qty: '40.5' }]),
    );
    expect(over.status).toBe(409);
    expect(over.body.Message).toContain('超收');
    // the over-receipt tolerance (system parameter 41) lets 5 % more in
    expect(
      (await call(t, 'PUT', '/SystemParameter', { ID: 41, Parameter_Value: '5', Version: 1 })).body.Code,
    ).toBe(0);
    const within = await call(
      t,
      'POST',
      '/PurchaseReceipt',
      receipt(f, orderId, [{ Order_Line_NO: 1, Qty: '45' }]),
    );
    expect(within.body.Code).toBe(0);
    await call(t, 'DELETE', `/PurchaseReceipt/${(within.body.Data as Row).Receipt_ID}`);
  });

  it('a receipt line is invoiced at most what was received; a price difference needs a reason', async () => {
    const above = await call(
      t,
      'POST',
      '/PurchaseInvoice',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '61', Unit_Price: '2.5' }]),
    );
    expect(above.status).toBe(409);
    expect(above.body.Message).toContain('开票数量超过收货数量');
    const noReason = await call(
      t,
      'POST',
      '/PurchaseInvoice',
      invoice(f, receiptId, [{ Receipt_Line_NO: 1, Qty: '60', Unit_Price: '2.6' }]),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.Message).toContain('差异原因');
    const fill = await call<Row['Items']>(t, 'GET', `/PurchaseInvoice/FillLines?Receipt_ID=${receiptId}`);
    expect(fill.body.Data.map((l) => [l.Receipt_Line_NO, l.Qty, l.Unit_Price])).toEqual([
      [1, '60', '2.5'],
      [2, '50', '1'],
    ]);
    const inv = (await approved(
      t,
      'PurchaseInvoice',
      'Invoice_ID',
      invoice(f, receiptId, [
        { Receipt_Line_NO: 1, Qty: '60', Unit_Price: '2.6', Diff_Reason: '原材料涨价' },
        { Receipt_Line_NO: 2, Qty: '20', Unit_Price: '1' },
      ]),
    )) as Row;
    expect(inv).toMatchObject({
      State: 3,
      Has_Price_Diff: true,
      Total_Amount: '176',
      Total_Amount_With_Tax: '198.88',
    });
    expect(inv.Items[0]).toMatchObject({ Order_Price: '2.5', Price_Diff: '6', Price_With_Tax: '2.938' });
    const rc = (await call<Row>(t, 'GET', `/PurchaseReceipt/${receiptId}`)).body.Data;
    expect(rc.Items.map((l) => l.Invoiced_Qty)).toEqual(['60', '20']);
    // listed under 采购发票 (the approved slice)
    const listed = await call<Row[]>(t, 'GET', '/PurchaseInvoice?State=3');
    expect(listed.body.Data.map((r) => r.Invoice_ID)).toContain(inv.Invoice_ID);
    // the receipt is invoiced: it cannot be unapproved, and its stock stays
    const un = await unapprove(t, 'PurchaseReceipt', 'Receipt_ID', receiptId);
    expect(un.status).toBe(409);
    expect(un.body.Message).toContain(String(inv.Doc_NO));
    // a payable in the finance ledger, the amount with tax in the order's currency
    const ap = async () =>
      (
        await call<{ Amount: string; Doc_Type: number; Doc_NO: string }[]>(
          t,
          'GET',
          `/PartnerLedger?Supplier_ID=${f.supplier}&PageSize=100`,
        )
      ).body.Data.filter((r) => r.Doc_NO === inv.Doc_NO);
    expect((await ap()).map((r) => [r.Doc_Type, r.Amount])).toEqual([[1, '198.88']]);
    // the invoice unapproved gives the quantity back and reverses the payable
    expect((await unapprove(t, 'PurchaseInvoice', 'Invoice_ID', Number(inv.Invoice_ID))).body.Code).toBe(0);
    expect((await ap()).map((r) => r.Amount).sort()).toEqual(['-198.88', '198.88']);
    const back = (await call<Row>(t, 'GET', `/PurchaseReceipt/${receiptId}`)).body.Data;
    expect(back.Items.map((l) => l.Invoiced_Qty)).toEqual(['0', '0']);
  });

  it('a return posts the stock back out and lowers what the order has received', async () => {
    const before = await onHand(t, f.mat);
    const ret = await approved(
      t,
      'PurchaseReceipt',
      'Receipt_ID',
      receipt(f, orderId, [{ Order_Line_NO: 1, Qty: '10' }], { Receipt_Type: 2 }),
    );
    expect(Number(before) - Number(await onHand(t, f.mat))).toBe(10);
    const o = (await call<Row>(t, 'GET', `/PurchaseOrder/${orderId}`)).body.Data;
    expect(o.Items[0].Received_Qty).toBe('50');
    const tooMuch = await call(
      t,
      'POST',
      '/PurchaseReceipt',
      receipt(f, orderId, [{ Order_Line_NO: 2, Qty: '51' }], { Receipt_Type: 2 }),
    );
    expect(tooMuch.status).toBe(409);
    expect((await unapprove(t, 'PurchaseReceipt', 'Receipt_ID', Number(ret.Receipt_ID))).body.Code).toBe(0);
    expect(await onHand(t, f.mat)).toBe(before);
  });

  it('an order with receipts cannot be unapproved', async () => {
    const un = await unapprove(t, 'PurchaseOrder', 'Order_ID', orderId);
    expect(un.status).toBe(409);
    expect(un.body.Message).toContain('收货单');
    expect((await approve(t, 'PurchaseOrder', 'Order_ID', orderId)).status).toBeGreaterThanOrEqual(400);
  });
});
