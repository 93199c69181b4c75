import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { notify } from '@mes/engine-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
let lina: string;
let linaId: number;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
  const r = await t.call<{ User_ID: number; token: string }>('POST', '/Login', {
    User_Account: 'lina',
    Pass_Word: 'demo1234',
  });
  lina = r.body.Data.token;
  linaId = r.body.Data.User_ID;
});
afterAll(async () => t?.close());
const as = (token: string) => ({ authorization: `Bearer ${token}` });

type Menu = {
  Menu_Code: string;
  Menu_Type: number;
  Ser_NO: number;
  Route: string | null;
  ButtonDtl: { Button_Code: string }[];
  children: Menu[];
};

describe('login info and menus', () => {
  it('GET /Base/GetLoginInfo answers every field of the spec for the signed-in user only', async () => {
    const r = await t.call<Record<string, unknown>>(
      'GET',
      `/Base/GetLoginInfo?User_ID=${linaId}`,
      undefined,
      as(lina),
    );
    expect(r.body.Code).toBe(0);
    for (const k of [
      'User_ID',
      'User_Name',
      'User_Account',
      'Company_Name',
      'Company_ShortName',
      'Dept_ID',
      'Employee_ID',
      'Dept_Index',
      'Tel_Phone',
      'U_Type',
      'Dept_Name',
      'Menu_Mode',
      'DataDictionary',
      'Users',
      'HasUserIDEmployee',
      'UnitGroup',
      'UserOftenMenus',
      'Customers',
      'Departments',
      'Employee',
      'Location',
      'Suppliers',
      'SystemSettings',
      'ModuleMenus',
      'SystemConfig',
    ])
      expect(r.body.Data, k).toHaveProperty(k);
    expect(r.body.Data.Company_ShortName).toBe('精工机械');
    expect(r.body.Data.Company_Name_En).toBe('Suzhou Precision Machinery Co., Ltd.');
    expect(r.body.Data.SystemSettings).toContainEqual({ ID: 26, Parameter_Value: '1' });
    expect(r.body.Data.SystemConfig).toMatchObject({ OnlineService: 'Y', BarcodeScan: 'N' });
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|Pass_Word/);
    const other = await t.call('GET', '/Base/GetLoginInfo?User_ID=1', undefined, as(lina));
    expect(other.status).toBe(403);
    expect(other.body.Data).toBeNull();
  });

  it('a supplier account gets no internal lists', async () => {
    const s = await t.call<{ token: string }>('POST', '/Login', {
      User_Account: 'supplier1',
      Pass_Word: 'supplier123',
    });
    const r = await t.call<Record<string, unknown[]>>(
      'GET',
      '/Base/GetLoginInfo',
      undefined,
      as(s.body.Data.token),
    );
    expect(r.body.Data.Users).toEqual([]);
    expect(r.body.Data.Departments).toEqual([]);
    expect(r.body.Data.DataDictionary).toEqual([]);
  });

  it('GET /ModuleMenu/GetUserMenu: three levels by Ser_NO, admin sees every module, a buyer only its grants', async () => {
    const all = (await t.call<Menu[]>('GET', '/ModuleMenu/GetUserMenu')).body.Data;
    const codes = all.map((m) => m.Menu_Code);
    for (const c of [
      'home',
      'setting',
      'record',
      'IV',
      'PD',
      'Factory',
      'QC',
      'EM',
      'Energy',
      'sales',
      'stock',
      'finance',
      'PM',
      'SRM',
      'attendance',
      'report',
    ])
      expect(codes).toContain(c);
    const sers = all.map((m) => m.Ser_NO);
    expect(sers).toEqual([...sers].sort((a, b) => a - b));
    expect(
      all.every(
        (m) =>
          m.Menu_Type === 1 &&
          m.children.every((g) => g.Menu_Type === 2 && g.children.every((p) => p.Menu_Type === 3)),
      ),
    ).toBe(true);
    const pages = all.flatMap((m) => m.children.flatMap((g) => g.children));
    for (const path of [
      '/PD/record/bom',
      '/PD/PDPlan/ProducePlanRecord',
      '/PD/list/WorkDoc',
      '/PO/list/WorkDocRecord',
      '/PM/list/ProjectBomLock',
      '/stock/page/purchaseMakeInvoice',
      '/setting/factory',
    ])
      expect(pages.map((p) => p.Route)).toContain(path);
    expect(pages.find((p) => p.Menu_Code === 'setting.factory')?.ButtonDtl.map((b) => b.Button_Code)).toEqual(
      ['add', 'edit', 'delete', 'export', 'import', 'print', 'config'],
    );

    const buyer = (await t.call<Menu[]>('GET', '/ModuleMenu/GetUserMenu', undefined, as(lina))).body.Data;
    expect(buyer.map((m) => m.Menu_Code)).toEqual(['home', 'record', 'stock', 'finance', 'SRM']);
    expect((await t.call('GET', '/ModuleMenu/GetUserMenu?User_ID=1', undefined, as(lina))).status).toBe(403);
    // the SOW page picks a factory, so a buyer may look factories up, but jobs are beyond its pages
    expect((await t.call('GET', '/Job', undefined, as(lina))).status).toBe(403);
  });
});

