import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '@mes/app-server/testing';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { choose } from './helpers/select';
import { eventually, tid } from './helpers/shell';
import { signInContext } from './session';

const DOCS = '/record/inventory/inventoryDocList';

/**
 * The warehouse clerk's day (issue 5): receive through the form and approve, see the balance, try to
 * issue more than is there and read why not, count and see the difference posted, transfer to
 * another bin, print a document.
 */
describe.skipIf(!hasBrowser)('inventory in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let material: { Material_ID: number; Material_Number: string; Material_Name: string };
  let location: { Location_ID: number; Location_Code: string; Location_Name: string };
  let receipt: number;
  const dir = mkdtempSync(join(tmpdir(), 'inventory-e2e-'));

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    const m = await t.call<typeof material>('POST', '/Material', {
      Material_Number: 'E2E-IV-01',
      Material_Name: '测试轴承',
      Valuation_Method: 2,
    });
    material = m.body.Data;
    location = (await t.call<(typeof location)[]>('GET', '/Location?Location_Code=WH01-A-01')).body.Data[0];
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInContext(context, t.url, 'admin', 'admin123');
    page = await context.newPage();
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const toast = () => page.locator('.ant-message').innerText();
  /** Goes to the test material's line through the table's find box (a long table draws a window). */
  const findLine = async () => {
    const box = `${tid('lines-Lines-find')} input`;
    await page.fill(box, material.Material_Number);
    await page.press(box, 'Enter');
  };
  const pickRef = (cell: string, typed: string, title: string) => choose(page, tid(cell), { typed, title });
  const openDoc = async (id: number) => {
    await page.goto(`${t.url}${DOCS}`);
    await page.click(tid(`entity-edit-${id}`));
    await page.waitForSelector(tid('entity-form-StockDoc'));
  };
  const approveOpenDoc = async () => {
    await page.click(tid('approval-open'));
    await page.click(tid('approval-submit'));
  };
  const balance = async () =>
    (
      await t.call<{ Qty: string }[]>(
        'GET',
        `/StockBalance?Material_ID=${material.Material_ID}&Location_ID=${location.Location_ID}`,
      )
    ).body.Data[0]?.Qty ?? '0';

  it('receives 10 through the form, approves it and sees the balance', async () => {
    await page.goto(`${t.url}${DOCS}`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-StockDoc'));
    await choose(page, tid('field-Doc_Type'), { title: '入库' });
    // Enter confirms the typed date and nothing else: the half-filled form is not sent
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/StockDoc') sent.push(r.url());
    });
    await page.fill(`${tid('field-Doc_Date')} input`, '2026-11-20');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await page.click(tid('lines-Lines-add'));
    await pickRef('lines-Lines-0-Material_ID', 'E2E-IV', material.Material_Name);
    await pickRef('lines-Lines-0-Location_ID', location.Location_Code, location.Location_Name);
    await page.fill(`${tid('lines-Lines-0-Qty')} input`, '10');
    await page.fill(`${tid('lines-Lines-0-Unit_Price')} input`, '12.5');
    await shot(page, 'inventory-receipt-form-zh');
    await page.click(tid('entity-form-save'));
    await eventually(toast).toContain('已新增 IV');
    const docs = await t.call<{ Doc_ID: number; Total_Amount: string }[]>(
      'GET',
      '/StockDoc?Sort=-Doc_ID&PageSize=1',
    );
    receipt = docs.body.Data[0].Doc_ID;
    expect(docs.body.Data[0].Total_Amount).toBe('125');
    expect(await balance()).toBe('0');

    await openDoc(receipt);
    await approveOpenDoc();
    await eventually(
      async () => (await t.call<{ State: number }>('GET', `/StockDoc/${receipt}`)).body.Data.State,
    ).toBe(3);
    expect(await balance()).toBe('10');
    // approved: the form only shows the document (no save, no new lines), its approval stays usable
    await eventually(() => page.locator(tid('entity-form-save')).count()).toBe(0);
    expect(await page.locator(tid('lines-Lines-add')).count()).toBe(0);
    expect(await page.locator(tid('approval-unapprove')).isEnabled()).toBe(true);
    expect(await page.locator('.ant-drawer-title').innerText()).toContain('查看库存单据');

    await page.goto(`${t.url}/IV/report/stockBalance`);
    await page.fill(`${tid('report-search')} input`, material.Material_Number);
    await page.press(`${tid('report-search')} input`, 'Enter');
    const row = page.locator(`${tid('balance-by-material')} tbody tr`, { hasText: material.Material_Number });
    await eventually(() => row.innerText()).toContain('10');
    expect(await row.innerText()).toContain('125.00');
    await shot(page, 'inventory-balance-zh');
  });

  it('refuses to issue more than is in stock and says what is missing', async () => {
    const c = await t.call<{ Doc_ID: number }>('POST', '/StockDoc', {
      Doc_Type: 2,
      Doc_Date: '2026-11-21',
      Lines: [{ Material_ID: material.Material_ID, Location_ID: location.Location_ID, Qty: '15' }],
    });
    await openDoc(c.body.Data.Doc_ID);
    await approveOpenDoc();
    await eventually(toast).toContain('库存不足');
    expect(await toast()).toContain('缺少 5');
    await shot(page, 'inventory-shortage-zh');
    expect((await t.call<{ State: number }>('GET', `/StockDoc/${c.body.Data.Doc_ID}`)).body.Data.State).toBe(
      1,
    );
    expect(await balance()).toBe('10');
  });

  it('counts 8 and sees the difference of -2 posted to the ledger', async () => {
    const c = await t.call<{ Doc_ID: number }>('POST', '/StockDoc', {
      Doc_Type: 4,
      Doc_Date: '2026-11-22',
      Lines: [{ Material_ID: material.Material_ID, Location_ID: location.Location_ID, Qty: '8' }],
    });
    await openDoc(c.body.Data.Doc_ID);
    await approveOpenDoc();
    await eventually(async () => balance()).toBe('8');
    await openDoc(c.body.Data.Doc_ID);
    await eventually(() => page.locator(`${tid('lines-Lines-0-Diff_Qty')} input`).inputValue()).toBe('-2');

    await page.goto(`${t.url}/IV/report/stockLedger`);
    await page.fill(`${tid('entity-search')} input`, '');
    const table = page.locator(tid('entity-table'));
    await eventually(() => table.innerText()).toContain('盘点');
    const ledger = await t.call<{ Qty: string; Doc_Type: number }[]>(
      'GET',
      `/StockLedger?Material_ID=${material.Material_ID}&Sort=ID`,
    );
    expect(ledger.body.Data.map((r) => [r.Doc_Type, r.Qty])).toEqual([
      [1, '10'],
      [4, '-2'],
    ]);
    await shot(page, 'inventory-ledger-zh');
  });

  it('fills a stocktake from stock, saves it untouched and approving it posts nothing', async () => {
    const where = (
      await t.call<{ Warehouse_ID: number; Warehouse_Code: string; Warehouse_Name: string }>(
        'GET',
        `/Warehouse/${(await t.call<{ Warehouse_ID: number }>('GET', `/Location/${location.Location_ID}`)).body.Data.Warehouse_ID}`,
      )
    ).body.Data;
    await page.goto(`${t.url}${DOCS}`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-StockDoc'));
    // a receipt has no such button; a stocktake does
    await choose(page, tid('field-Doc_Type'), { title: '入库' });
    expect(await page.locator(tid('fill-Lines')).count()).toBe(0);
    await choose(page, tid('field-Doc_Type'), { title: '盘点' });
    await page.click(tid('fill-Lines'));
    await eventually(toast).toContain('请先选择仓库或库位');
    // the refusal's toast gone first: the toast read next is the fill's own
    await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 30_000 });
    await choose(page, tid('field-Warehouse_ID'), {
      typed: where.Warehouse_Code,
      title: where.Warehouse_Name,
    });
    await page.click(tid('fill-Lines'));
    const rows = page.locator(`${tid('lines-Lines')} tbody tr`);
    const ours = rows.filter({ hasText: material.Material_Name });
    // the demo warehouse holds more lines than a table draws at once (purchasing and sales post to
    // it too): the clerk finds the line by its code, which scrolls it into view
    await expect.poll(toast, { timeout: 60_000 }).toContain('已带出');
    await findLine();
    await ours.first().waitFor({ timeout: 60_000 });
    expect(await ours.count()).toBe(1);
    expect(await ours.locator('[data-testid$="-Qty"] input').first().inputValue()).toBe('8');
    expect(await page.locator(`${tid('field-Total_Qty')} input`).inputValue()).not.toBe('');
    await shot(page, 'inventory-count-filled-zh');
    await page.click(tid('entity-form-save'));
    // 177 lines saved and read back: on a loaded two-core machine longer than a poll's 15 s
    await expect.poll(toast, { timeout: 60_000 }).toContain('已新增 IV');
    const doc = (await t.call<{ Doc_ID: number }[]>('GET', '/StockDoc?Sort=-Doc_ID&PageSize=1')).body.Data[0];
    const ledgerBefore = (await t.call('GET', '/StockLedger?PageSize=1')).body.Paging?.TotalCount;
    expect((await t.call('POST', '/StockDoc/Approve', { Doc_ID: doc.Doc_ID })).body.Code).toBe(0);
    const approved = await t.call<{ Lines: { Diff_Qty: string }[] }>('GET', `/StockDoc/${doc.Doc_ID}`);
    expect(approved.body.Data.Lines.every((l) => l.Diff_Qty === '0')).toBe(true);
    expect((await t.call('GET', '/StockLedger?PageSize=1')).body.Paging?.TotalCount).toBe(ledgerBefore);
    expect(await balance()).toBe('8');
  });

  it('transfers 3 to another bin through the form; quantity and value move, the total stays', async () => {
    const to = (await t.call<(typeof location)[]>('GET', '/Location?Location_Code=WH01-A-02')).body.Data[0];
    await page.goto(`${t.url}${DOCS}`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-StockDoc'));
    await choose(page, tid('field-Doc_Type'), { title: '调拨' });
    await page.fill(`${tid('field-Doc_Date')} input`, '2026-11-22');
    await page.keyboard.press('Enter');
    await page.click(tid('lines-Lines-add'));
    await pickRef('lines-Lines-0-Material_ID', 'E2E-IV', material.Material_Name);
    await pickRef('lines-Lines-0-Location_ID', location.Location_Code, location.Location_Name);
    await pickRef('lines-Lines-0-To_Location_ID', to.Location_Code, to.Location_Name);
    await page.fill(`${tid('lines-Lines-0-Qty')} input`, '3');
    await page.click(tid('entity-form-save'));
    await eventually(toast).toContain('已新增 IV');
    const id = (await t.call<{ Doc_ID: number }[]>('GET', '/StockDoc?Sort=-Doc_ID&PageSize=1')).body.Data[0]
      .Doc_ID;
    await openDoc(id);
    await approveOpenDoc();
    await eventually(async () => balance()).toBe('5');
    const there = await t.call<{ Qty: string; Amount: string }[]>(
      'GET',
      `/StockBalance?Material_ID=${material.Material_ID}&Location_ID=${to.Location_ID}`,
    );
    // FIFO at 12.5 a piece: 3 pieces carry 37.5 with them
    expect(there.body.Data[0]).toMatchObject({ Qty: '3', Amount: '37.5' });
    await page.goto(`${t.url}/IV/report/stockBalance`);
    await page.fill(`${tid('report-search')} input`, material.Material_Number);
    await page.press(`${tid('report-search')} input`, 'Enter');
    const row = page.locator(`${tid('balance-by-material')} tbody tr`, { hasText: material.Material_Number });
    await eventually(() => row.innerText()).toContain('100.00');
    await shot(page, 'inventory-after-transfer-zh');
  });

  it('prints the receipt to a PDF holding its number and material', async () => {
    await openDoc(receipt);
    const no = (await t.call<{ Doc_NO: string }>('GET', `/StockDoc/${receipt}`)).body.Data.Doc_NO;
    await page.click(tid('print-button'));
    const frame = page.locator(tid('print-frame'));
    await frame.waitFor();
    const pdf = await frame.evaluate(async (el) => {
      const blob = await (await fetch((el as HTMLIFrameElement).src)).blob();
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    });
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, Buffer.from(pdf, 'base64'));
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain(no);
    expect(text).toContain(material.Material_Name);
    // the material's code beside its name: same-named materials differ by it
    expect(text).toContain(material.Material_Number);
    expect(text).toContain('入库单');
    await shot(page, 'inventory-print-zh');
  });

  it('counts a stocktake in Excel: its lines go to a sheet and come back counted', async () => {
    const before = Number(await balance());
    const warehouse = (await t.call<{ Warehouse_ID: number }>('GET', `/Location/${location.Location_ID}`))
      .body.Data.Warehouse_ID;
    const where = (
      await t.call<{ Warehouse_Code: string; Warehouse_Name: string }>('GET', `/Warehouse/${warehouse}`)
    ).body.Data;
    await page.goto(`${t.url}${DOCS}`);
    await page.click(tid('entity-add'));
    await page.waitForSelector(tid('entity-form-StockDoc'));
    await choose(page, tid('field-Doc_Type'), { title: '盘点' });
    await choose(page, tid('field-Warehouse_ID'), {
      typed: where.Warehouse_Code,
      title: where.Warehouse_Name,
    });
    await page.click(tid('fill-Lines'));
    const ours = page
      .locator(`${tid('lines-Lines')} tbody tr`)
      .filter({ hasText: material.Material_Name })
      .filter({ hasText: location.Location_Code });
    await expect.poll(toast, { timeout: 60_000 }).toContain('已带出');
    await findLine();
    await ours.first().waitFor({ timeout: 60_000 });

    // the lines to a sheet, as the clerk takes them to the shelves
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(tid('lines-Lines-export')),
    ]);
    expect(download.suggestedFilename()).toBe('库存单据-明细.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const [mCol, lCol, qCol] = ['物料', '库位', '数量'].map((h) => header.indexOf(h));
    let counted = 0;
    sheet.eachRow((row, n) => {
      const text = (c: number) => String(row.getCell(c).value ?? '');
      if (
        n > 1 &&
        text(mCol).startsWith(material.Material_Number) &&
        text(lCol).startsWith(location.Location_Code)
      ) {
        expect(Number(text(qCol))).toBe(before);
        row.getCell(qCol).value = before - 1;
        counted++;
      }
    });
    expect(counted).toBe(1);
    const file = join(dir, 'counted.xlsx');
    await book.xlsx.writeFile(file);

    // a sheet with a row at fault changes nothing and says which row
    const upload = `.ant-upload:has(${tid('lines-Lines-import')}) input[type=file]`;
    const bad = new ExcelJS.Workbook();
    bad.addWorksheet('s').addRows([
      ['物料', '库位', '数量'],
      ['无此物料-ZZ9', location.Location_Code, 1],
    ]);
    const badFile = join(dir, 'bad.xlsx');
    await bad.xlsx.writeFile(badFile);
    await page.setInputFiles(upload, badFile);
    const report = page.locator(`.ant-modal:visible`).filter({ hasText: '未导入任何数据' });
    // each row of the report reads 第 N 行, its result (错误) as a tag, then the reason
    await eventually(() => report.innerText()).toMatch(/第 2 行: (错误)?\s*找不到：物料: 无此物料-ZZ9/);
    await report
      .getByRole('button', { name: '关 闭' })
      .or(report.getByRole('button', { name: '关闭' }))
      .first()
      .click();
    await eventually(() => ours.count()).toBe(1);

    // and back: the form's lines replaced, once the clerk agrees
    await page.setInputFiles(upload, file);
    await page.click(tid('fill-Lines-confirm'));
    await eventually(toast).toContain('已导入');
    await findLine();
    await eventually(() => ours.locator('[data-testid$="-Qty"] input').first().inputValue()).toBe(
      String(before - 1),
    );
    await shot(page, 'inventory-count-imported-zh');
    await page.click(tid('entity-form-save'));
    // 177 lines saved and read back: on a loaded two-core machine longer than a poll's 15 s
    await expect.poll(toast, { timeout: 60_000 }).toContain('已新增 IV');
    const doc = (await t.call<{ Doc_ID: number }[]>('GET', '/StockDoc?Sort=-Doc_ID&PageSize=1')).body.Data[0];
    expect((await t.call('POST', '/StockDoc/Approve', { Doc_ID: doc.Doc_ID })).body.Code).toBe(0);
    expect(await balance()).toBe(String(before - 1));
  });
});
