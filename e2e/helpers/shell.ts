import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Helpers of the shell journeys: a page per user, sign-in through the form, what the shell shows. */
export interface Opened {
  context: BrowserContext;
  page: Page;
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; lang?: 'zh' | 'en' } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.lang === 'en' ? 'en-GB' : 'zh-CN',
  });
  if (opts.lang === 'en') await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  const page = await context.newPage();
  return { context, page };
}

export const tid = (id: string) => `[data-testid="${id}"]`;

/** Signs in through the login page and waits for the dashboard. */
export async function signInUi(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.fill(tid('login-account'), account);
  await page.fill(tid('login-password'), password);
  await page.click(tid('login-submit'));
  await page.waitForSelector(tid('dashboard'));
}

/** Opens a page from the accordion menu, opening its module first unless it is open already. */
export async function openFromMenu(page: Page, module: string, code: string): Promise<void> {
  const item = page.locator(`${tid('sidebar')} ${tid(`menu-${code}`)}`);
  if (!(await item.isVisible())) await page.click(tid(`menu-${module}`));
  await item.click();
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  const c = (await context.cookies()).find((x) => x.name === name);
  return c ? decodeURIComponent(c.value) : undefined;
}

export async function tabPaths(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="tab"]', (els) => els.map((e) => e.getAttribute('data-path') ?? ''));
}

/** Right-clicks a tab and picks an item of its menu, once any earlier menu has faded out. */
export async function tabMenu(page: Page, path: string, item: string): Promise<void> {
  await noOpenMenu(page);
  await page.click(`[data-testid="tab"][data-path="${path}"]`, { button: 'right' });
  // antd keeps the menus of earlier right-clicks in the page, hidden: the open one is the visible one
  await page.locator(`${tid(`tab-menu-${item}`)}:visible`).click();
}

export async function noOpenMenu(page: Page): Promise<void> {
  await eventually(() => page.locator('.ant-dropdown-menu:visible').count()).toBe(0);
}

/** expect.poll with room for a loaded machine (its default gives up after one second). */
export function eventually<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}

export async function pathOf(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function waitPath(page: Page, path: string): Promise<void> {
  await eventually(() => pathOf(page)).toBe(path);
}

/** A system parameter's value through the API (the admin's session of the test server). */
export async function setParameter(t: TestServer, id: number, value: string): Promise<void> {
  const cur = await t.call<{ ID: number; Version: number }>('GET', `/SystemParameter/${id}`);
  const r = await t.call('PUT', '/SystemParameter', {
    ID: id,
    Version: cur.body.Data.Version,
    Parameter_Value: value,
  });
  if (r.body.Code !== 0) throw new Error(`parameter ${id}: ${r.body.Message}`);
}

export async function userId(t: TestServer, account: string): Promise<number> {
  const r = await t.call<{ User_ID: number }[]>('GET', `/Users?User_Account=${account}`);
  return r.body.Data[0].User_ID;
}

export async function sidebarWidth(page: Page): Promise<number> {
  return page.locator(tid('sidebar')).evaluate((e) => e.getBoundingClientRect().width);
}

/** Menu codes the admin of the test server has as favourites. */
export async function favouriteCodes(t: TestServer): Promise<string[]> {
  const r = await t.call<{ Menu_Code: string; Is_Collect: boolean }[]>(
    'GET',
    '/UserOftenMenu/GetOftenMenuListByUserAsync',
  );
  return r.body.Data.filter((o) => o.Is_Collect).map((o) => o.Menu_Code);
}

export async function unreadCount(t: TestServer): Promise<number | undefined> {
  return (await t.call('GET', '/SendMsg/GetSendMsgs?Status=1&Page=1&PageSize=15')).body.Paging?.TotalCount;
}

export async function roleIdOf(t: TestServer, code: string): Promise<number> {
  const r = await t.call<{ Role_ID: number; Role_Code: string }[]>('GET', '/Role?PageSize=50');
  return r.body.Data.find((x) => x.Role_Code === code)!.Role_ID;
}

export async function menuOf(t: TestServer, code: string): Promise<{ Menu_ID: number; Buttons: string }> {
  const r = await t.call<{ Menu_ID: number; Menu_Code: string; Buttons: string }[]>(
    'GET',
    '/ModuleMenu?PageSize=500',
  );
  return r.body.Data.find((m) => m.Menu_Code === code)!;
}

/** The buttons a role holds on a page, sorted (undefined when the page is not granted). */
export async function grantedButtons(t: TestServer, roleId: number, menuId: number) {
  const r = await t.call<{ Grants: { Menu_ID: number; Buttons: string }[] }>('GET', `/Role/${roleId}`);
  return r.body.Data.Grants.find((g) => g.Menu_ID === menuId)
    ?.Buttons.split(',')
    .sort();
}
