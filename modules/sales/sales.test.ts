import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { SYSTEM_CONTEXT, withTx } from '@mes/engine-server';
import { ENTRY_TYPE, FIN_DOC, SIDE } from '@mes/finance';
import { postPartnerEntries } from '@mes/finance/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approved, type Doc, must, order, type SalesFixture, salesFixture } from './testkit.server';

let t: TestServer;
let f: SalesFixture;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
  f = await salesFixture(t);
});
afterAll(async () => t?.close());

const onHand = async (material: number) => {
  const rows = await must<{ Qty: string }[]>(t, 'GET', `/StockBalance?Material_ID=${material}`);
  return rows.reduce((s, r) => s + Number(r.Qty), 0);
};

describe('order to invoice', () => {
  it('an order is priced with tax, partly delivered from stock, invoiced and listed as an invoice', async () => {
    const so = await approved(
      t,
      'SalesOrder',
      'Sales_Order_ID',
      order(f, [{ Material_ID: f.product, Qty: '10', Unit_Price: '120', Delivery_Date: '2026-11-20' }]),
    );
    expect(so.Order_NO).toMatch(/^SO/);
    expect(Number(so.Total_Amount)).toBe(1200);
    expect(Number(so.Total_Tax)).toBe(156);
    expect(Number(so.Total_With_Tax)).toBe(1356);
    expect(Number((so.Lines as Doc[])[0].Tax_Rate)).toBe(13);

    // the next order of this customer takes the last price when none is given
    const next = await must<Doc>(t, 'POST', '/SalesOrder', order(f, [{ Material_ID: f.product, Qty: '1' }]));
    expect(Number((next.Lines as Doc[])[0].Unit_Price)).toBe(120);

    // fill proposes the open order line; a partial delivery issues 4 from stock
    const open = await must<Doc[]>(t, 'GET', `/SalesDelivery/OpenLines?Customer_ID=${f.customer}`);
    const line = open.find((l) => l.Sales_Order_ID === so.Sales_Order_ID);
    expect(Number(line?.Qty)).toBe(10);
    const dn = await approved(t, 'SalesDelivery', 'Delivery_ID', {
      Customer_ID: f.customer,
      Delivery_Date: '2026-11-03',
      Warehouse_ID: f.warehouse,
      Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '4' }],
    });
    expect(dn.State).toBe(3);
    expect(await onHand(f.product)).toBe(96);
    const ledger = await must<Doc[]>(t, 'GET', `/StockLedger?Doc_Type=41&Doc_ID=${dn.Delivery_ID}`);
    expect(ledger.map((r) => Number(r.Qty))).toEqual([-4]);

    // more than the 6 left on the order is refused
    const over = await t.call('POST', '/SalesDelivery', {
      Customer_ID: f.customer,
      Delivery_Date: '2026-11-03',
      Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '6.5' }],
    });
    expect(over.status).toBe(400);
    expect(over.body.Message).toBe('第 1 行：发货数量 6.5 超过订单未发数量 6');

    // the order cannot be unapproved under its delivery
    const un = await t.call('POST', '/SalesOrder/UnApprove', { Sales_Order_ID: so.Sales_Order_ID });
    expect(un.status).toBe(409);
    expect(un.body.Message).toContain(String(dn.Delivery_NO));

    // invoice 3 of the 4 delivered
    const inv = await approved(t, 'SalesInvoice', 'Invoice_ID', {
      Customer_ID: f.customer,
      Invoice_Date: '2026-11-04',
      Fapiao_NO: '04400123',
      Lines: [{ Delivery_ID: dn.Delivery_ID, Delivery_Line_NO: 1, Qty: '3' }],
    });
    expect(Number(inv.Total_With_Tax)).toBe(406.8);
    // a receivable of the amount with tax in the finance ledger
    const ar = await must<Doc[]>(t, 'GET', `/PartnerLedger?Doc_Type=2&Doc_ID=${inv.Invoice_ID}`);
    expect(ar.map((r) => [r.Side, r.Customer_ID, Number(r.Amount)])).toEqual([[1, f.customer, 406.8]]);
    // unapproved, the receivable is reversed; approved again, posted again
    await must(t, 'POST', '/SalesInvoice/UnApprove', { Invoice_ID: inv.Invoice_ID });
    const back = await must<Doc[]>(t, 'GET', `/PartnerLedger?Doc_Type=2&Doc_ID=${inv.Invoice_ID}`);
    expect(back.map((r) => Number(r.Amount)).sort()).toEqual([-406.8, 406.8]);
    await must(t, 'POST', '/SalesInvoice/Approve', { Invoice_ID: inv.Invoice_ID });
    const listed = await must<Doc[]>(t, 'GET', `/SalesInvoice?State=3&Customer_ID=${f.customer}`);
    expect(listed.map((r) => r.Invoice_NO)).toContain(inv.Invoice_NO);
    const left = await must<Doc[]>(t, 'GET', `/SalesInvoice/OpenLines?Customer_ID=${f.customer}`);
    expect(left.map((l) => [l.Delivery_NO, Number(l.Qty)])).toEqual([[dn.Delivery_NO, 1]]);
  });

  it('a return brings stock back, never more than was delivered', async () => {
    const so = await approved(
      t,
      'SalesOrder',
      'Sales_Order_ID',
      order(f, [{ Material_ID: f.product, Qty: '5', Unit_Price: '100' }]),
    );
    const line = { Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc };
    const before = await onHand(f.product);
    await approved(t, 'SalesDelivery', 'Delivery_ID', {
      Customer_ID: f.customer,
      Delivery_Date: '2026-11-05',
      Lines: [{ ...line, Qty: '5' }],
    });
    const tooMuch = await t.call('POST', '/SalesDelivery', {
      Customer_ID: f.customer,
      Delivery_Type: 2,
      Delivery_Date: '2026-11-06',
      Lines: [{ ...line, Qty: '6' }],
    });
    expect(tooMuch.body.Message).toBe('第 1 行：退货数量 6 超过已发货数量 5');
    const ret = await approved(t, 'SalesDelivery', 'Delivery_ID', {
      Customer_ID: f.customer,
      Delivery_Type: 2,
      Delivery_Date: '2026-11-06',
      Lines: [{ ...line, Qty: '2' }],
    });
    expect(await onHand(f.product)).toBe(before - 3);
    // the return gave 2 back to the order: 2 can be delivered again
    const open = await must<Doc[]>(t, 'GET', `/SalesDelivery/OpenLines?Customer_ID=${f.customer}`);
    expect(Number(open.find((l) => l.Sales_Order_ID === so.Sales_Order_ID)?.Qty)).toBe(2);
    await must(t, 'POST', '/SalesDelivery/UnApprove', { Delivery_ID: ret.Delivery_ID });
    expect(await onHand(f.product)).toBe(before - 5);
  });
});

