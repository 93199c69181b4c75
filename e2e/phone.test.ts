import type { TestServer } from '@mes/app-server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { eventually, newPage, tid } from './helpers/shell';
import { signInContext } from './session';

/**
 * An English-speaking clerk on a phone (390 px): lists keep their key columns and fold the rest into
 * the row, forms take one column, seeded names read in English, and a photo goes straight from the
 * camera onto a record.
 */
describe.skipIf(!hasBrowser)('a phone at 390 px', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    const opened = await newPage(browser, { width: 390, height: 844, lang: 'en' });
    await signInContext(opened.context, t.url, 'admin', 'admin123');
    page = opened.page;
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const pageIsNotWider = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);

  it('lists units by code and name in English, the rest folded into the row', async () => {
    await page.goto(`${t.url}/record/base/unit`);
    const table = page.locator(tid('entity-table'));
    await eventually(() => table.innerText()).toContain('kg');
    expect(await table.innerText()).not.toContain('千克');
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.join('|')).toContain('Unit code');
    expect(headers.join('|')).not.toContain('Decimals');
    // the kept columns fit the screen: the name and the row's actions are in view, not scrolled away
    const within = async (selector: string) => {
      const box = await table.locator(selector).first().boundingBox();
      expect(box, selector).toBeTruthy();
      expect((box?.x ?? 0) + (box?.width ?? 0), selector).toBeLessThanOrEqual(390);
    };
    await within('td:text-is("kg")');
    await within('[data-testid^="entity-edit-"]');
    await table.locator('.ant-table-row-expand-icon').first().click();
    await eventually(() => table.locator(tid('phone-row-detail')).first().innerText()).toContain('Decimals');
    await pageIsNotWider();
    await shot(page, 'phone-unit-list-en');
  });

  it('opens a form in one column', async () => {
    await page.click(tid('entity-add'));
    const code = await page.locator(tid('field-Unit_Code')).boundingBox();
    const name = await page.locator(tid('field-Unit_Name')).boundingBox();
    expect(code && name).toBeTruthy();
    if (!code || !name) return;
    expect(Math.abs(code.x - name.x)).toBeLessThan(2);
    expect(name.y).toBeGreaterThan(code.y);
    expect(code.width).toBeGreaterThan(300);
    await shot(page, 'phone-unit-form-en');
    await page.keyboard.press('Escape');
  });

  it('attaches a photo taken with the camera to a record', async () => {
    const factory = (await t.call<{ Factory_ID: number }[]>('GET', '/Factory?Factory_Code=F01')).body.Data[0];
    await page.goto(`${t.url}/PD/record/factory`);
    await page.click(tid(`entity-edit-${factory.Factory_ID}`));
    await page.click(tid('attachments-open'));
    await page.waitForSelector(tid('attachments-photo'));
    const camera = page.locator(`${tid('attachments-dialog')} input[type="file"][capture]`);
    expect(await camera.getAttribute('accept')).toBe('image/jpeg,image/png');
    const chooser = page.locator(`${tid('attachments-dialog')} input[type="file"]:not([capture])`);
    expect(await chooser.getAttribute('accept')).toContain('.jpg');
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0, 0, 0xff, 0xd9,
    ]);
    await camera.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await eventually(() => page.locator(tid('attachments-table')).innerText()).toContain('IMG_0001.jpg');
    // the name has room: size, uploader and time give way on a phone
    const nameCell = await page
      .locator(`${tid('attachments-table')} td:has-text("IMG_0001.jpg")`)
      .boundingBox();
    expect(nameCell?.width).toBeGreaterThan(120);
    const saved = await t.call<{ File_Name: string; Attachment_Type: number }[]>(
      'GET',
      `/Attachment?BZ_Code=${factory.Factory_ID}&BZ_Table=Factory`,
    );
    expect(saved.body.Data).toContainEqual(
      expect.objectContaining({ File_Name: 'IMG_0001.jpg', Attachment_Type: 2 }),
    );
    await pageIsNotWider();
    await shot(page, 'phone-photo-attachment');
  });

  it('opens the header search from its icon on a narrow screen and finds a SOW as typed', async () => {
    const sow = (await t.call<{ Sow_ID: number; Sow_NO: string }[]>('GET', '/Sow?PageSize=1')).body.Data[0];
    await page.goto(`${t.url}/dashboard`);
    await page.click(tid('header-search'));
    const input = page.locator(tid('header-search-input'));
    // across the bar, within the screen
    const box = await input.boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await input.fill(sow.Sow_NO);
    await page.click(tid(`header-search-hit-Sow-${sow.Sow_ID}`));
    await page.waitForURL((u) => u.pathname === `/SRM/sow/${sow.Sow_ID}`);
    await pageIsNotWider();
  });

  it('finds a menu by pinyin initials (Enter opens the first hit) and a SOW as typed (desktop, zh)', async () => {
    const desk = await newPage(browser, { width: 1280, height: 800 });
    await signInContext(desk.context, t.url, 'admin', 'admin123');
    await desk.page.goto(t.url);
    await desk.page.fill(tid('menu-search'), 'kctz');
    await desk.page.waitForSelector(tid('menu-result-IV.ledger'));
    expect(await desk.page.locator(tid('menu-results')).innerText()).toContain('库存台账');
    await desk.page.press(tid('menu-search'), 'Enter');
    await desk.page.waitForURL((u) => u.pathname === '/IV/report/stockLedger');
    // the header search shows records as they are typed and opens the one picked in its tab
    const sow = (await t.call<{ Sow_ID: number; Sow_NO: string }[]>('GET', '/Sow?PageSize=1')).body.Data[0];
    await desk.page.click(tid('header-search'));
    await desk.page.fill(tid('header-search-input'), sow.Sow_NO);
    await desk.page.click(tid(`header-search-hit-Sow-${sow.Sow_ID}`));
    await desk.page.waitForURL((u) => u.pathname === `/SRM/sow/${sow.Sow_ID}`);
    // the record's form, not the list: its number is in the form's field
    await eventually(() =>
      desk.page
        .locator(`${tid('field-Sow_NO')} input`)
        .first()
        .inputValue(),
    ).toBe(sow.Sow_NO);
    await shot(desk.page, 'header-search-sow');
    await desk.context.close();
  });
});
