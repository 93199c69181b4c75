import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { eventually } from './helpers/shell';
import { signInContext } from './session';

/** The system module's pages, served by the generic list and form, in a real browser. */
describe.skipIf(!hasBrowser)('system module in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInContext(context, t.url, 'admin', 'admin123');
    page = await context.newPage();
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const field = (name: string) =>
    page.locator(`[data-testid="field-${name}"] input, [data-testid="field-${name}"] textarea`).first();

  it('lists the seeded factories and adds one through the form', async () => {
    await page.goto(`${t.url}/setting/factory`);
    await eventually(() => page.locator('[data-testid="entity-table"]').innerText()).toContain(
      '苏州精工一厂',
    );
    await shot(page, 'system-factory-list-zh');
    await page.click('[data-testid="entity-add"]');
    await field('Factory_Code').fill('F09');
    await field('Factory_Name').fill('无锡精密三厂');
    await field('Address').fill('江苏省无锡市新吴区长江路 9 号');
    await shot(page, 'system-factory-form-zh');
    await page.click('[data-testid="entity-form-save"]');
    await eventually(() => page.locator('[data-testid="entity-table"]').innerText()).toContain(
      '无锡精密三厂',
    );
    const api = await t.call<{ Factory_Name: string }[]>('GET', '/Factory?Factory_Code=F09');
    expect(api.body.Data[0].Factory_Name).toBe('无锡精密三厂');
  });

  it('shows field errors from the declaration and saves nothing', async () => {
    const before = (await t.call('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount;
    await page.goto(`${t.url}/setting/factory`);
    await page.click('[data-testid="entity-add"]');
    await field('Factory_Code').fill('F10');
    await page.click('[data-testid="entity-form-save"]');
    await eventually(() => page.locator('[data-testid="field-Factory_Name"]').innerText()).toMatch(
      /不能为空|必填/,
    );
    // a duplicate code comes back from the server and is shown, not swallowed
    await field('Factory_Name').fill('重复编码');
    await field('Factory_Code').fill('F01');
    await page.click('[data-testid="entity-form-save"]');
    await eventually(() => page.locator('body').innerText()).toContain('「工厂编码」的值已存在');
    expect((await t.call('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount).toBe(before);
  });

  it('edits a record and the change is stored', async () => {
    const f = (await t.call<{ Factory_ID: number }[]>('GET', '/Factory?Factory_Code=F02')).body.Data[0];
    await page.goto(`${t.url}/setting/factory`);
    await page.click(`[data-testid="entity-edit-${f.Factory_ID}"]`);
    await field('Factory_Name').fill('昆山装配二厂（扩建）');
    await page.click('[data-testid="entity-form-save"]');
    await eventually(() => page.locator('[data-testid="entity-table"]').innerText()).toContain(
      '昆山装配二厂（扩建）',
    );
    const after = await t.call<{ Factory_Name: string; Version: number }>('GET', `/Factory/${f.Factory_ID}`);
    expect(after.body.Data).toMatchObject({ Factory_Name: '昆山装配二厂（扩建）', Version: 2 });
  });

  it('edits a dictionary with its item lines', async () => {
    const d = (
      await t.call<{ ID: number }[]>('GET', `/DataDictionary?Storage_Name=${encodeURIComponent('交货条款')}`)
    ).body.Data[0];
    await page.goto(`${t.url}/setting/dictionary`);
    await page.click(`[data-testid="entity-edit-${d.ID}"]`);
    await page.click('[data-testid="lines-Items-add"]');
    const last = page.locator('[data-testid="lines-Items"] tbody tr').last();
    await last.locator('input').nth(0).fill('CIF');
    await last.locator('input').nth(1).fill('成本加保险费加运费');
    await shot(page, 'system-dictionary-lines-zh');
    await page.click('[data-testid="entity-form-save"]');
    await eventually(
      async () =>
        ((await t.call<{ Items: unknown[] }>('GET', `/DataDictionary/${d.ID}`)).body.Data.Items ?? []).length,
    ).toBe(4);
  });

  it('shows the department tree and speaks English when asked', async () => {
    await page.goto(`${t.url}/setting/department`);
    await eventually(() => page.locator('[data-testid="entity-table"]').innerText()).toContain('冲压车间');
    expect(await page.locator('body').innerText()).toContain('部门名称');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await eventually(() => page.locator('body').innerText()).toContain('Department name');
    await shot(page, 'system-department-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  });
});
