import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

interface Report {
  Total: number;
  Imported: number;
  Added: number;
  Updated: number;
  Skipped: number;
  Dry_Run: boolean;
  Errors: { Row: number; Message: string }[];
  Rows: { Row: number; Status: string; Message?: string }[];
}

async function importFile(entity: string, data: Buffer, query = '') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'import.xlsx');
  const res = await fetch(`${t.url}/${entity}/Import${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { Code: number; Message: string; Data: Report } };
}

/** The list's own export of the locations, as a workbook to change and import again. */
async function exported(): Promise<ExcelJS.Workbook> {
  const res = await fetch(`${t.url}/Location/Export?Sort=Location_Code`, {
    headers: { authorization: `Bearer ${t.token}` },
  });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book;
}

const buffer = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());
type Loc = {
  Location_ID: number;
  Location_Code: string;
  Location_Name: string;
  Version: number;
  Parent_ID: number | null;
};
const locations = async () =>
  (await t.call<Loc[]>('GET', '/Location?PageSize=500&Sort=Location_Code')).body.Data;

/** Sets the name of the sheet row of `code`, and adds a row for a new location like it. */
function change(book: ExcelJS.Workbook, code: string, name: string, newCode?: string) {
  const sheet = book.worksheets[0];
  const header = sheet.getRow(1).values as unknown[];
  const codeCol = header.indexOf('库位编码');
  const nameCol = header.indexOf('库位名称');
  let copy: unknown[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(codeCol).value === code) {
      row.getCell(nameCol).value = name;
      copy = [...(row.values as unknown[])];
    }
  });
  if (newCode) {
    copy[codeCol] = newCode;
    copy[nameCol] = `${name}-新`;
    copy[header.indexOf('上级库位')] = null;
    sheet.addRow(copy.slice(1));
  }
}

describe('import of an exported sheet (issue 25 bug 10)', () => {
  it('updates the existing records by their code instead of refusing every row', async () => {
    const before = await locations();
    expect(before.length).toBeGreaterThan(1);
    const book = await exported();
    // a bin, not a zone: a zone renamed would no longer be found by its bins' 上级库位
    const first = before.find((l) => l.Parent_ID) as Loc;
    change(book, first.Location_Code, '重新导入的名称');
    const r = await importFile('Location', await buffer(book));
    expect(r.body.Message).not.toContain('已存在');
    expect(r.body).toMatchObject({ Code: 0, Data: { Added: 0, Updated: before.length, Skipped: 0 } });
    const after = await locations();
    expect(after.length).toBe(before.length);
    const changed = after.find((l) => l.Location_ID === first.Location_ID);
    expect(changed?.Location_Name).toBe('重新导入的名称');
    expect(changed?.Version).toBe(first.Version + 1);
    expect(r.body.Data.Rows.every((x) => x.Status === 'updated')).toBe(true);
  });

  it('a dry run validates and reports, and changes nothing', async () => {
    const before = await locations();
    const book = await exported();
    change(book, (before.find((l) => l.Parent_ID) as Loc).Location_Code, '试导入名称', 'DRY-NEW-1');
    const r = await importFile('Location', await buffer(book), '?Dry_Run=true');
    expect(r.body).toMatchObject({
      Code: 0,
      Data: { Dry_Run: true, Imported: 0, Added: 1, Updated: before.length },
    });
    expect(r.body.Message).toContain('未保存任何数据');
    expect(await locations()).toEqual(before);
  });

  it('add only skips the existing rows and adds the new one; update only skips the new one', async () => {
    const before = await locations();
    const book = await exported();
    change(book, before[0].Location_Code, '不应改变', 'ADD-ONLY-1');
    const added = await importFile('Location', await buffer(book), '?Mode=add');
    expect(added.body).toMatchObject({ Code: 0, Data: { Added: 1, Updated: 0, Skipped: before.length } });
    const skipped = added.body.Data.Rows.find((x) => x.Status === 'skipped');
    expect(skipped?.Message).toContain('已存在');
    const after = await locations();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((l) => l.Location_ID === before[0].Location_ID)?.Location_Name).toBe(
      before[0].Location_Name,
    );

    const again = await exported();
    change(again, before[0].Location_Code, before[0].Location_Name, 'UPD-ONLY-1');
    const updated = await importFile('Location', await buffer(again), '?Mode=update');
    expect(updated.body).toMatchObject({ Code: 0, Data: { Added: 0, Skipped: 1 } });
    expect(updated.body.Data.Updated).toBe(after.length);
    expect((await locations()).some((l) => l.Location_Code === 'UPD-ONLY-1')).toBe(false);
  });

  it('refuses an unknown mode, and a code twice in one sheet', async () => {
    const book = await exported();
    const bad = await importFile('Location', await buffer(book), '?Mode=replace');
    expect([bad.status, bad.body.Code]).toEqual([400, 1]);
    const sheet = book.worksheets[0];
    sheet.addRow((sheet.getRow(2).values as unknown[]).slice(1));
    const twice = await importFile('Location', await buffer(book));
    expect(twice.status).toBe(400);
    expect(twice.body.Data.Errors).toHaveLength(1);
    expect(twice.body.Data.Errors[0].Message).toBe('「库位编码」的值已存在');
  });

  it('offers a template whose headers are the fields a sheet may fill', async () => {
    const res = await fetch(`${t.url}/Location/ImportTemplate`, {
      headers: { authorization: `Bearer ${t.token}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect((book.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual([
      'Location code',
      'Location name',
      'Warehouse',
      'Parent location',
      'Disabled',
    ]);
    expect(book.worksheets[0].rowCount).toBe(1);
  });
});
