import type { TestServer } from '@mes/app-server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { newPage, signInUi, tid } from './helpers/shell';

/** English page names are longer than the 180 px menu column: they must still read whole. */
describe.skipIf(!hasBrowser)('the sidebar in English', () => {
  let t: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  it('wraps long page names onto a second line instead of cutting them', async () => {
    const { context, page } = await newPage(browser, { lang: 'en' });
    await signInUi(page, t.url, 'admin', 'admin123');
    // equipment has the longest names ("Repair and maintenance records")
    for (const module of ['IV', 'EM']) {
      await page.click(tid(`menu-${module}`));
      const item = page.locator(`${tid('sidebar')} .ant-menu-item`, { hasText: 'Below safety stock' });
      if (module === 'IV') await item.waitFor();
      else await page.locator(`${tid('sidebar')} .ant-menu-item`, { hasText: 'Repair knowledge' }).waitFor();
      const cut = await page.$$eval(`${tid('sidebar')} .ant-menu-title-content`, (els) =>
        els
          .filter((e) => (e as HTMLElement).offsetParent && e.scrollWidth > e.clientWidth + 1)
          .map((e) => e.textContent),
      );
      expect(cut).toEqual([]);
    }
    const item = page.locator(`${tid('sidebar')} .ant-menu-item`, {
      hasText: 'Repair and maintenance records',
    });
    // the whole name shows, over more than one line
    expect(await item.innerText()).toBe('Repair and maintenance records');
    expect((await item.boundingBox())?.height ?? 0).toBeGreaterThan(40);
    await shot(page, 'sidebar-long-names-en');
    await context.close();
  });
});
