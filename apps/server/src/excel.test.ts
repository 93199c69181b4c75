import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('s');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importFile(entity: string, data: Buffer, name = 'import.xlsx', token = t.token) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${t.url}/${entity}/Import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      Code: number;
      Message: string;
      Data: { Imported: number; Errors: { Row: number; Message: string }[] };
    },
  };
}

describe('Excel', () => {
  it('exports the filtered list with labels, and escapes formula-like text', async () => {
    await t.call('POST', '/Factory', { Factory_Code: 'XF1', Factory_Name: '=HYPERLINK("http://evil")' });
    const res = await fetch(`${t.url}/Factory/Export?Sort=Factory_Code`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('工厂编码');
    const names = [2, 3, 4].map((r) => sheet.getRow(r).getCell(2).value);
    expect(names).toEqual(['苏州精工一厂', '昆山装配二厂', `'=HYPERLINK("http://evil")`]);
    const filtered = await fetch(`${t.url}/Factory/Export?Factory_Code=F01`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    const b2 = new ExcelJS.Workbook();
    await b2.xlsx.load(await filtered.arrayBuffer());
    expect(b2.worksheets[0].rowCount).toBe(2);
  });

  it('imports all rows or none, with a row-by-row report, resolving links by name', async () => {
    const good = await xlsx([
      ['部门编码', '部门名称', '上级部门', '排序'],
      ['IM1', '导入一部', '生产部', 1],
      ['IM2', '导入二部', '生产部', 2],
    ]);
    const ok = await importFile('Department', good);
    expect(ok.body).toMatchObject({ Code: 0, Data: { Imported: 2, Errors: [] } });
    const rows = await t.call<{ Parent_Dept_Name: string }[]>('GET', '/Department?Dept_Code__in=IM1,IM2');
    expect(rows.body.Data.map((r) => r.Parent_Dept_Name)).toEqual(['生产部', '生产部']);

    const bad = await xlsx([
      ['Department code', 'Department name', 'Parent department'],
      ['IM3', '导入三部', '生产部'],
      ['IM4', '', '生产部'],
      ['IM3', '重复编码', ''],
      ['IM5', '未知上级', '不存在的部门'],
    ]);
    const r = await importFile('Department', bad);
    expect(r.status).toBe(400);
    expect(r.body.Code).toBe(1);
    expect(r.body.Message).toBe('有 3 行数据有误，未导入任何数据');
    expect(r.body.Data.Errors.map((e) => e.Row)).toEqual([3, 4, 5]);
    expect(r.body.Data.Errors[1].Message).toContain('已存在');
    expect(r.body.Data.Errors[2].Message).toContain('不存在的部门');
    expect((await t.call('GET', '/Department?Dept_Code=IM3')).body.Paging?.TotalCount).toBe(0);
  });

  it('reads a parent that a row above brings (a reference to the entity imported is read row by row)', async () => {
    const tree = await xlsx([
      ['部门编码', '部门名称', '上级部门'],
      ['IT1', '导入总部', '生产部'],
      ['IT2', '导入分部', 'IT1'],
      ['IT3', '导入小组', '导入分部'],
    ]);
    expect((await importFile('Department', tree)).body).toMatchObject({ Code: 0, Data: { Imported: 3 } });
    const rows = await t.call<{ Dept_Code: string; Parent_Dept_Name: string }[]>(
      'GET',
      '/Department?Dept_Code__in=IT1,IT2,IT3&Sort=Dept_Code',
    );
    expect(rows.body.Data.map((r) => r.Parent_Dept_Name)).toEqual(['生产部', '导入总部', '导入分部']);
  });

  it('reads a formula as its result, rich text and a link as their text (not "[object Object]")', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['部门编码', '部门名称', '上级部门']);
    sheet.addRow([
      { formula: 'CONCAT("IF","1")', result: 'IF1' },
      { richText: [{ text: '公式' }, { font: { bold: true }, text: '导入部' }] },
      { text: '生产部', hyperlink: 'https://example.com/dept' },
    ]);
    const r = await importFile('Department', Buffer.from(await book.xlsx.writeBuffer()));
    expect(r.body).toMatchObject({ Code: 0, Data: { Imported: 1 } });
    const rows = await t.call<{ Dept_Name: string; Parent_Dept_Name: string }[]>(
      'GET',
      '/Department?Dept_Code=IF1',
    );
    expect(rows.body.Data).toMatchObject([{ Dept_Name: '公式导入部', Parent_Dept_Name: '生产部' }]);
  });

  it('writes a material as "code name" and reads it back so, by its code, or by a name only it has', async () => {
    const mats = (
      await t.call<{ Material_ID: number; Material_Number: string }[]>(
        'GET',
        `/Material?Material_Name=${encodeURIComponent('冷轧钢板')}&Sort=Material_Number`,
      )
    ).body.Data;
    // the demo's cold-rolled sheet comes in several thicknesses, all named alike
    expect(mats.length).toBeGreaterThan(1);
    const [a, b] = mats;
    const sheet = await xlsx([
      ['包装编码', '包装名称', '物料'],
      ['XP1', '按编码', b.Material_Number],
      ['XP2', '按编码和名称', `${a.Material_Number} 冷轧钢板`],
    ]);
    const ok = await importFile('PackageSetting', sheet);
    expect(ok.body).toMatchObject({ Code: 0, Data: { Imported: 2, Errors: [] } });
    const rows = await t.call<{ Material_ID: number; Material_Code: string }[]>(
      'GET',
      '/PackageSetting?Package_Code__in=XP1,XP2&Sort=Package_Code',
    );
    expect(rows.body.Data.map((r) => [r.Material_ID, r.Material_Code])).toEqual([
      [b.Material_ID, b.Material_Number],
      [a.Material_ID, a.Material_Number],
    ]);
    // a name several materials share is no answer
    const ambiguous = await importFile(
      'PackageSetting',
      await xlsx([
        ['包装编码', '包装名称', '物料'],
        ['XP3', '按名称', '冷轧钢板'],
      ]),
    );
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.Data.Errors[0].Message).toContain('冷轧钢板');
    // the list's own export writes what the import reads back
    const res = await fetch(`${t.url}/PackageSetting/Export?Package_Code=XP2`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const header = book.worksheets[0].getRow(1).values as unknown[];
    const cell = book.worksheets[0].getRow(2).getCell(header.indexOf('物料')).value;
    expect(cell).toBe(`${a.Material_Number} 冷轧钢板`);
  });

  it('refuses files that are not xlsx, and users without the Import right', async () => {
    expect((await importFile('Factory', Buffer.from('%PDF-1.4'), 'x.xlsx')).body.Message).toBe(
      '请上传 xlsx 格式的 Excel 文件',
    );
    expect((await importFile('Factory', await xlsx([['a']]), 'x.csv')).body.Code).toBe(1);
    expect((await importFile('Factory', await xlsx([['工厂编码']]))).body.Message).toBe(
      'Excel 文件中没有数据',
    );
    const lina = await t.login('lina', 'demo1234');
    expect((await importFile('Factory', await xlsx([['工厂编码'], ['A']]), 'a.xlsx', lina)).status).toBe(403);
    expect(
      (await fetch(`${t.url}/Factory/Export`, { headers: { authorization: `Bearer ${lina}` } })).status,
    ).toBe(403);
  });
});

