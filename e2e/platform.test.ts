import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '@mes/app-server/testing';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { choose } from './helpers/select';
import { eventually } from './helpers/shell';
import { signInContext } from './session';

const tid = (id: string) => `[data-testid="${id}"]`;
const MATERIALS = '/record/material/materialRecord';
// a real 1x1 PNG, so that the server's content check and the image viewer both accept it
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The shared platform on real entity pages: column settings, custom fields, tags, attachments, print. */
describe.skipIf(!hasBrowser)('platform features in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let material: { Material_ID: number; Material_Number: string; Material_Name: string };
  const dir = mkdtempSync(join(tmpdir(), 'platform-e2e-'));

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInContext(context, t.url, 'admin', 'admin123');
    page = await context.newPage();
    material = (await t.call<(typeof material)[]>('GET', '/Material?PageSize=1&Sort=Material_Number')).body
      .Data[0];
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const headers = () =>
    page
      .locator(`${tid('entity-table')} thead`)
      .first()
      .innerText();
  // the viewer shows what the server made: read the same bytes back from the page
  const frameBytes = () =>
    page.locator(tid('print-frame')).evaluate(async (el) => {
      const blob = await (await fetch((el as HTMLIFrameElement).src)).blob();
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return { type: blob.type, data: btoa(s) };
    });
  const pdfText = async (data: { data: string } | string, name: string) => {
    const file = join(dir, name);
    writeFileSync(file, Buffer.from(typeof data === 'string' ? data : data.data, 'base64'));
    return execFileSync('pdftotext', [file, '-']).toString();
  };
  const toast = () => page.locator('.ant-message').innerText();
  const openMaterial = async () => {
    await page.goto(`${t.url}${MATERIALS}`);
    await page.fill(`${tid('entity-search')} input`, material.Material_Number);
    await page.press(`${tid('entity-search')} input`, 'Enter');
    await page.click(tid(`entity-edit-${material.Material_ID}`));
    await page.waitForSelector(tid('entity-form-Material'));
  };

  it('changes column settings, keeps them after a reload, and resets them', async () => {
    await page.goto(`${t.url}${MATERIALS}`);
    await eventually(headers).toContain('品牌');
    await page.click(tid('columns-gear'));
    await page.waitForSelector(tid('columns-table'));
    // moving without a selected row asks for one
    await page.click(tid('columns-up'));
    await eventually(toast).toContain('请先选择要编辑的行');
    await page.click(tid('columns-visible-Brand'));
    await page.fill(tid('columns-describe-Material_Model'), '型号规格');
    await page
      .locator(`${tid('columns-table')} tr[data-row-key="Material_Model"] td`)
      .nth(2)
      .click();
    // two moves up: above Brand, then above Unit_ID
    await page.click(tid('columns-up'));
    await page.click(tid('columns-up'));
    await shot(page, 'platform-columns-dialog-zh');
    await page.click(tid('columns-save'));
    await eventually(toast).toContain('表格配置已保存');
    await page.reload();
    await eventually(headers).toContain('型号规格');
    const h = await headers();
    expect(h).not.toContain('品牌');
    expect(h.indexOf('型号规格')).toBeLessThan(h.indexOf('单位'));
    await shot(page, 'platform-columns-applied-zh');
    await page.click(tid('columns-gear'));
    await page.click(tid('columns-reset'));
    await eventually(toast).toContain('表格配置已重置');
    await eventually(headers).toContain('品牌');
  });

  it('adds a custom enum field to materials and fills it on the form', async () => {
    await openMaterial();
    await page.click(tid('form-custom-config'));
    await page.click(tid('custom-add'));
    // saving without a name is refused in the dialog
    await page.click(tid('custom-save'));
    await eventually(() => page.locator(tid('custom-error')).innerText()).toContain('不能为空');
    await page.fill(tid('custom-describe-Extension_Field1'), '表面硬度');
    await page.click(tid('custom-type-Extension_Field1'));
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="枚举"]');
    await page.click(tid('custom-options-Extension_Field1'));
    for (const o of ['HRC40', 'HRC50']) {
      await page.keyboard.type(o);
      await page.keyboard.press('Enter');
    }
    await page.click(tid('custom-column-Extension_Field1'));
    await page.click(tid('custom-mandatory-Extension_Field1'));
    await shot(page, 'platform-custom-dialog-zh');
    await page.click(tid('custom-save'));
    await eventually(toast).toContain('其他用户需重新登录');
    // mandatory is checked in the browser before anything is sent
    await page.waitForSelector(tid('field-Extension_Field1'));
    await page.click(tid('entity-form-save'));
    await eventually(() => page.locator(tid('field-Extension_Field1')).innerText()).toContain('不能为空');
    await choose(page, tid('field-Extension_Field1'), { title: 'HRC50' });
    await shot(page, 'platform-custom-form-zh');
    await page.click(tid('entity-form-save'));
    await eventually(
      async () =>
        (await t.call<{ Extension_Field1: string }>('GET', `/Material/${material.Material_ID}`)).body.Data
          .Extension_Field1,
    ).toBe('HRC50');
    // shown as a list column since it is marked for the list
    await eventually(headers).toContain('表面硬度');
    await eventually(() => page.locator(`tr[data-row-key="${material.Material_ID}"]`).innerText()).toContain(
      'HRC50',
    );
  });

  it('tags a row and filters the list by the tag', async () => {
    await page.goto(`${t.url}${MATERIALS}`);
    await page.locator(`tr[data-row-key="${material.Material_ID}"] .ant-checkbox-input`).check();
    await page.click(tid('batch-tags'));
    await page.fill(tid('tag-new-name'), '  重点物料 ');
    await page.click(tid('tag-create'));
    await page.click(tid('tag-choice-重点物料'));
    await shot(page, 'platform-tags-dialog-zh');
    await page.click(tid('tags-save'));
    await eventually(() => page.locator(`tr[data-row-key="${material.Material_ID}"]`).innerText()).toContain(
      '重点物料',
    );
    const total = (await t.call('GET', '/Material?PageSize=1')).body.Paging?.TotalCount ?? 0;
    expect(total).toBeGreaterThan(1);
    await page.click(`${tid('tag-filter')}`);
    await page.click('.ant-select-dropdown:visible .ant-select-item-option');
    await eventually(() => page.locator(`${tid('entity-table')} tbody tr.ant-table-row`).count()).toBe(1);
    await shot(page, 'platform-tags-filtered-zh');
    const tag = (
      await t.call<{ ID: number; Tag_Color: string; Tag_Name: string }[]>('GET', '/TagInfo')
    ).body.Data.find((x) => x.Tag_Name === '重点物料');
    expect(tag?.Tag_Color).toBe('#1677ff');
  });

  it('uploads an attachment, lists it, previews the image and refuses a bad file', async () => {
    await openMaterial();
    await page.click(tid('attachments-open'));
    const exe = join(dir, 'tool.exe');
    writeFileSync(exe, Buffer.from('MZ fake program'));
    await page.setInputFiles(`${tid('attachments-dialog')} input[type=file]`, exe);
    await eventually(() => page.locator(tid('attachments-error')).innerText()).toContain(
      '请上传 (doc|docx|xls|xlsx|pdf) 格式的文件',
    );
    // a renamed program gets past the browser but not the server's content check
    const fake = join(dir, 'drawing.pdf');
    writeFileSync(fake, Buffer.from('MZ not a pdf at all'));
    await page.setInputFiles(`${tid('attachments-dialog')} input[type=file]`, fake);
    await eventually(() => page.locator(tid('attachments-error')).innerText()).toContain(
      '文件内容与扩展名不符',
    );
    const png = join(dir, '铭牌照片.png');
    writeFileSync(png, PNG);
    await page.setInputFiles(`${tid('attachments-dialog')} input[type=file]`, png);
    await eventually(() => page.locator(tid('attachments-table')).innerText()).toContain('铭牌照片.png');
    await shot(page, 'platform-attachments-zh');
    await page.click(tid('attachment-preview-铭牌照片.png'));
    const img = page.locator('.ant-image-preview-img');
    await eventually(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
    await shot(page, 'platform-attachment-preview-zh');
    await page.keyboard.press('Escape');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(tid('attachment-download-铭牌照片.png')),
    ]);
    expect(download.suggestedFilename()).toBe('铭牌照片.png');
    const saved = join(dir, 'downloaded.png');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(PNG)).toBe(true);
    const listed = async () =>
      (
        await t.call<{ File_Name: string }[]>(
          'GET',
          `/Attachment?BZ_Table=Material&BZ_Code=${material.Material_ID}`,
        )
      ).body.Data.map((a) => a.File_Name);
    expect(await listed()).toEqual(['铭牌照片.png']);
    // removal asks first, then the file leaves both the dialog and the server
    await page.click(tid('attachment-remove-铭牌照片.png'));
    await page.click(tid('attachment-remove-confirm'));
    await eventually(() => page.locator(tid('attachments-table')).innerText()).not.toContain('铭牌照片.png');
    await eventually(listed).toEqual([]);
  });

  it('exports factories to Excel and re-imports an edited copy, all rows or none', async () => {
    await page.goto(`${t.url}/setting/factory`);
    await eventually(() => page.locator(tid('entity-table')).innerText()).toContain('F01');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(tid('entity-export'))]);
    expect(download.suggestedFilename()).toBe('工厂.xlsx');
    const exported = join(dir, 'factories.xlsx');
    await download.saveAs(exported);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const codeCol = header.indexOf('工厂编码');
    const nameCol = header.indexOf('工厂名称');
    expect(codeCol).toBeGreaterThan(0);
    const total = (await t.call('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount ?? 0;
    expect(sheet.rowCount - 1).toBe(total);
    expect(String(sheet.getRow(2).getCell(codeCol).value)).toMatch(/^F0/);
    // the edited copy: every exported row becomes a new factory with a new code and name
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      row.getCell(codeCol).value = `XL${r}`;
      row.getCell(nameCol).value = `导入工厂${r}`;
      row.commit();
    }
    const edited = join(dir, 'factories-edited.xlsx');
    await book.xlsx.writeFile(edited);
    // 导入 opens a dialog (add and update by code, a trial run, the template); the default adds and updates
    const input = page.locator(`${tid('entity-import-dialog')} input[type=file]`);
    await page.click(tid('entity-import'));
    await input.setInputFiles(edited);
    await eventually(toast).toContain(`新增 ${total} 行，更新 0 行`);
    await page.keyboard.press('Escape');
    await eventually(() => page.locator(tid('entity-table')).innerText()).toContain('导入工厂2');
    expect((await t.call('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount).toBe(total * 2);

    // one bad row (an empty name, a code already taken) and nothing of the file is kept
    const again = new ExcelJS.Workbook();
    await again.xlsx.readFile(edited);
    const s2 = again.worksheets[0];
    s2.getRow(2).getCell(codeCol).value = 'XLNEW';
    s2.getRow(2).getCell(nameCol).value = '新工厂';
    s2.getRow(3).getCell(nameCol).value = '';
    s2.getRow(3).getCell(codeCol).value = 'XLNEW2';
    const bad = join(dir, 'factories-bad.xlsx');
    await again.xlsx.writeFile(bad);
    await page.click(tid('entity-import'));
    await input.setInputFiles(bad);
    const report = page.locator(tid('entity-import-report'));
    await eventually(() => report.innerText()).toContain('未导入任何数据');
    const text = await report.innerText();
    expect(text).toContain('第 3 行');
    // row 4 onward carry the codes imported just now: they would update their factories, not fail
    expect(text).not.toContain('第 2 行');
    // let the dialog finish its opening animation before the picture
    await page.waitForTimeout(500);
    await shot(page, 'platform-import-report-zh');
    await page.keyboard.press('Escape');
    expect((await t.call('GET', '/Factory?Factory_Code=XLNEW')).body.Data).toEqual([]);
    expect((await t.call('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount).toBe(total * 2);
  });

  it('prints a factory to a PDF whose text holds its values in Chinese', async () => {
    const f = (
      await t.call<{ Factory_ID: number; Factory_Name: string }[]>('GET', '/Factory?Factory_Code=F01')
    ).body.Data[0];
    await page.goto(`${t.url}/setting/factory`);
    // the print button without a chosen row refuses with the spec's warning
    await page.click(tid('entity-print'));
    await eventually(toast).toContain('请先选择需要打印的行');
    await page.click(tid(`entity-edit-${f.Factory_ID}`));
    await page.click(tid('print-button'));
    const frame = page.locator(tid('print-frame'));
    await frame.waitFor();
    await shot(page, 'platform-print-zh');
    const base64 = await frameBytes();
    expect(base64.type).toBe('application/pdf');
    const text = await pdfText(base64, 'factory.pdf');
    expect(text).toContain(f.Factory_Name);
    expect(text).toContain('工厂');
  });

  it('prints every selected row of a list into one PDF, a page each', async () => {
    const fs = (
      await t.call<{ Factory_ID: number; Factory_Name: string }[]>('GET', '/Factory?Factory_Code__in=F01,F02')
    ).body.Data;
    expect(fs).toHaveLength(2);
    await page.goto(`${t.url}/setting/factory`);
    for (const f of fs) await page.locator(`tr[data-row-key="${f.Factory_ID}"] .ant-checkbox-input`).check();
    await page.click(tid('entity-print'));
    const frame = page.locator(tid('print-frame'));
    await frame.waitFor();
    const pages = (await pdfText(await frameBytes(), 'factories.pdf')).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => fs.findIndex((f) => p.includes(f.Factory_Name))).sort()).toEqual([0, 1]);
    await page.keyboard.press('Escape');
  });

  it('scrolls a long page virtually in the browser: 50 px rows, 5 beyond the viewport', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('f');
    sheet.addRow(['工厂编码', '工厂名称']);
    for (let i = 0; i < 150; i++) sheet.addRow([`VS${String(i).padStart(3, '0')}`, `虚拟滚动${i}`]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'vs.xlsx');
    const imported = await fetch(`${t.url}/Factory/Import`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' },
    });
    expect(imported.status).toBe(200);
    await page.goto(`${t.url}/setting/factory`);
    await page.click(`${tid('entity-list-Factory')} .ant-pagination-options .ant-select`);
    await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="200 条/页"]');
    const rows = page.locator(`${tid('entity-table')} tbody tr.ant-table-row`);
    // a 600 px body holds 12 rows; 5 more are rendered below it
    await eventually(() => rows.count()).toBe(17);
    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    expect(heights.every((h) => Math.round(h) === 50)).toBe(true);
    const body = page.locator(`${tid('entity-table')} .ant-table-body`);
    expect(Math.round(await body.evaluate((el) => el.clientHeight))).toBeLessThanOrEqual(600);
    await body.evaluate((el) => {
      el.scrollTop = 2000;
    });
    // the first row in view is the 41st: rows 36..62 are there, 5 above and 5 below the 12 in view
    await eventually(() => rows.first().locator('.list-serial').innerText()).toBe('36');
    expect(await rows.count()).toBe(22);
    const seen = await body.evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const first = [...el.querySelectorAll('tr.ant-table-row')].find(
        (tr) => tr.getBoundingClientRect().bottom > top + 1,
      );
      return first?.querySelector('.list-serial')?.textContent;
    });
    expect(seen).toBe('41');
    // header and body are two tables: their columns must line up
    const edges = await page.locator(tid('entity-table')).evaluate((el) => {
      const lefts = (cells: NodeListOf<Element> | undefined) =>
        [...(cells ?? [])].map((c) => Math.round(c.getBoundingClientRect().left));
      return {
        head: lefts(el.querySelectorAll('.ant-table-header thead tr:first-child th')),
        body: lefts(el.querySelector('.ant-table-body tr.ant-table-row')?.querySelectorAll('td')),
      };
    });
    expect(edges.body.length).toBeGreaterThan(3);
    expect(edges.head.slice(0, edges.body.length)).toEqual(edges.body);
    await shot(page, 'platform-virtual-scroll-zh');
  });

  it('adds a dictionary item through the add dialog, refusing a blank name', async () => {
    const d = (
      await t.call<{ ID: number; Items?: unknown[] }[]>(
        'GET',
        `/DataDictionary?Storage_Name=${encodeURIComponent('交货条款')}`,
      )
    ).body.Data[0];
    const before = (await t.call<{ Items: unknown[] }>('GET', `/DataDictionary/${d.ID}`)).body.Data.Items
      .length;
    await page.goto(`${t.url}/setting/dictionary`);
    await page.click(tid(`dictionary-add-item-${d.ID}`));
    await page.fill(tid('dictionary-item-name'), '   ');
    await page.click(tid('dictionary-item-save'));
    await eventually(() => page.locator('.ant-modal').innerText()).toContain('不能为空');
    await page.fill(tid('dictionary-item-name'), '  DAP 目的地交货 ');
    await shot(page, 'platform-dictionary-item-zh');
    await page.click(tid('dictionary-item-save'));
    await eventually(
      async () =>
        (await t.call<{ Items: { Item_Name: string }[] }>('GET', `/DataDictionary/${d.ID}`)).body.Data.Items,
    ).toHaveLength(before + 1);
    const items = (await t.call<{ Items: { Item_Name: string }[] }>('GET', `/DataDictionary/${d.ID}`)).body
      .Data.Items;
    expect(items.map((i) => i.Item_Name)).toContain('DAP 目的地交货');
  });

  it('picks a department in its tree, and the Set button opens the department page', async () => {
    const lina = (await t.call<{ User_ID: number }[]>('GET', '/Users?User_Account=lina')).body.Data[0];
    await page.goto(`${t.url}/setting/user`);
    await page.click(tid(`entity-edit-${lina.User_ID}`));
    const tree = page.locator(tid('tree-select-Department'));
    await tree.click();
    // the whole tree shows, nested: 计划科 sits under 生产部
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await eventually(() => dropdown.innerText()).toContain('计划科');
    const node = dropdown.locator('.ant-select-tree-treenode', { hasText: '计划科' });
    expect(await node.locator('.ant-select-tree-indent-unit').count()).toBeGreaterThan(0);
    await shot(page, 'platform-tree-select-zh');
    await node.locator('.ant-select-tree-title').click();
    await eventually(() => tree.innerText()).toContain('计划科');
    await page.click(tid('entity-form-save'));
    const plan = (
      await t.call<{ Dept_ID: number }[]>('GET', `/Department?Dept_Name=${encodeURIComponent('计划科')}`)
    ).body.Data[0];
    await eventually(
      async () => (await t.call<{ Dept_ID: number }>('GET', `/Users/${lina.User_ID}`)).body.Data.Dept_ID,
    ).toBe(plan.Dept_ID);
    // the saved form stays open on its record (issue 25); nothing being unsaved, its close button closes it
    await page.click('.ant-drawer-open .ant-drawer-close');
    await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
    await page.click(tid(`entity-edit-${lina.User_ID}`));
    const set = page.locator(tid('tree-select-set-Department'));
    expect(await set.isEnabled()).toBe(true);
    await set.click();
    await page.waitForURL(/\/setting\/department/);
    await page.waitForSelector(tid('entity-list-Department'));
  });

  it('shows the platform in English too', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto(`${t.url}${MATERIALS}`);
    await eventually(headers).toContain('Material');
    await page.click(tid('columns-gear'));
    await eventually(() => page.locator('.ant-modal').innerText()).toContain('Column settings');
    await shot(page, 'platform-columns-dialog-en');
    await page.keyboard.press('Escape');
    await openMaterial();
    await page.click(tid('attachments-open'));
    await eventually(() => page.locator(tid('attachments-dialog')).innerText()).toContain('Upload file');
    await shot(page, 'platform-attachments-en');
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  });
});
