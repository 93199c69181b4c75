import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * One request must not stall everyone (issue 24, item 6) and Excel safety (item 9): prints and
 * uploads are bounded and run in worker threads; exports keep numbers numeric; imports say in the
 * user's words what is wrong with a row.
 */
let t: TestServer;
/** Dictionaries of 500 items each (the most a dictionary holds): 11 of them pass the print bound. */
const dicts: number[] = [];
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
  for (let d = 0; d < 11; d++) {
    const items = Array.from({ length: 500 }, (_, i) => ({
      Item_Code: `I${i}`,
      Item_Name: `字典项 ${d}-${i} 一段稍长的名称`,
      Sort_NO: i,
    }));
    const r = await t.call<{ ID: number }>('POST', '/DataDictionary', {
      Storage_Name: `大字典${d}`,
      Items: items,
    });
    expect(r.body.Code, r.body.Message).toBe(0);
    dicts.push(r.body.Data.ID);
  }
}, 120_000);
afterAll(async () => t?.close());

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

async function print(ids: string, lang = 'zh') {
  const res = await fetch(`${t.url}/Report/Viewer?Entity=DataDictionary&ID=${ids}`, {
    headers: { authorization: `Bearer ${t.token}`, 'accept-language': lang },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body, json: () => JSON.parse(body.toString()) as { Message: string } };
}

describe('printing', () => {
  it('prints a record once however its id is written (86, 086, 0086)', async () => {
    const id = dicts[0];
    const once = await print(String(id));
    expect(once.status).toBe(200);
    const pages = pageCount(once.body);
    expect(pages).toBeGreaterThan(1);
    const repeated = await print(`${id},0${id},00${id},000${id}`);
    expect(repeated.status).toBe(200);
    expect(pageCount(repeated.body)).toBe(pages);
  });

  it('refuses more lines than one print may draw, in the user’s language', async () => {
    const all = dicts.join(',');
    const zh = await print(all);
    expect(zh.status).toBe(400);
    expect(zh.json().Message).toBe('一次最多打印 5000 行明细，请少选几条');
    expect((await print(all, 'en')).json().Message).toBe(
      'At most 5000 lines can be printed at once; choose fewer records',
    );
  });

  it('keeps answering other requests while it draws 5,000 lines', async () => {
    const started = Date.now();
    let done = false;
    const big = print(dicts.slice(0, 10).join(',')).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const at = Date.now();
      expect((await t.call('GET', '/DataDictionary?PageSize=1')).status).toBe(200);
      latencies.push(Date.now() - at);
      await new Promise((r) => setTimeout(r, 20));
    }
    const r = await big;
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    expect(pageCount(r.body)).toBeGreaterThan(100);
    // drawn on the event loop, one small request waited for most of the drawing
    expect(latencies.length).toBeGreaterThan(3);
    expect(Math.max(...latencies)).toBeLessThan(took / 2);
  }, 60_000);
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Report {
  Code: number;
  Message: string;
  Data: { Imported: number; Errors: { Row: number; Message: string }[] } | null;
}
async function importFile(entity: string, data: Buffer, lang = 'zh') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'import.xlsx');
  const res = await fetch(`${t.url}/${entity}/Import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${t.token}`, accept: 'application/json', 'accept-language': lang },
  });
  return { status: res.status, body: (await res.json()) as Report };
}

