import type { TestServer } from '@mes/app-server/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockDoc, STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { createDoc, post, type StockFixture, stockTestServer } from './testkit.server';

/** A stock document's lines to Excel and back (POST /StockDoc/LinesExport, /StockDoc/LinesImport). */
let t: TestServer;
let f: StockFixture;
let codes: { avg: string; fifo: string; locA: string };
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
  const get = async (path: string, field: string) =>
    String((await t.call<Record<string, unknown>>('GET', path)).body.Data[field]);
  codes = {
    avg: await get(`/Material/${f.avg}`, 'Material_Number'),
    fifo: await get(`/Material/${f.fifo}`, 'Material_Number'),
    locA: await get(`/Location/${f.locA}`, 'Location_Code'),
  };
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const bearer = (): Headers => ({ authorization: `Bearer ${t.token}` });

async function exportLines(body: unknown, headers: Headers = bearer()) {
  return fetch(`${t.url}/StockDoc/LinesExport`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

interface Report {
  Code: number;
  Message: string;
  Data: { Imported: number; Rows?: Record<string, unknown>[]; Errors?: { Row: number; Message: string }[] };
}
async function importLines(data: Buffer, name = 'lines.xlsx', lines = 'Lines', headers: Headers = bearer()) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${t.url}/StockDoc/LinesImport?Lines=${lines}`, {
    method: 'POST',
    body: form,
    headers: { ...headers, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Report };
}

async function sheetOf(res: Response): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book.worksheets[0];
}
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const column = (sheet: ExcelJS.Worksheet, header: string) => {
  let at = 0;
  sheet.getRow(1).eachCell((c, i) => {
    if (c.value === header) at = i;
  });
  return at;
};

describe('a document’s lines to Excel and back', () => {
  it('writes the lines with the entered columns, references as code and name', async () => {
    const res = await exportLines({
      Lines: 'Lines',
      Rows: [
        { Material_ID: f.avg, Location_ID: f.locA, Qty: '5', Unit_Price: '2.5', Amount: '12.5' },
        { Material_ID: f.fifo, Location_ID: f.locA, Qty: '=1+1', Unit_Price: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('库存单据-明细.xlsx'));
    const sheet = await sheetOf(res);
    const material = column(sheet, '物料');
    const qty = column(sheet, '数量');
    expect(material).toBeGreaterThan(0);
    expect(qty).toBeGreaterThan(0);
    // computed columns are the server's, not the sheet's
    expect(column(sheet, '金额')).toBe(0);
    expect(sheet.getRow(2).getCell(material).value).toBe(`${codes.avg} 测试物料${codes.avg}`);
    expect(sheet.getRow(2).getCell(column(sheet, '库位')).value).toBe(`${codes.locA} 库位${codes.locA}`);
    // a number is a number, which the sheet can sum
    expect(sheet.getRow(2).getCell(qty).value).toBe(5);
    // what looks like a formula stays text
    expect(sheet.getRow(3).getCell(qty).value).toBe(`'=1+1`);
  });

  it('escapes a reference whose code or name starts like a formula, as any typed text', async () => {
    const made = await t.call<{ Location_ID: number }>('POST', '/Location', {
      Location_Code: '=HYPERLINK("http://x")',
      Location_Name: '@库位',
      Warehouse_ID: f.warehouse,
    });
    expect(made.body.Code, made.body.Message).toBe(0);
    const res = await exportLines({
      Lines: 'Lines',
      Rows: [{ Material_ID: f.avg, Location_ID: made.body.Data.Location_ID, Qty: '-2' }],
    });
    const sheet = await sheetOf(res);
    expect(sheet.getRow(2).getCell(column(sheet, '库位')).value).toBe(`'=HYPERLINK("http://x") @库位`);
    expect(sheet.getRow(2).getCell(column(sheet, '数量')).value).toBe(-2);
  });

  it('reads an exported sheet back, counted there: the rows for the form, names included', async () => {
    const res = await exportLines({
      Lines: 'Lines',
      Rows: [
        { Material_ID: f.avg, Location_ID: f.locA, Qty: '5', Unit_Price: '2.5' },
        { Material_ID: f.fifo, Location_ID: f.locA, Qty: '1' },
      ],
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    sheet.getRow(2).getCell(column(sheet, '数量')).value = 7;
    sheet.getRow(3).getCell(column(sheet, '数量')).value = '1,250.5';
    const r = await importLines(Buffer.from(await book.xlsx.writeBuffer()));
    expect(r.status, r.body.Message).toBe(200);
    expect(r.body.Message).toBe('已导入 2 行');
    expect(r.body.Data.Rows).toEqual([
      {
        Material_ID: f.avg,
        Material_Code: codes.avg,
        Material_Name: `测试物料${codes.avg}`,
        Location_ID: f.locA,
        Location_Code: codes.locA,
        Location_Name: `库位${codes.locA}`,
        Qty: '7',
        Unit_Price: '2.5',
        // a stocktake's book and difference, filled at import as a save would
        Book_Qty: '0',
        Diff_Qty: '7',
      },
      {
        Material_ID: f.fifo,
        Material_Code: codes.fifo,
        Material_Name: `测试物料${codes.fifo}`,
        Location_ID: f.locA,
        Location_Code: codes.locA,
        Location_Name: `库位${codes.locA}`,
        Qty: '1250.5',
        Book_Qty: '0',
        Diff_Qty: '1250.5',
      },
    ]);
  });

  it('finds a reference by its code or its name, headers in either language', async () => {
    const r = await importLines(
      await xlsx([
        ['Material', 'Location', 'Qty'],
        [codes.fifo, `库位${codes.locA}`, 3],
        [`测试物料${codes.avg}`, codes.locA, '4'],
      ]),
    );
    expect(r.status, r.body.Message).toBe(200);
    expect(r.body.Data.Rows?.map((x) => [x.Material_ID, x.Location_ID, x.Qty])).toEqual([
      [f.fifo, f.locA, '3'],
      [f.avg, f.locA, '4'],
    ]);
  });

  it('names every row at fault, in the user’s language, and gives the form nothing', async () => {
    const file = await xlsx([
      ['物料', '库位', '数量'],
      ['无此物料-ZZ9', codes.locA, 1],
      [codes.avg, codes.locA, 'abc'],
      [codes.avg, codes.locA, 2],
    ]);
    const r = await importLines(file);
    expect(r.status).toBe(400);
    expect(r.body.Code).toBe(1);
    expect(r.body.Message).toBe('有 2 行数据有误，未导入任何数据');
    expect(r.body.Data.Rows).toBeUndefined();
    expect(r.body.Data.Errors?.map((e) => e.Row)).toEqual([2, 3]);
    expect(r.body.Data.Errors?.[0].Message).toBe('找不到：物料: 无此物料-ZZ9');
    expect(r.body.Data.Errors?.[1].Message).toContain('数量');
    const en = await importLines(file, 'lines.xlsx', 'Lines', { ...bearer(), 'accept-language': 'en' });
    expect(en.body.Data.Errors?.[0].Message).toBe('Not found: Material: 无此物料-ZZ9');
  });

  it('refuses what is not a sheet of lines, with a message, and no 500', async () => {
    const max = stockDoc.lines.Lines.maxRows ?? 0;
    const notXlsx = await importLines(Buffer.from('Material,Qty\n'), 'lines.csv');
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.Message).toBe('请上传 xlsx 格式的 Excel 文件');
    const disguised = await importLines(Buffer.from('not really a zip file'), 'lines.xlsx');
    expect(disguised.status).toBe(400);
    const empty = await importLines(await xlsx([['物料', '数量']]));
    expect(empty.body.Message).toBe('Excel 文件中没有数据');
    const unknown = await importLines(await xlsx([['物料'], [codes.avg]]), 'lines.xlsx', 'Nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe('没有名为 Nope 的明细');
    const many = await importLines(
      await xlsx([
        ['物料', '库位', '数量'],
        ...Array.from({ length: max + 1 }, () => [codes.avg, codes.locA, 1]),
      ]),
    );
    expect(many.status).toBe(400);
    expect(many.body.Message).toBe(`Excel 中有 ${max}+ 行明细，一张单据最多 ${max} 行`);
    for (const body of [{ Lines: 'Lines', Rows: 'x' }, { Rows: [] }, { Lines: 'Nope', Rows: [] }]) {
      const res = await exportLines(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Report).Code).toBe(1);
    }
  });

  it('needs the page’s import and export grants, checked on the server', async () => {
    const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const menu = menus.find((m) => m.Menu_Code === 'record.inventoryDoc')?.Menu_ID;
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: 'iv-lines',
      Role_Name: 'iv-lines',
      Grants: [{ Menu_ID: menu, Buttons: 'add,edit', Opera_Type: 2 }],
    });
    expect(role.body.Code, role.body.Message).toBe(0);
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'ivlines',
      User_Name: 'ivlines',
      U_Type: 1,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const auth = { authorization: `Bearer ${await t.login('ivlines', 'sesame-4711')}` };
    const r = await importLines(
      await xlsx([
        ['物料', '数量'],
        [codes.avg, 1],
      ]),
      'lines.xlsx',
      'Lines',
      auth,
    );
    expect(r.status).toBe(403);
    expect((await exportLines({ Lines: 'Lines', Rows: [] }, auth)).status).toBe(403);
  });
});