describe('the receivable', () => {
  it('an invoice with a receipt against it cannot be unapproved', async () => {
    const so = await approved(
      t,
      'SalesOrder',
      'Sales_Order_ID',
      order(f, [{ Material_ID: f.product, Qty: '2', Unit_Price: '100' }]),
    );
    const dn = await approved(t, 'SalesDelivery', 'Delivery_ID', {
      Customer_ID: f.customer,
      Delivery_Date: '2026-11-07',
      Lines: [{ Sales_Order_ID: so.Sales_Order_ID, Order_Line_NO: 1, Location_ID: f.loc, Qty: '2' }],
    });
    const inv = await approved(t, 'SalesInvoice', 'Invoice_ID', {
      Customer_ID: f.customer,
      Invoice_Date: '2026-11-08',
      Lines: [{ Delivery_ID: dn.Delivery_ID, Delivery_Line_NO: 1, Qty: '2' }],
    });
    // a receipt of 100 against it, posted as finance's receipt document does
    await withTx(t.engine.db, (tx) =>
      postPartnerEntries({ ...SYSTEM_CONTEXT, tx, registry: t.engine.registry }, [
        {
          Side: SIDE.RECEIVABLE,
          Partner_ID: f.customer,
          Posting_Date: '2026-11-09',
          Entry_Type: ENTRY_TYPE.PAYMENT,
          Doc_Type: FIN_DOC.RECEIPT,
          Doc_ID: 1,
          Doc_NO: 'RC-TEST',
          Currency_ID: Number(inv.Currency_ID),
          Exchange_Rate: '1',
          Amount: '-100',
          Against: { Doc_Type: FIN_DOC.SALES_INVOICE, Doc_ID: Number(inv.Invoice_ID) },
        },
      ]),
    );
    const un = await t.call('POST', '/SalesInvoice/UnApprove', { Invoice_ID: inv.Invoice_ID });
    expect(un.status).toBe(409);
    expect(un.body.Message).toBe('发票已收款，不能反审核');
    expect((await must<Doc>(t, 'GET', `/SalesInvoice/${inv.Invoice_ID}`)).State).toBe(3);
  });
});
