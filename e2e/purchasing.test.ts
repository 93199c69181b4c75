import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { eventually, tid } from './helpers/shell';
import { signInContext } from './session';

type Row = Record<string, unknown> & { Items: Record<string, unknown>[] };
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The buyer's procure-to-stock path (issue 26): a request from the below-safety-stock list, the
 * order made from it approved in the browser, a partial receipt approved (stock moves), the invoice
 * registered against it approved, and then listed under 采购发票 with its payable.
 */
describe.skipIf(!hasBrowser)('purchasing in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let supplier: number;

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    supplier = (await t.call<{ Supplier_ID: number }[]>('GET', '/Supplier?PageSize=1')).body.Data[0]
      .Supplier_ID;
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInContext(context, t.url, 'admin', 'admin123');
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const get = async (path: string) => (await t.call<Row>('GET', path)).body.Data;
  /** Opens a document of the list at `path` and approves it through the approval dialog. */
  const approveInUi = async (path: string, entity: string, id: number) => {
    await page.goto(`${t.url}${path}`);
    await page.click(tid(`entity-edit-${id}`));
    await page.waitForSelector(tid(`entity-form-${entity}`));
    await page.click(tid('approval-open'));
    await page.click(tid('approval-submit'));
  };

  let requestId = 0;
  let orderId = 0;
  let receiptId = 0;

  it('makes a request from the below-safety-stock list', async () => {
    await page.goto(`${t.url}/stock/page/purchaseRequest`);
    await page.click(tid('request-from-safety'));
    const first = page.locator(`${tid('safety-rows')} tbody tr.ant-table-row`).first();
    await first.waitFor();
    await first.locator('input[type="checkbox"]').check();
    await shot(page, 'purchasing-from-safety-zh');
    await page.click(tid('make-from-safety'));
    await eventually(async () => {
      const r = await t.call<Row[]>('GET', '/PurchaseRequest?Source=2&PageSize=1&Sort=-Request_ID');
      return r.body.Data.length;
    }).toBe(1);
    const r = (await t.call<Row[]>('GET', '/PurchaseRequest?Source=2&PageSize=1&Sort=-Request_ID')).body
      .Data[0];
    requestId = Number(r.Request_ID);
    await approveInUi('/stock/page/purchaseRequest', 'PurchaseRequest', requestId);
    await eventually(async () => (await get(`/PurchaseRequest/${requestId}`)).State).toBe(3);
  });

  it('orders the request and approves the order in the browser', async () => {
    const req = await get(`/PurchaseRequest/${requestId}`);
    const line = req.Items[0];
    const o = await t.call<Row>('POST', '/PurchaseOrder', {
      Supplier_ID: supplier,
      Doc_Date: today(),
      Items: [
        {
          Material_ID: line.Material_ID,
          Qty: line.Qty,
          Unit_Price: '8.5',
          Delivery_Date: line.Need_Date,
          Request_ID: requestId,
          Request_Line_NO: 1,
        },
      ],
    });
    expect(o.body.Code, o.body.Message).toBe(0);
    orderId = Number(o.body.Data.Order_ID);
    await approveInUi('/stock/page/purchaseOrder', 'PurchaseOrder', orderId);
    await eventually(async () => (await get(`/PurchaseOrder/${orderId}`)).State).toBe(3);
    await shot(page, 'purchasing-order-zh');
  });

  it('receives part of it: approval posts the stock', async () => {
    const order = await get(`/PurchaseOrder/${orderId}`);
    const location = (await t.call<{ Location_ID: number }[]>('GET', '/Location?Location_Code=WH01-A-01'))
      .body.Data[0].Location_ID;
    const half = String(Math.max(1, Math.floor(Number(order.Items[0].Qty) / 2)));
    const r = await t.call<Row>('POST', '/PurchaseReceipt', {
      Supplier_ID: supplier,
      Doc_Date: today(),
      Items: [{ Order_ID: orderId, Order_Line_NO: 1, Location_ID: location, Qty: half }],
    });
    expect(r.body.Code, r.body.Message).toBe(0);
    receiptId = Number(r.body.Data.Receipt_ID);
    await approveInUi('/stock/page/purchaseReceipt', 'PurchaseReceipt', receiptId);
    await eventually(async () => (await get(`/PurchaseReceipt/${receiptId}`)).State).toBe(3);
    const receipt = await get(`/PurchaseReceipt/${receiptId}`);
    // asked by its number: the demo's own receipts now fill more than a page of 采购入库 lines
    const ledger = await t.call<{ Doc_NO: string; Qty: string }[]>(
      'GET',
      `/StockLedger?Doc_Type=31&Doc_NO=${encodeURIComponent(String(receipt.Doc_NO))}&PageSize=500`,
    );
    expect(ledger.body.Data.find((l) => l.Doc_NO === receipt.Doc_NO)?.Qty).toBe(half);
    expect((await get(`/PurchaseOrder/${orderId}`)).Items[0].Received_Qty).toBe(half);
  });

  it('registers the invoice under 采购开票; approved, it is listed under 采购发票 with its payable', async () => {
    const fill = (await t.call<Row[]>('GET', `/PurchaseInvoice/FillLines?Receipt_ID=${receiptId}`)).body.Data;
    const inv = await t.call<Row>('POST', '/PurchaseInvoice', {
      Supplier_ID: supplier,
      Doc_Date: today(),
      Fapiao_NO: '04400123',
      Receipt_ID: receiptId,
      Items: fill.map((l) => ({
        Receipt_ID: l.Receipt_ID,
        Receipt_Line_NO: l.Receipt_Line_NO,
        Qty: l.Qty,
        Unit_Price: l.Unit_Price,
      })),
    });
    expect(inv.body.Code, inv.body.Message).toBe(0);
    const id = Number(inv.body.Data.Invoice_ID);
    await approveInUi('/stock/page/purchaseMakeInvoice', 'PurchaseInvoice', id);
    await eventually(async () => (await get(`/PurchaseInvoice/${id}`)).State).toBe(3);
    await page.goto(`${t.url}/stock/page/purchaseInvoice`);
    await eventually(() => page.locator('.ant-table-tbody').first().innerText()).toContain('04400123');
    await shot(page, 'purchasing-invoices-zh');
    const ap = await t.call<{ Doc_NO: string; Amount: string }[]>(
      'GET',
      '/PartnerLedger?Doc_Type=1&PageSize=500',
    );
    const doc = await get(`/PurchaseInvoice/${id}`);
    expect(ap.body.Data.find((r) => r.Doc_NO === doc.Doc_NO)?.Amount).toBe(doc.Total_Amount_With_Tax);
  });
});
