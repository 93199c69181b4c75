import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
let clerk: string;
beforeAll(async () => {
  t = await startTestServer();
  const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
    .body.Data;
  const menu = (code: string) => menus.find((m) => m.Menu_Code === code)?.Menu_ID;
  // a clerk who may import locations (add) but not edit them
  const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'clerk',
    Role_Name: 'clerk',
    Grants: [{ Menu_ID: menu('record.location'), Buttons: 'add,import,export', Opera_Type: 2 }],
  });
  expect(role.body.Code, role.body.Message).toBe(0);
  const u = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: 'clerk',
    User_Name: 'clerk',
    Roles: [{ Role_ID: role.body.Data.Role_ID }],
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'password-clerk-1' });
  clerk = await t.login('clerk', 'password-clerk-1');
});
afterAll(async () => t?.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });
type View = { ID: number; View_Name: string; Filters: Record<string, string> };

describe('saved list filters (UserListView)', () => {
  it('saves, lists, replaces and deletes a user’s own filters; refuses fields the list does not have', async () => {
    const saved = await t.call<{ ID: number }>('POST', '/UserListView', {
      List_Name: 'StockLedger',
      View_Name: '本月',
      Filters: { Posting_Date__gte: '2026-11-01', Posting_Date__lte: '2026-11-30' },
    });
    expect(saved.body.Code, saved.body.Message).toBe(0);
    // the same name again replaces it
    await t.call('POST', '/UserListView', {
      List_Name: 'StockLedger',
      View_Name: '本月',
      Filters: { Posting_Date__gte: '2026-11-02' },
    });
    const mine = await t.call<View[]>('GET', '/UserListView?List_Name=StockLedger');
    expect(mine.body.Data).toEqual([
      { ID: saved.body.Data.ID, View_Name: '本月', Filters: { Posting_Date__gte: '2026-11-02' } },
    ]);
    // what is saved is what the list takes: the ledger filtered by a date range
    const ledger = await t.call(
      'GET',
      '/StockLedger?Posting_Date__gte=2026-11-02&Posting_Date__lte=2026-11-30',
    );
    expect(ledger.body.Code, ledger.body.Message).toBe(0);

    const unknown = await t.call('POST', '/UserListView', {
      List_Name: 'StockLedger',
      View_Name: 'x',
      Filters: { No_Such_Field: '1' },
    });
    expect([unknown.status, unknown.body.Code]).toEqual([400, 1]);
    const badDate = await t.call('POST', '/UserListView', {
      List_Name: 'StockLedger',
      View_Name: 'x',
      Filters: { Posting_Date__gte: 'yesterday' },
    });
    expect(badDate.body.Code).toBe(1);

    // another user sees none of them and cannot delete them
    expect(
      (await t.call<View[]>('GET', '/UserListView?List_Name=StockLedger', undefined, as(clerk))).body.Data,
    ).toEqual([]);
    const theirs = await t.call('DELETE', `/UserListView/${saved.body.Data.ID}`, undefined, as(clerk));
    expect(theirs.status).toBe(404);
    // nor save filters of a list they may not open
    const notTheirs = await t.call(
      'POST',
      '/UserListView',
      { List_Name: 'StockLedger', View_Name: 'x', Filters: {} },
      as(clerk),
    );
    expect(notTheirs.status).toBe(403);

    expect((await t.call('DELETE', `/UserListView/${saved.body.Data.ID}`)).body.Code).toBe(0);
    expect((await t.call<View[]>('GET', '/UserListView?List_Name=StockLedger')).body.Data).toEqual([]);
  });
});

describe('import and the edit grant', () => {
  it('adds with the import grant, but updates an existing record only with the edit grant', async () => {
    const wh = await t.call<{ Warehouse_ID: number }>('POST', '/Warehouse', {
      Warehouse_Code: 'W-IMP',
      Warehouse_Name: '导入仓',
    });
    expect(wh.body.Code, wh.body.Message).toBe(0);
    await t.call('POST', '/Location', {
      Location_Code: 'L-OLD',
      Location_Name: '旧库位',
      Warehouse_ID: wh.body.Data.Warehouse_ID,
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('s');
    sheet.addRow(['库位编码', '库位名称', '仓库']);
    sheet.addRow(['L-OLD', '改名', '导入仓']);
    sheet.addRow(['L-NEW', '新库位', '导入仓']);
    const send = async (query: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'a.xlsx');
      const res = await fetch(`${t.url}/Location/Import${query}`, {
        method: 'POST',
        body: form,
        headers: as(clerk),
      });
      return {
        status: res.status,
        body: (await res.json()) as { Code: number; Data: { Errors: { Message: string }[] } },
      };
    };
    const both = await send('');
    expect(both.status).toBe(400);
    expect(both.body.Data.Errors[0].Message).toContain('没有修改权限');
    expect((await send('?Mode=update')).status).toBe(403);
    const add = await send('?Mode=add');
    expect(add.body.Code).toBe(0);
    const names = (
      await t.call<{ Location_Name: string }[]>(
        'GET',
        '/Location?Location_Code__in=L-OLD,L-NEW&Sort=Location_Code',
      )
    ).body.Data;
    expect(names.map((n) => n.Location_Name)).toEqual(['新库位', '旧库位']);
  });
});