describe('favourites and menu mode', () => {
  it('toggles a favourite, records clicks, and refuses menus the user cannot open', async () => {
    const pages = (
      await t.call<Menu[]>('GET', '/ModuleMenu/GetUserMenu', undefined, as(lina))
    ).body.Data.flatMap((m) => m.children.flatMap((g) => g.children)) as unknown as {
      Menu_ID: number;
      Menu_Code: string;
    }[];
    const page = pages[0];
    const on = await t.call<{ Is_Collect: boolean }>(
      'POST',
      '/UserOftenMenu/Collection',
      { Menu_ID: page.Menu_ID, User_ID: linaId },
      as(lina),
    );
    expect(on.body.Data.Is_Collect).toBe(true);
    await t.call('POST', '/UserOftenMenu', { Menu_ID: page.Menu_ID }, as(lina));
    const favs = await t.call<{ Menu_ID: number; Is_Collect: boolean; Click_Count: number }[]>(
      'GET',
      '/UserOftenMenu/GetOftenMenuListByUserAsync',
      undefined,
      as(lina),
    );
    expect(favs.body.Data[0]).toMatchObject({ Menu_ID: page.Menu_ID, Is_Collect: true, Click_Count: 1 });
    const off = await t.call<{ Is_Collect: boolean }>(
      'POST',
      '/UserOftenMenu/Collection',
      { Menu_ID: page.Menu_ID, User_ID: linaId },
      as(lina),
    );
    expect(off.body.Data.Is_Collect).toBe(false);
    const adminOnly = (
      await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?Menu_Code=setting.factory')
    ).body.Data[0];
    const refused = await t.call(
      'POST',
      '/UserOftenMenu/Collection',
      { Menu_ID: adminOnly.Menu_ID, User_ID: linaId },
      as(lina),
    );
    expect(refused.body.Code).toBe(1);
    expect(
      (await t.call('POST', '/UserOftenMenu/Collection', { Menu_ID: page.Menu_ID, User_ID: 1 }, as(lina)))
        .status,
    ).toBe(403);
  });

  it('toggles the menu mode and keeps it on the server', async () => {
    const a = await t.call<{ Menu_Mode: number }>('GET', '/UsersHabit/UpdateMenuMode', undefined, as(lina));
    const b = await t.call<{ Menu_Mode: number }>('GET', '/UsersHabit/UpdateMenuMode', undefined, as(lina));
    expect([a.body.Data.Menu_Mode, b.body.Data.Menu_Mode].sort()).toEqual([1, 2]);
    const info = await t.call<{ Menu_Mode: number }>('GET', '/Base/GetLoginInfo', undefined, as(lina));
    expect(info.body.Data.Menu_Mode).toBe(b.body.Data.Menu_Mode);
  });
});

describe('messages', () => {
  it('unread, pending list grouped by parent menu, read one, read all — each user sees only their own', async () => {
    // the demo data already tells lina and the administrator of their meetings and actions
    // (projects' seed): count from there
    const before = async (query: string, headers?: Record<string, string>) =>
      (await t.call<unknown[]>('GET', `/SendMsg/GetSendMsgs?${query}&Page=1&PageSize=15`, undefined, headers))
        .body.Paging?.TotalCount ?? 0;
    const unreadBefore = await before('Status=1', as(lina));
    const pendingBefore = await before(`User_ID=${linaId}&Dept_ID=1`, as(lina));
    const adminUnreadBefore = await before('Status=1');
    await notify(t.engine.db, {
      to: [linaId],
      title: '采购订单待审核',
      route: '/stock/page/purchaseOrder',
      menuCode: 'stock.order',
      type: 2,
      parameter: 'PO1',
    });
    await notify(t.engine.db, { to: [linaId], title: '系统通知：月底盘点', level: 0 });
    await notify(t.engine.db, { to: [1], title: '仅管理员可见' });
    const unread = await t.call<{ ID: number; Title: string }[]>(
      'GET',
      '/SendMsg/GetSendMsgs?Status=1&Page=1&PageSize=15',
      undefined,
      as(lina),
    );
    expect(unread.body.Paging?.TotalCount).toBe(unreadBefore + 2);
    expect(unread.body.Data.map((m) => m.Title)).not.toContain('仅管理员可见');
    const pending = await t.call<{ Parent_Menu_Name: string; Route: string }[]>(
      'GET',
      `/SendMsg/GetSendMsgs?User_ID=${linaId}&Dept_ID=1`,
      undefined,
      as(lina),
    );
    // the newest first: the purchase order's to-do heads the list
    expect(pending.body.Data).toHaveLength(Math.min(15, pendingBefore + 1));
    expect(pending.body.Data[0]).toMatchObject({
      Parent_Menu_Name: '采购管理',
      Route: '/stock/page/purchaseOrder',
    });
    expect((await t.call('GET', '/SendMsg/GetSendMsgs?User_ID=1', undefined, as(lina))).status).toBe(403);

    const titled = await t.call<{ ID: number }[]>(
      'GET',
      `/SendMsg/GetSendMsgs?Title=${encodeURIComponent('盘点')}&Page=1&PageSize=15`,
      undefined,
      as(lina),
    );
    expect(titled.body.Paging?.TotalCount).toBe(1);
    expect(
      (await t.call('POST', '/SendMsgDtl/Read', { ID: titled.body.Data[0].ID }, as(lina))).body.Code,
    ).toBe(0);
    expect(
      (await t.call('GET', '/SendMsg/GetSendMsgs?Status=1', undefined, as(lina))).body.Paging?.TotalCount,
    ).toBe(unreadBefore + 1);
    const adminMsg = (await t.call<{ ID: number }[]>('GET', '/SendMsg/GetSendMsgs?Status=1')).body.Data[0];
    expect((await t.call('POST', '/SendMsgDtl/Read', { ID: adminMsg.ID }, as(lina))).status).toBe(404);
    await t.call('POST', '/SendMsgDtl/ReadAllMsg', undefined, as(lina));
    expect(
      (await t.call('GET', '/SendMsg/GetSendMsgs?Status=1', undefined, as(lina))).body.Paging?.TotalCount,
    ).toBe(0);
    expect((await t.call('GET', '/SendMsg/GetSendMsgs?Status=1')).body.Paging?.TotalCount).toBe(
      adminUnreadBefore + 1,
    );
    expect((await t.call('GET', '/SendMsg/GetSendMsgs?PageSize=abc', undefined, as(lina))).body.Code).toBe(1);
  });
});

