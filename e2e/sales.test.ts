import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { choose } from './helpers/select';
import { eventually, tid } from './helpers/shell';
import { signInContext } from './session';

type Row = Record<string, unknown>;

/**
 * Order to cash (issue 26), in zh: an opportunity is won as an order, the order approved, 6 of its 10
 * delivered from stock and approved, the delivery invoiced and approved: it shows under 销售发票 and
 * as a receivable in the finance ledger.
 */
describe.skipIf(!hasBrowser)('sales in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customer: { Customer_ID: number; Short_Name: string };
  let material: { Material_ID: number; Material_Name: string };
  let location: { Location_ID: number; Location_Code: string; Location_Name: string };
  let batch = '';

  const data = async <T = Row>(method: string, path: string, body?: unknown) => {
    const r = await t.call<T>(method, path, body);
    expect(r.body.Code, r.body.Message).toBe(0);
    return r.body.Data;
  };

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    customer = await data('POST', '/Customer', {
      Customer_Code: 'E2E-C1',
      Full_Name: '测试汽车部件有限公司',
      Short_Name: '测试汽配',
    });
    material = await data('POST', '/Material', {
      Material_Number: 'E2E-FG-01',
      Material_Name: '测试成品支架',
      Material_Type: 3,
    });
    location = (await data<(typeof location)[]>('GET', '/Location?Location_Code=WH03-A-01'))[0];
    const receipt = await data<{ Doc_ID: number }>('POST', '/StockDoc', {
      Doc_Type: 1,
      Doc_Date: new Date().toISOString().slice(0, 10),
      Lines: [
        { Material_ID: material.Material_ID, Location_ID: location.Location_ID, Qty: '20', Unit_Price: '80' },
      ],
    });
    await data('POST', '/StockDoc/Approve', { Doc_ID: receipt.Doc_ID });
    // the demo keeps batches (parameter 26): the receipt got one, and the delivery names it
    batch = String(
      (await data<Row[]>('GET', `/StockBalance?Material_ID=${material.Material_ID}`))[0].Batch_NO ?? '',
    );
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInContext(context, t.url, 'admin', 'admin123');
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const toast = () => page.locator('.ant-message').innerText();
  const field = (name: string) => tid(`field-${name}`);
  const approveOpenDoc = async () => {
    await page.click(tid('approval-open'));
    await page.click(tid('approval-submit'));
  };
  const latest = async (entity: string, key: string) =>
    (await data<Row[]>('GET', `/${entity}?Customer_ID=${customer.Customer_ID}&Sort=-${key}&PageSize=1`))[0];
  const openDoc = async (path: string, entity: string, id: unknown) => {
    await page.goto(`${t.url}${path}`);
    await page.click(tid(`entity-edit-${id}`));
    await page.waitForSelector(tid(`entity-form-${entity}`));
  };
  const stateOf = async (entity: string, id: unknown) => (await data<Row>('GET', `/${entity}/${id}`)).State;

  it('an opportunity is won: 成交 makes its sales order, which is approved', async () => {
    await page.goto(`${t.url}/sales/sell/opportunity`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-SalesOpportunity'));
    await page.fill(`${field('Opp_Name')} input`, '支架年度订单');
    await choose(page, field('Customer_ID'), { typed: '测试汽配', title: '测试汽配' });
    await choose(page, field('Material_ID'), { typed: 'E2E-FG', title: material.Material_Name });
    await page.fill(`${field('Qty')} input`, '10');
    await page.fill(`${field('Expected_Amount')} input`, '1200');
    await page.click(tid('entity-form-save'));
    await eventually(toast).toContain('已新增 OP');
    const opp = await latest('SalesOpportunity', 'Opp_ID');
    await page.keyboard.press('Escape');
    await page.goto(`${t.url}/sales/sell/opportunity`);
    await page.click(tid(`deal-${opp.Opp_NO}`));
    await page.click('.ant-popconfirm .ant-btn-primary');
    await eventually(toast).toContain('已生成销售订单 SO');
    const order = await latest('SalesOrder', 'Sales_Order_ID');
    expect(Number(order.Total_With_Tax)).toBe(1356);
    await eventually(async () => (await data<Row>('GET', `/SalesOpportunity/${opp.Opp_ID}`)).Opp_Status).toBe(
      4,
    );

    await openDoc('/sales/sell/salesOrder', 'SalesOrder', order.Sales_Order_ID);
    await shot(page, 'sales-order-zh');
    await approveOpenDoc();
    await eventually(() => stateOf('SalesOrder', order.Sales_Order_ID)).toBe(3);
  });

  it('6 of the 10 are delivered from stock: the delivery is filled from the order and approved', async () => {
    await page.goto(`${t.url}/sales/sell/delivery`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-SalesDelivery'));
    await choose(page, field('Customer_ID'), { typed: '测试汽配', title: '测试汽配' });
    await page.click(tid('fill-Lines'));
    await eventually(() => page.locator(`${tid('lines-Lines-0-Qty')} input`).inputValue()).toBe('10');
    // bins are named alike in every warehouse (A区1号货架): chosen by code
    await choose(page, tid('lines-Lines-0-Location_ID'), {
      typed: location.Location_Code,
      text: location.Location_Code,
    });
    await page.fill(`${tid('lines-Lines-0-Qty')} input`, '6');
    if (batch) await page.fill(`${tid('lines-Lines-0-Batch_NO')} input`, batch);
    await page.click(tid('entity-form-save'));
    await eventually(toast).toContain('已新增 DN');
    const dn = await latest('SalesDelivery', 'Delivery_ID');
    await openDoc('/sales/sell/delivery', 'SalesDelivery', dn.Delivery_ID);
    await approveOpenDoc();
    await shot(page, 'sales-delivery-approved-zh');
    await eventually(() => stateOf('SalesDelivery', dn.Delivery_ID)).toBe(3);
    const left = await data<Row[]>(
      'GET',
      `/StockBalance?Material_ID=${material.Material_ID}&Location_ID=${location.Location_ID}`,
    );
    expect(Number(left[0].Qty)).toBe(14);
  });

  it('the delivery is invoiced; approved, it is a 销售发票 and a receivable', async () => {
    await page.goto(`${t.url}/sales/sell/gatheringMakeInvoice`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-SalesInvoice'));
    await choose(page, field('Customer_ID'), { typed: '测试汽配', title: '测试汽配' });
    await page.fill(`${field('Fapiao_NO')} input`, '44010001');
    await page.click(tid('fill-Lines'));
    await eventually(() => page.locator(`${tid('lines-Lines-0-Qty')} input`).inputValue()).toBe('6');
    await shot(page, 'sales-invoice-form-zh');
    await page.click(tid('entity-form-save'));
    await eventually(toast).toContain('已新增 SI');
    const inv = await latest('SalesInvoice', 'Invoice_ID');
    expect(Number(inv.Total_With_Tax)).toBe(813.6);
    await openDoc('/sales/sell/gatheringMakeInvoice', 'SalesInvoice', inv.Invoice_ID);
    await approveOpenDoc();
    await eventually(() => stateOf('SalesInvoice', inv.Invoice_ID)).toBe(3);

    await page.goto(`${t.url}/sales/sell/gatheringInvoice`);
    await eventually(() => page.locator(tid('entity-table')).innerText()).toContain(String(inv.Invoice_NO));
    await shot(page, 'sales-invoices-zh');
    const ar = await data<Row[]>('GET', `/PartnerLedger?Doc_Type=2&Doc_ID=${inv.Invoice_ID}`);
    expect(ar.map((r) => [r.Customer_ID, Number(r.Amount)])).toEqual([[customer.Customer_ID, 813.6]]);
  });
});
