import type { TestServer } from '@mes/app-server/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { choose } from './helpers/select';
import { newPage, signInUi, tid } from './helpers/shell';
import { signInContext } from './session';

/**
 * The sourcing journey of issue 6: a buyer writes a SOW with three part rows and releases it to
 * three suppliers; each supplier quotes in its portal; round 2 for two of them; they revise; the
 * buyer compares and awards; the award is approved; every supplier sees its own result.
 */
/** The machine may be busy: a save and the list after it can take a few seconds. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

describe.skipIf(!hasBrowser)('sourcing journey in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let buyer: Page;
  let sowId = 0;
  let sowNo = '';
  const SUPPLIERS = ['supplier1', 'supplier2', 'supplier3'];

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    const b = await newPage(browser);
    await signInContext(b.context, t.url, 'lina', 'demo1234');
    buyer = b.page;
  }, 180_000);
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const supplierId = async (account: string) => {
    const users = await t.call<{ User_ID: number }[]>('GET', `/Users?User_Account=${account}`);
    const s = await t.call<{ Supplier_ID: number; Short_Name: string }[]>(
      'GET',
      `/Supplier?Portal_User_ID=${users.body.Data[0].User_ID}`,
    );
    return s.body.Data[0];
  };
  /** Picks a record in a reference select by typing part of its name. */
  const pickRef = (scope: Locator, text: string) => choose(buyer, scope, { typed: text, text });
  const field = (name: string) => buyer.locator(tid(`field-${name}`));
  const cell = (lines: string, row: number, col: number) =>
    buyer
      .locator(`${tid(`lines-${lines}`)} tbody tr.ant-table-row`)
      .nth(row)
      .locator('td')
      .nth(col);

  it('the buyer writes a SOW with three part rows and three invited suppliers', async () => {
    await buyer.goto(`${t.url}/SRM/sow`);
    await buyer.click(tid('entity-add'));
    await field('Project_Name').locator('input').fill('X9 电池托盘项目');
    await field('Vehicle_Model').locator('input').fill('X9');
    await pickRef(field('Currency_ID'), '人民币');
    await field('Life_Time_Years').locator('input').fill('6');
    await field('Offer_Rounds').locator('input').fill('3');
    const parts = [
      ['1', 'TRAY-100', '电池托盘', '8000', '420'],
      ['2', 'BRKT-210', '托盘支架', '16000', '36'],
      ['3', 'SEAL-330', '密封条', '32000', '4.5'],
    ];
    for (const [i, p] of parts.entries()) {
      await buyer.click(tid('lines-Parts-add'));
      // columns: row no, Item_NO, Part_Number, Part_Name, Drawing_NO, Unit, Assembly, Annual_Qty, QC, Tooling, Target_Price
      await cell('Parts', i, 1).locator('input').fill(p[0]);
      await cell('Parts', i, 2).locator('input').fill(p[1]);
      await cell('Parts', i, 3).locator('input').fill(p[2]);
      await cell('Parts', i, 7).locator('input').fill(p[3]);
      await cell('Parts', i, 10).locator('input').fill(p[4]);
    }
    for (const [i, account] of SUPPLIERS.entries()) {
      await buyer.click(tid('lines-Suppliers-add'));
      await pickRef(cell('Suppliers', i, 1), (await supplierId(account)).Short_Name);
    }
    await shot(buyer, 'sourcing-sow-form-zh');
    await buyer.click(tid('entity-form-save'));
    await poll(() => buyer.locator(tid('entity-table')).innerText()).toContain('X9 电池托盘项目');
    const sow = (
      await t.call<{ Sow_ID: number; Sow_NO: string; Parts: unknown[]; Suppliers: unknown[] }[]>(
        'GET',
        '/Sow?Vehicle_Model=X9',
      )
    ).body.Data[0];
    sowId = sow.Sow_ID;
    sowNo = sow.Sow_NO;
    const full = (await t.call<{ Parts: unknown[]; Suppliers: unknown[] }>('GET', `/Sow/${sowId}`)).body.Data;
    expect(full.Parts).toHaveLength(3);
    expect(full.Suppliers).toHaveLength(3);
    // the saved form stays open on its SOW (issue 25); nothing being unsaved, its close button closes it
    await buyer.click('.ant-drawer-open .ant-drawer-close');
    await buyer.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
  });

  it('releases it to the three suppliers', async () => {
    await buyer.click(tid(`sow-release-${sowId}`));
    await buyer.click(tid('sow-release-ok'));
    await expect
      .poll(async () => (await t.call<{ Sow_Status: number }>('GET', `/Sow/${sowId}`)).body.Data.Sow_Status)
      .toBe(2);
  });

  // antd puts the test id on the input itself or on its wrapper, depending on the control
  const numberInput = (page: Page, id: string) => page.locator(`input${tid(id)}, ${tid(id)} input`).first();
  const quoteInPortal = async (account: string, round: number, prices: string[], name?: string) => {
    const { page, context } = await newPage(browser);
    if (account === 'supplier1') await signInUi(page, t.url, account, 'supplier123');
    else await signInContext(context, t.url, account, 'supplier123');
    await page.goto(`${t.url}/SRM/portal/quotation`);
    await page.click(tid(`portal-open-${sowNo}-${round}`));
    await page.waitForSelector(tid('quote-form'));
    for (const [i, p] of prices.entries()) {
      await numberInput(page, `quote-Unit_Price-${i + 1}`).fill(p);
      await numberInput(page, `quote-Tooling_Cost-${i + 1}`).fill(String(20000 * (i + 1)));
    }
    if (account === 'supplier1' && round === 1) {
      // the quotation's own documents go with it
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
      await page
        .locator(`${tid('quote-files')} input[type=file]`)
        .setInputFiles({ name: '报价明细.pdf', mimeType: 'application/pdf', buffer: pdf });
      await poll(() => page.locator(tid('quote-files')).innerText()).toContain('报价明细.pdf');
    }
    if (name) await shot(page, name);
    await page.click(tid('quote-submit'));
    await poll(() => page.locator(tid('offer-status')).first().innerText()).toBe('已处理');
    await context.close();
  };

  it('each supplier signs in to its portal and quotes', async () => {
    await quoteInPortal('supplier1', 1, ['415', '35.5', '4.4'], 'sourcing-portal-quote-zh');
    await quoteInPortal('supplier2', 1, ['409', '37', '4.6']);
    await quoteInPortal('supplier3', 1, ['430', '34.8', '4.9']);
    const cmp = await t.call<{ Offers: { Offer_Status: number }[] }>('GET', `/Sow/${sowId}/Comparison`);
    expect(cmp.body.Data.Offers.map((o) => o.Offer_Status)).toEqual([2, 2, 2]);
  });

  it('the buyer closes round 1 and opens round 2 for two of them', async () => {
    await buyer.reload();
    await buyer.click(tid(`sow-close-round-${sowId}`));
    await buyer.click(tid('sow-close-round-ok'));
    await buyer.locator(tid(`sow-next-round-${sowId}`)).click();
    const third = (await supplierId('supplier3')).Short_Name;
    await buyer.locator(`${tid('sow-shortlist')} label`, { hasText: third }).click();
    await shot(buyer, 'sourcing-next-round-zh');
    await buyer.click(tid('sow-next-round-ok'));
    await expect
      .poll(
        async () => (await t.call<{ Current_Round: number }>('GET', `/Sow/${sowId}`)).body.Data.Current_Round,
      )
      .toBe(2);
  });

  it('the two revise their quotations in round 2', async () => {
    await quoteInPortal('supplier1', 2, ['402', '34.9', '4.35'], 'sourcing-portal-round2-zh');
    await quoteInPortal('supplier2', 2, ['405', '35.2', '4.3']);
    await buyer.reload();
    await buyer.click(tid(`sow-close-round-${sowId}`));
    await buyer.click(tid('sow-close-round-ok'));
    await expect
      .poll(async () => (await t.call<{ Sow_Status: number }>('GET', `/Sow/${sowId}`)).body.Data.Sow_Status)
      .toBe(3);
  });

  it('the buyer compares them, in Chinese and in English', async () => {
    await buyer.click(tid(`sow-compare-${sowId}`));
    await buyer.waitForSelector(tid('comparison-table'));
    // the lowest latest price of part 1 is supplier1's 402 in round 2
    const s1 = (await supplierId('supplier1')).Supplier_ID;
    const lowest = buyer.locator(`${tid(`cmp-1-${s1}-2`)}`);
    await poll(() => lowest.innerText()).toContain('402');
    expect(await lowest.innerText()).toContain('最低价');
    await buyer.setViewportSize({ width: 1440, height: 1900 });
    await shot(buyer, 'sourcing-comparison-zh');
    await buyer.setViewportSize({ width: 1440, height: 900 });
    const en = await newPage(browser, { lang: 'en', height: 1900 });
    await signInContext(en.context, t.url, 'lina', 'demo1234');
    await en.page.goto(`${t.url}/SRM/compare?Sow_ID=${sowId}`);
    await en.page.waitForSelector(tid('comparison-table'));
    await poll(() => en.page.locator(tid('srm-compare')).innerText()).toContain('Life-time amount');
    await shot(en.page, 'sourcing-comparison-en');
    await en.context.close();
  });

  it('awards per part; the award is approved by the approver', async () => {
    // the general manager approves bid evaluations
    const menu = (
      await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?Menu_Code=SRM.bidEvaluation')
    ).body.Data[0];
    const gm = (await t.call<{ User_ID: number }[]>('GET', '/Users?User_Account=zhangwei')).body.Data[0];
    const setting = await t.call('POST', '/ApprovalSetting', {
      Menu_ID: menu.Menu_ID,
      Levels: [{ Level_No: 1, Approver_ID: gm.User_ID }],
    });
    expect(setting.body.Code).toBe(0);
    await buyer.waitForSelector(tid('award-panel'));
    await buyer.click(tid('award-submit'));
    await poll(() => buyer.locator(tid('award-bid-state')).innerText()).toBe('草稿');
    // the buyer is not the approver: approving is the general manager's
    const { page: gmPage, context } = await newPage(browser);
    await signInContext(context, t.url, 'zhangwei', 'demo1234');
    await gmPage.goto(`${t.url}/SRM/compare?Sow_ID=${sowId}`);
    await gmPage.click(tid('award-approve'));
    await poll(() => gmPage.locator(tid('award-bid-state')).innerText()).toBe('已审核');
    await shot(gmPage, 'sourcing-award-approved-zh');
    await context.close();
    const sow = await t.call<{ Sow_Status: number }>('GET', `/Sow/${sowId}`);
    expect(sow.body.Data.Sow_Status).toBe(4);
    const hist = await t.call<{ Part_Number: string }[]>('GET', `/MaterialPriceHistory?Sow_ID=${sowId}`);
    expect(hist.body.Data).toHaveLength(3);
  });

  it('each supplier sees its own result', async () => {
    const expected: Record<string, string> = {
      supplier1: '已通过',
      supplier2: '已通过',
      supplier3: '已拒绝',
    };
    for (const account of SUPPLIERS) {
      const { page, context } = await newPage(browser);
      await signInContext(context, t.url, account, 'supplier123');
      await page.goto(`${t.url}/SRM/portal/quotation`);
      await page.getByRole('tab', { name: '报价历史与结果' }).click();
      const round = account === 'supplier3' ? 1 : 2;
      await page.click(tid(`portal-open-${sowNo}-${round}`));
      await page.waitForSelector(tid('quote-result'));
      expect(await page.locator(tid('offer-status')).first().innerText()).toBe(expected[account]);
      await shot(page, `sourcing-result-${account}-zh`);
      await context.close();
    }
  });
});