describe('company', () => {
  it('GET and PUT /Company, a single record, and the public login configuration', async () => {
    const c = (await t.call<{ Company_ID: number; Version: number }[]>('GET', '/Company')).body.Data[0];
    const put = await t.call('PUT', '/Company', {
      Company_ID: c.Company_ID,
      Version: c.Version,
      Company_ShortName: '精工',
      Barcode_Scan: true,
    });
    expect(put.body.Code).toBe(0);
    expect(
      (await t.call('POST', '/Company', { Company_Name: 'x', Company_ShortName: 'x' })).body.Message,
    ).toBe('公司信息只能有一条');
    const cfg = await t.call<{ Company_ShortName: string; SystemConfig: Record<string, string> }>(
      'GET',
      '/Company/LoginConfig',
      undefined,
      { authorization: '' },
    );
    expect(cfg.body.Data.Company_ShortName).toBe('精工');
    expect(cfg.body.Data.SystemConfig.BarcodeScan).toBe('Y');
    const login = await t.call<{ compShortName: string }>('POST', '/Login', {
      User_Account: 'admin',
      Pass_Word: 'admin123',
    });
    expect(login.body.Data.compShortName).toBe('精工');
  });
});

describe('a plain entity added by declaration only (WorkShift)', () => {
  it('has its routes, validation, menu page and demo rows', async () => {
    const list = await t.call<{ Shift_Name: string }[]>('GET', '/WorkShift?Sort=Shift_Code');
    expect(list.body.Data.map((s) => s.Shift_Name)).toEqual(['早班', '中班', '夜班']);
    const bad = await t.call('POST', '/WorkShift', {
      Shift_Code: 'X',
      Shift_Name: 'x',
      Start_Time: '25:00',
      End_Time: '08:00',
    });
    expect(bad.body.Message).toBe('开始时间(Start_Time)：时间格式应为 HH:mm');
    const menu = await t.call<{ Route: string; Entity_Name: string }[]>(
      'GET',
      '/ModuleMenu?Menu_Code=setting.shift',
    );
    expect(menu.body.Data[0]).toMatchObject({ Route: '/setting/shift', Entity_Name: 'WorkShift' });
  });
});

describe('barcode templates', () => {
  it('prints labels of a template as a PDF, and refuses bad input', async () => {
    const tpl = (await t.call<{ ID: number }[]>('GET', '/BarcodeTemplate')).body.Data[0];
    const res = await fetch(`${t.url}/BarcodeTemplate/Print`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        Template_ID: tpl.ID,
        Items: [
          { Code: 'M-1001', Name: '六角螺栓 M8×30', Model: 'GB/T 5782' },
          { Code: 'M-1002', Name: '平垫圈' },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(2);
    expect(
      (await t.call('POST', '/BarcodeTemplate/Print', { Template_ID: tpl.ID, Items: [{ Name: 'x' }] })).body
        .Code,
    ).toBe(1);
    expect(
      (await t.call('POST', '/BarcodeTemplate/Print', { Template_ID: tpl.ID, Items: [] })).body.Code,
    ).toBe(1);
    expect(
      (await t.call('POST', '/BarcodeTemplate/Print', { Template_ID: 99999, Items: [{ Code: 'a' }] })).status,
    ).toBe(404);
  });
});