describe('importing', () => {
  it('refuses a sheet past the row limit as soon as its reading passes it, not after reading it whole', async () => {
    const rows: unknown[][] = [['部门编码', '部门名称']];
    for (let i = 0; i < 5010; i++) rows.push([`R${i}`, `部门${i}`]);
    // the sheet is cut off after row 5003: read whole it is a broken file, read as a stream it has
    // too many rows before the break
    const zip = await JSZip.loadAsync(await xlsx(rows));
    const path = 'xl/worksheets/sheet1.xml';
    const xml = await zip.file(path)?.async('string');
    const cut = xml?.indexOf('<row r="5004"') ?? -1;
    expect(cut).toBeGreaterThan(0);
    // without its <dimension>, so that the rows are counted as they stream
    const body = `${xml?.slice(0, cut)}<row r="5004"><c r="A5004" t="inlineStr"><is><t>broken`;
    zip.file(path, body.replace(/<dimension [^>]*\/>/, ''));
    const broken = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const r = await importFile('Department', broken);
    expect([r.status, r.body.Message]).toEqual([400, '一次最多导入 5000 行']);
    expect((await t.call('GET', '/Department?Dept_Code=R1')).body.Paging?.TotalCount).toBe(0);
  });

  it('refuses a sheet whose <dimension> declares more rows than the limit before reading its rows', async () => {
    const zip = await JSZip.loadAsync(
      await xlsx([
        ['部门编码', '部门名称'],
        ['DM1', '声明过长'],
      ]),
    );
    const path = 'xl/worksheets/sheet1.xml';
    const xml = (await zip.file(path)?.async('string')) ?? '';
    expect(xml).toMatch(/<dimension ref="A1:B2"\/>/);
    zip.file(path, xml.replace('<dimension ref="A1:B2"/>', '<dimension ref="A1:B300001"/>'));
    const r = await importFile(
      'Department',
      await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
    );
    expect([r.status, r.body.Message]).toEqual([400, '一次最多导入 5000 行']);
    expect((await t.call('GET', '/Department?Dept_Code=DM1')).body.Paging?.TotalCount).toBe(0);
  });

  it('refuses a workbook that unpacks to more than the bound (a zip bomb), whatever sizes it declares', async () => {
    const zip = await JSZip.loadAsync(
      await xlsx([
        ['部门编码', '部门名称'],
        ['ZB1', '炸弹'],
      ]),
    );
    // 256 MB of zeros deflate to a quarter of a megabyte
    zip.file('xl/media/zeros.bin', deflateRawSync(Buffer.alloc(256 * 2 ** 20)), { binary: true });
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    // stored as is above, the entry is the deflated stream; declared deflated, it inflates to 256 MB
    const patched = declareDeflated(bomb, 'xl/media/zeros.bin', 256 * 2 ** 20);
    const r = await importFile('Department', patched);
    expect([r.status, r.body.Message]).toEqual([400, 'Excel 文件解压后过大（上限 200 MB）']);
    const en = await importFile('Department', patched, 'en');
    expect(en.body.Message).toBe('The Excel file is too large once unpacked (limit 200 MB)');
    expect((await t.call('GET', '/Department?Dept_Code=ZB1')).body.Paging?.TotalCount).toBe(0);
  }, 60_000);

  it('refuses a formula whose value the file does not hold, row by row', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['部门编码', '部门名称']);
    sheet.addRow(['FX1', '有值公式']);
    sheet.getRow(2).getCell(2).value = { formula: 'CONCAT("有值","公式")', result: '有值公式' };
    sheet.addRow(['FX2', null]);
    // written by a program, never calculated: no cached value
    sheet.getRow(3).getCell(2).value = { formula: 'CONCAT("无值","公式")' } as ExcelJS.CellFormulaValue;
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const r = await importFile('Department', file);
    expect(r.status).toBe(400);
    expect(r.body.Data?.Errors).toEqual([
      { Row: 3, Message: '公式没有计算结果：请在 Excel 中打开、重新计算并保存后再导入' },
    ]);
    expect((await importFile('Department', file, 'en')).body.Data?.Errors[0].Message).toBe(
      'A formula has no calculated value: open the file in Excel, recalculate, save and import it again',
    );
    expect((await t.call('GET', '/Department?Dept_Code=FX1')).body.Paging?.TotalCount).toBe(0);
  });

  it('reports a row the database refuses in the user’s words, never the database’s message', async () => {
    // a date the schema takes and PostgreSQL does not (there is no year 0)
    const sheet = await xlsx([
      ['供应商编码', '供应商全称', '供应商简称', '资质有效期'],
      ['DB1', '数据库拒绝的供应商', '拒绝', '0000-01-01'],
    ]);
    const r = await importFile('Supplier', sheet);
    expect(r.status).toBe(400);
    const message = r.body.Data?.Errors[0]?.Message ?? '';
    expect(r.body.Data?.Errors[0]?.Row).toBe(2);
    expect(message).not.toMatch(/date\/time|out of range|supplier|column|relation|violates/i);
    expect(message).toMatch(/[\u4e00-\u9fff]/);
    const en = await importFile('Supplier', sheet, 'en');
    expect(en.body.Data?.Errors[0]?.Message).not.toMatch(/date\/time|supplier|column|relation|violates/);
  });
});

describe('exporting', () => {
  it('writes numbers as numbers and escapes only text that starts like a formula', async () => {
    for (const [code, name, sort] of [
      ['EX1', '-负号开头', 7],
      ['EX2', '+加号开头', 0],
      ['EX3', '@at', 12],
      ['EX4', '普通 = 名称', 3],
    ] as const)
      expect(
        (await t.call('POST', '/Department', { Dept_Code: code, Dept_Name: name, Sort_NO: sort })).body.Code,
      ).toBe(0);
    const res = await fetch(`${t.url}/Department/Export?Dept_Code__like=EX&Sort=Dept_Code`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    const header = sheet.getRow(1).values as unknown[];
    const col = (label: string) => header.indexOf(label);
    const read = (label: string) => [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(col(label)).value);
    expect(read('排序')).toEqual([7, 0, 12, 3]);
    expect(read('部门名称')).toEqual([`'-负号开头`, `'+加号开头`, `'@at`, '普通 = 名称']);
  });
});

/**
 * The zip with one stored entry re-labelled as deflated and its declared size set to `size`: the
 * bytes were deflated beforehand, so the entry now inflates to `size`.
 */
function declareDeflated(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const sig = out.readUInt32LE(i);
    const local = sig === 0x04034b50;
    const central = sig === 0x02014b50;
    if (!local && !central) continue;
    const nameAt = i + (local ? 30 : 46);
    const len = out.readUInt16LE(i + (local ? 26 : 28));
    if (out.toString('utf8', nameAt, nameAt + len) !== name) continue;
    const base = local ? i : i + 2;
    out.writeUInt16LE(8, base + 8);
    out.writeUInt32LE(size, base + 22);
  }
  return out;
}