describe('export progress', () => {
  type P = { Total: number; Written: number; Done: boolean };
  const progressOf = async (token: string, auth = t.token) =>
    (
      await t.call<P>('GET', `/Excel/ExportProgress?Token=${token}`, undefined, {
        authorization: `Bearer ${auth}`,
      })
    ).body;

  it('counts the rows written against the total announced before the file streams', async () => {
    const rows: unknown[][] = [['部门编码', '部门名称']];
    for (let i = 0; i < 1234; i++) rows.push([`EP${i}`, `导出进度${i}`]);
    expect((await importFile('Department', await xlsx(rows))).body.Code).toBe(0);
    const total = (await t.call('GET', '/Department?PageSize=1&Dept_Code__like=EP')).body.Paging?.TotalCount;
    expect(total).toBe(1234);
    const token = 'progress-test-0001';
    const res = await fetch(`${t.url}/Department/Export?Dept_Code__like=EP&Progress_Token=${token}`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1234');
    // while the body arrives, the count only grows and never passes the total
    const seen: number[] = [];
    const reader = res.body?.getReader();
    let bytes = 0;
    for (;;) {
      const part = await reader?.read();
      if (!part || part.done) break;
      bytes += part.value.length;
      const p = (await progressOf(token)).Data;
      expect(p.Total).toBe(1234);
      seen.push(p.Written);
    }
    expect(bytes).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect
      .poll(async () => (await progressOf(token)).Data)
      .toEqual({ Total: 1234, Written: 1234, Done: true });
    // another user cannot read it, and a malformed token is a client error
    const lina = await t.login('lina', 'demo1234');
    expect((await progressOf(token, lina)).Data).toEqual({ Total: 0, Written: 0, Done: false });
    const bad = await t.call('GET', '/Excel/ExportProgress?Token=../x');
    expect([bad.status, bad.body.Code]).toEqual([400, 1]);
    const badExport = await fetch(`${t.url}/Department/Export?Progress_Token=a%20b`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(badExport.status).toBe(400);
  });
});

describe('GET /BatchNO', () => {
  it('numbers batches per material and day, concurrently unique', async () => {
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    const no = (await t.call<{ Material_Number: string }[]>('GET', '/Material?PageSize=1')).body.Data[0]
      .Material_Number;
    const keys = await Promise.all(
      Array.from({ length: 8 }, () =>
        t
          .call<{ Key_Name: string }>('GET', `/BatchNO?Encoding_Rules=${no}`)
          .then((r) => r.body.Data.Key_Name),
      ),
    );
    expect(new Set(keys).size).toBe(8);
    expect(keys.sort()[0]).toBe(`${no}${day}001`);
    expect((await t.call('GET', '/BatchNO?Encoding_Rules=')).body.Code).toBe(1);
    expect((await t.call('GET', "/BatchNO?Encoding_Rules=a'b")).body.Code).toBe(1);
  });
});