// issue 25, bug 11: after 导入明细 the book and difference stayed blank until the document was saved
describe('a counted sheet read back', () => {
  it('fills each line’s book quantity and difference at import; the list row totals counted, book, difference and its value', async () => {
    const g = await (await import('./testkit.server')).stockFixture(t);
    await post(t, T.RECEIPT, [{ Material_ID: g.avg, Location_ID: g.locA, Qty: '10', Unit_Price: '2' }]);
    const code = String(
      (await t.call<Record<string, unknown>>('GET', `/Material/${g.avg}`)).body.Data.Material_Number,
    );
    const loc = String(
      (await t.call<Record<string, unknown>>('GET', `/Location/${g.locA}`)).body.Data.Location_Code,
    );
    const r = await importLines(
      await xlsx([
        ['物料', '库位', '数量', '单价'],
        [code, loc, 8, 2],
      ]),
    );
    expect(r.status, r.body.Message).toBe(200);
    expect(r.body.Data.Rows?.[0]).toMatchObject({ Qty: '8', Book_Qty: '10', Diff_Qty: '-2' });
    // saved, the header carries the totals a list row shows side by side
    const c = await createDoc(t, T.COUNT, [
      { Material_ID: g.avg, Location_ID: g.locA, Qty: '8', Unit_Price: '2' },
    ]);
    expect(c.body.Code, c.body.Message).toBe(0);
    const list = await t.call<Record<string, unknown>[]>(
      'GET',
      `/StockDoc?Doc_Type=${T.COUNT}&KeyWord=${c.body.Data.Doc_NO}`,
    );
    expect(list.body.Data[0]).toMatchObject({
      Total_Qty: '8',
      Total_Book_Qty: '10',
      Total_Diff_Qty: '-2',
      Total_Amount: '-4',
    });
  });
});
