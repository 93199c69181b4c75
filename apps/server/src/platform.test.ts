import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/** Tags, per-user column settings and custom fields through the real server (issue 4). */
let t: TestServer;
let adminId: number;
let factoryMenu: number;
let jobMenu: number;
let shiftMenu: number;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
  adminId = (await t.call<{ User_ID: number }>('GET', '/Base/GetLoginInfo')).body.Data.User_ID;
  const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
    .body.Data;
  factoryMenu = menus.find((m) => m.Menu_Code === 'setting.factory')!.Menu_ID;
  jobMenu = menus.find((m) => m.Menu_Code === 'setting.job')!.Menu_ID;
  shiftMenu = menus.find((m) => m.Menu_Code === 'setting.shift')!.Menu_ID;
});
afterAll(async () => t?.close());

describe('tags', () => {
  it('creates trimmed blue tags, lists global and menu tags, sets, adds and removes them on rows', async () => {
    const g = await t.call<{ ID: number; Tag_Name: string; Tag_Color: string }>('POST', '/TagInfo', {
      Tag_Name: '  重点  ',
    });
    expect(g.body.Data).toMatchObject({ Tag_Name: '重点', Tag_Color: '#1677ff' });
    const m = await t.call<{ ID: number }>('POST', '/TagInfo', {
      Tag_Name: '新工厂',
      Tag_Color: '#f56c6c',
      DtlList: [{ Menu_ID: factoryMenu }],
    });
    const other = await t.call<{ ID: number }>('POST', '/TagInfo', {
      Tag_Name: '仅岗位',
      DtlList: [{ Menu_ID: jobMenu }],
    });
    const forFactory = await t.call<{ ID: number }[]>('GET', `/TagInfo/GetMenuTag?Menu_ID=${factoryMenu}`);
    expect(forFactory.body.Data.map((x) => x.ID)).toEqual([g.body.Data.ID, m.body.Data.ID]);

    const f = (await t.call<{ Factory_ID: number }[]>('GET', '/Factory?Factory_Code=F01')).body.Data[0];
    const set = (Tag_Value: string, Type: number) =>
      t.call('POST', '/TagInfo/SetTag', {
        List_NO: String(f.Factory_ID),
        Menu_ID: factoryMenu,
        Tag_Value,
        Type,
      });
    expect((await set(`${g.body.Data.ID}`, 1)).body.Code).toBe(0);
    expect((await set(`${m.body.Data.ID}`, 2)).body.Code).toBe(0);
    const tagged = await t.call<{ Tag_Value: string }>('GET', `/Factory/${f.Factory_ID}`);
    expect(tagged.body.Data.Tag_Value).toBe(`${g.body.Data.ID},${m.body.Data.ID}`);
    // filter rows by tag
    const filtered = await t.call<unknown[]>('GET', `/Factory?Tag_Value=${m.body.Data.ID}`);
    expect(filtered.body.Paging?.TotalCount).toBe(1);
    // a tag of another page is refused
    expect((await set(`${other.body.Data.ID}`, 2)).body.Code).toBe(1);
    expect((await set('999999', 2)).body.Code).toBe(1);
    await set(`${g.body.Data.ID}`, 3);
    expect((await t.call<{ Tag_Value: string }>('GET', `/Factory/${f.Factory_ID}`)).body.Data.Tag_Value).toBe(
      `${m.body.Data.ID}`,
    );
    // saved with the record itself: unknown tags and tags of another page are refused, nothing saved
    const save = (Tag_Value: string, lang = 'zh') =>
      t.call<{ Tag_Value: string | null }>(
        'POST',
        '/Factory',
        { Factory_Code: `TG${Math.random()}`.slice(0, 20), Factory_Name: 'tagged', Tag_Value },
        { authorization: `Bearer ${t.token}`, 'accept-language': lang },
      );
    const before = (await t.call<unknown[]>('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount;
    const unknown = await save(`${g.body.Data.ID},999999`);
    expect([unknown.status, unknown.body.Message]).toEqual([400, '标签不存在或不适用于该页面：999999']);
    expect((await save(`${other.body.Data.ID}`, 'en')).body.Message).toBe(
      `Tag ${other.body.Data.ID} does not exist or does not apply to this page`,
    );
    expect((await save('99999999999999999999')).status).toBe(400);
    expect((await t.call<unknown[]>('GET', '/Factory?PageSize=1')).body.Paging?.TotalCount).toBe(before);
    const fine = await save(`${m.body.Data.ID},${g.body.Data.ID},0${g.body.Data.ID}`);
    expect(fine.body.Data.Tag_Value).toBe(`${m.body.Data.ID},${g.body.Data.ID}`);
    // the record's own tags go back unchanged though a tag has since moved to another page
    const row = fine.body.Data as unknown as { Factory_ID: number; Version: number; Tag_Value: string };
    const tag = (await t.call<{ Version: number }>('GET', `/TagInfo/${m.body.Data.ID}`)).body.Data;
    const moved = await t.call('PUT', '/TagInfo', {
      ID: m.body.Data.ID,
      Version: tag.Version,
      DtlList: [{ Menu_ID: jobMenu }],
    });
    expect(moved.body.Code, moved.body.Message).toBe(0);
    const resent = await t.call<{ Version: number }>('PUT', '/Factory', {
      Factory_ID: row.Factory_ID,
      Version: row.Version,
      Factory_Name: 'retagged',
      Tag_Value: row.Tag_Value,
    });
    expect(resent.body.Code, resent.body.Message).toBe(0);
    const changed = await t.call('PUT', '/Factory', {
      Factory_ID: row.Factory_ID,
      Version: resent.body.Data.Version,
      Tag_Value: `${g.body.Data.ID},${m.body.Data.ID}`,
    });
    expect(changed.status).toBe(400);
    await t.call('PUT', '/TagInfo', {
      ID: m.body.Data.ID,
      Version: tag.Version + 1,
      DtlList: [{ Menu_ID: factoryMenu }],
    });
    await t.call('DELETE', `/Factory/${row.Factory_ID}`);
    // deleting a tag removes it from the rows
    await t.call('DELETE', `/TagInfo/${m.body.Data.ID}`);
    expect(
      (await t.call<{ Tag_Value: string | null }>('GET', `/Factory/${f.Factory_ID}`)).body.Data.Tag_Value,
    ).toBeNull();
    // entities without the tags feature refuse tags
    const j = (await t.call<{ Job_ID: number }[]>('GET', '/Job')).body.Data[0];
    expect(
      (
        await t.call('POST', '/TagInfo/SetTag', {
          List_NO: String(j.Job_ID),
          Menu_ID: jobMenu,
          Tag_Value: '',
          Type: 1,
        })
      ).body.Message,
    ).toBe('该页面不支持标签');
  });
});

describe('column settings', () => {
  const q = () => `Menu_ID=${factoryMenu}&Table_ID=Factory&User_ID=${adminId}`;
  it('refuses missing keys with the spec message and other users', async () => {
    expect(
      (await t.call('GET', `/UserColumnInfo/GetCustom?Menu_ID=${factoryMenu}&Table_ID=Factory`)).body.Message,
    ).toBe('表格配置参数错误！');
    expect(
      (await t.call('GET', `/UserColumnInfo/GetCustom?Menu_ID=${factoryMenu}&Table_ID=Factory&User_ID=2`))
        .status,
    ).toBe(403);
  });
  it('answers defaults from the declaration, saves, and resets', async () => {
    const d = await t.call<{ Column_Name: string; Is_Visible: boolean; Ser_NO: number }[]>(
      'GET',
      `/UserColumnInfo/GetCustom?${q()}`,
    );
    expect(d.body.Data.map((c) => c.Column_Name)).toEqual([
      'Factory_Code',
      'Factory_Name',
      'Address',
      'Contact',
      'Tel_Phone',
      'Remark',
    ]);
    expect(d.body.Data.find((c) => c.Column_Name === 'Remark')?.Is_Visible).toBe(false);
    const mine = d.body.Data.map((c, i) => ({
      ...c,
      Ser_NO: d.body.Data.length - i,
      Is_Visible: c.Column_Name !== 'Address',
      Width: 120,
    }));
    const put = await t.call<{ Column_Name: string; Ser_NO: number }[]>('PUT', '/UserColumnInfo', mine);
    expect(put.body.Message).toBe('表格配置已保存');
    expect(put.body.Data[0]).toMatchObject({ Column_Name: 'Remark', Ser_NO: 1 });
    const again = await t.call<{ Column_Name: string; Is_Visible: boolean }[]>(
      'GET',
      `/UserColumnInfo/GetCustom?${q()}`,
    );
    expect(again.body.Data.find((c) => c.Column_Name === 'Address')?.Is_Visible).toBe(false);
    expect((await t.call('PUT', '/UserColumnInfo', [{ ...mine[0], Column_Name: 'Nope' }])).body.Code).toBe(1);
    expect((await t.call('PUT', '/UserColumnInfo', [{ ...mine[0], User_ID: 2 }])).status).toBe(403);
    const reset = await t.call<{ Column_Name: string }[]>('GET', `/UserColumnInfo/ReatSetting?${q()}`);
    expect(reset.body.Message).toBe('表格配置已重置');
    expect(reset.body.Data[0].Column_Name).toBe('Factory_Code');
  });
});

describe('custom fields', () => {
  const field = (n: number, extra: Record<string, unknown> = {}) => ({
    Menu_ID: factoryMenu,
    Table_Name: 'Factory',
    Column_Name: `Extension_Field${n}`,
    Describe: `字段${n}`,
    Data_Type: 'string',
    ...extra,
  });
  it('a changed setting counts from the next save, also once the settings are kept in memory', async () => {
    const add = (extra: Record<string, unknown> = {}) =>
      t.call('POST', '/Factory', {
        Factory_Code: `KF${Math.random()}`.slice(0, 20),
        Factory_Name: 'k',
        ...extra,
      });
    await t.call('PUT', '/MenuExtend/BatchUpdate', [field(4, { Describe: '班组' })]);
    // settings are kept only after a quiet spell without writes to them: step the clock past it
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      expect((await add()).body.Code).toBe(0);
      expect((await add()).body.Code).toBe(0);
      await t.call('PUT', '/MenuExtend/BatchUpdate', [field(4, { Describe: '班组', Mandatory: true })]);
      expect((await add()).body.Message).toBe('班组：不能为空');
      vi.setSystemTime(Date.now() + 60_000);
      expect((await add()).body.Message).toBe('班组：不能为空');
      await t.call('PUT', '/MenuExtend/BatchUpdate', [field(4, { Describe: '班组' })]);
      expect((await add()).body.Code).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('configures at most six, validates each, and stores values checked by type and Mandatory', async () => {
    const seven = [1, 2, 3, 4, 5, 6].map((n) => field(n)).concat([field(6)]);
    expect((await t.call('PUT', '/MenuExtend/BatchUpdate', seven)).body.Message).toBe(
      '最多只能添加6个自定义字段',
    );
    expect((await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1, { Describe: ' ' })])).body.Message).toBe(
      '第 1 个字段：字段名称不能为空',
    );
    expect(
      (await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1, { Data_Type: 'enum' })])).body.Message,
    ).toBe('第 1 个字段：枚举字段需要选项值');
    expect((await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1, { Width: 5 })])).body.Code).toBe(1);
    const saved = await t.call<
      { ID: number; Column_Name: string; enumOptionList: { Enum_Name: string }[] }[]
    >('PUT', '/MenuExtend/BatchUpdate', [
      field(1, {
        Describe: '认证等级',
        Data_Type: 'enum',
        Mandatory: true,
        Is_Column: true,
        enumOptionList: [{ Enum_Name: 'A级' }, { Enum_Name: 'B级' }],
      }),
      field(2, { Describe: '投产日期', Data_Type: 'date', Width: 2 }),
      field(3, { Describe: '产能', Data_Type: 'decimal' }),
    ]);
    expect(saved.body.Message).toBe('自定义字段已保存，其他用户需重新登录后生效');
    expect(saved.body.Data.map((c) => c.Column_Name)).toEqual([
      'Extension_Field1',
      'Extension_Field2',
      'Extension_Field3',
    ]);
    expect(saved.body.Data[0].enumOptionList.map((o) => o.Enum_Name)).toEqual(['A级', 'B级']);
    const got = await t.call<unknown[]>(
      'GET',
      `/menuextend/GetMenuExtend?Table_Name=Factory&Menu_ID=${factoryMenu}`,
    );
    expect(got.body.Data).toHaveLength(3);

    const add = (extra: Record<string, unknown>) =>
      t.call('POST', '/Factory', {
        Factory_Code: `CF${Math.random()}`.slice(0, 20),
        Factory_Name: 'x',
        ...extra,
      });
    expect((await add({})).body.Message).toBe('认证等级：不能为空');
    expect((await add({ Extension_Field1: 'C级' })).body.Message).toBe('认证等级：取值无效');
    expect((await add({ Extension_Field1: 'A级', Extension_Field2: '2026-13-01' })).body.Message).toBe(
      '投产日期：日期格式应为 yyyy-MM-dd',
    );
    expect((await add({ Extension_Field1: 'A级', Extension_Field3: 'abc' })).body.Code).toBe(1);
    const ok = await add({
      Extension_Field1: 'A级',
      Extension_Field2: '2026/3/1',
      Extension_Field3: '0120.50',
    });
    expect(ok.body.Data).toMatchObject({
      Extension_Field1: 'A级',
      Extension_Field2: '2026-03-01',
      Extension_Field3: '120.5',
    });
    // custom values are searchable and shown as columns when Is_Column
    const found = await t.call<unknown[]>(
      'GET',
      '/Factory?Extension_Field1=A级'.replace('A级', encodeURIComponent('A级')),
    );
    expect(found.body.Paging?.TotalCount).toBe(1);
    const cols = await t.call<{ Column_Name: string; Is_Visible: boolean }[]>(
      'GET',
      `/UserColumnInfo/GetCustom?Menu_ID=${factoryMenu}&Table_ID=Factory&User_ID=${adminId}`,
    );
    expect(cols.body.Data.find((c) => c.Column_Name === 'Extension_Field1')).toMatchObject({
      Is_Visible: true,
    });
    // entities without the feature refuse custom fields, and a seventh column name is refused
    expect(
      (
        await t.call('PUT', '/MenuExtend/BatchUpdate', [
          { ...field(1), Table_Name: 'WorkShift', Menu_ID: shiftMenu },
        ])
      ).body.Message,
    ).toBe('该页面不支持自定义字段');
    expect((await t.call('PUT', '/MenuExtend/BatchUpdate', [field(7)])).body.Code).toBe(1);
    expect(
      (await t.call('POST', '/Factory', { Factory_Code: 'Z9', Factory_Name: 'x', Extension_Field7: 'x' }))
        .body.Code,
    ).toBe(1);
    const del = await t.call('DELETE', `/menuextend/delete?ID=${saved.body.Data[0].ID}&Table_ID=Factory`);
    expect(del.body.Code).toBe(0);
    expect((await add({})).body.Code).toBe(0);
  });
  it('binds an enum to one of our lists by Bind_Url, refusing other addresses, and checks values against it', async () => {
    const units = (await t.call<{ Unit_ID: number; Unit_Name: string }[]>('GET', '/Unit?PageSize=500')).body
      .Data;
    expect(units.length).toBeGreaterThan(1);
    const bound = (url: string, extra: Record<string, unknown> = {}) =>
      t.call<{ Bind_Url: string; Bind_Text: string; Bind_Value: string }[]>(
        'PUT',
        '/MenuExtend/BatchUpdate',
        [field(1, { Describe: '包装单位', Data_Type: 'enum', Bind_Url: url, ...extra })],
      );
    const refused = '第 1 个字段：绑定地址应为本系统可查看的列表地址，如 /Unit';
    for (const url of [
      'https://evil.example/Unit',
      '//evil.example/Unit',
      '/Unit/1',
      '/NoSuchEntity',
      '/Unit?No_Such_Field=1',
      '/../Unit',
    ])
      expect((await bound(url)).body.Message, url).toBe(refused);
    expect((await bound('/Unit', { Bind_Text: 'Password' })).body.Message).toBe(refused);
    expect((await bound('/Unit', { Data_Type: 'string' })).body.Message).toBe(refused);
    const ok = await bound(' /Unit ');
    expect(ok.body.Code).toBe(0);
    expect(ok.body.Data[0]).toMatchObject({
      Bind_Url: '/Unit',
      Bind_Text: 'Unit_Name',
      Bind_Value: 'Unit_ID',
    });
    const add = (v: string) =>
      t.call('POST', '/Factory', {
        Factory_Code: `BU${Math.random()}`.slice(0, 20),
        Factory_Name: 'x',
        Extension_Field1: v,
      });
    expect((await add('不存在的单位')).body.Message).toBe('包装单位：取值无效');
    const saved = await add(units[1].Unit_Name);
    expect(saved.body.Code).toBe(0);
    expect(saved.body.Data).toMatchObject({ Extension_Field1: units[1].Unit_Name });
    // the list's filters narrow the options
    expect((await bound(`/Unit?Unit_Name=${encodeURIComponent(units[0].Unit_Name)}`)).body.Code).toBe(0);
    expect((await add(units[1].Unit_Name)).body.Message).toBe('包装单位：取值无效');
    expect((await add(units[0].Unit_Name)).body.Code).toBe(0);
    await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1)]);
  });

  it('refuses a value in a slot no custom field is configured for', async () => {
    await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1)]);
    const add = (extra: Record<string, unknown>, lang = 'zh') =>
      t.call<{ Factory_ID: number; Version: number }>(
        'POST',
        '/Factory',
        { Factory_Code: `UC${Math.random()}`.slice(0, 20), Factory_Name: 'x', ...extra },
        { authorization: `Bearer ${t.token}`, 'accept-language': lang },
      );
    const refused = await add({ Extension_Field1: 'a', Extension_Field2: 'b' });
    expect([refused.status, refused.body.Message]).toEqual([
      400,
      'Extension_Field2 没有配置自定义字段，不能填写',
    ]);
    expect((await add({ Extension_Field6: 'b' }, 'en')).body.Message).toBe(
      'Extension_Field6 is not configured as a custom field and cannot take a value',
    );
    // a form sends the six: the empty ones pass
    const ok = await add({
      Extension_Field1: 'a',
      Extension_Field2: null,
      Extension_Field3: '',
      Extension_Field4: null,
      Extension_Field5: null,
      Extension_Field6: null,
    });
    expect(ok.body.Data).toMatchObject({ Extension_Field1: 'a', Extension_Field3: null });
    const { Factory_ID, Version } = ok.body.Data;
    expect(
      (await t.call('PUT', '/Factory', { Factory_ID, Version, Extension_Field3: 'c' })).body.Message,
    ).toBe('Extension_Field3 没有配置自定义字段，不能填写');
    expect((await t.call<{ Version: number }>('GET', `/Factory/${Factory_ID}`)).body.Data.Version).toBe(
      Version,
    );
    // a value kept from a definition since removed goes back unchanged with the record's form
    await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1), field(3)]);
    const kept = await t.call<{ Version: number }>('PUT', '/Factory', {
      Factory_ID,
      Version,
      Extension_Field3: 'c',
    });
    await t.call('PUT', '/MenuExtend/BatchUpdate', [field(1)]);
    const again = await t.call<{ Version: number; Extension_Field3: string }>('PUT', '/Factory', {
      Factory_ID,
      Version: kept.body.Data.Version,
      Factory_Name: 'y',
      Extension_Field3: 'c',
    });
    expect(again.body.Data).toMatchObject({ Extension_Field3: 'c' });
    expect(
      (
        await t.call('PUT', '/Factory', {
          Factory_ID,
          Version: again.body.Data.Version,
          Extension_Field3: 'd',
        })
      ).status,
    ).toBe(400);
    await t.call('DELETE', `/Factory/${Factory_ID}`);
  });

  it('defines custom fields only with the configuration grant of their page, and only for that page', async () => {
    const role = (code: string, buttons: string) =>
      t.call<{ Role_ID: number }>('POST', '/Role', {
        Role_Code: code,
        Role_Name: code,
        Grants: [
          { Menu_ID: factoryMenu, Buttons: buttons, Opera_Type: 2 },
          { Menu_ID: jobMenu, Buttons: buttons, Opera_Type: 2 },
        ],
      });
    const user = async (name: string, roleId: number) => {
      const u = await t.call<{ User_ID: number }>('POST', '/Users', {
        User_Account: name,
        User_Name: name,
        Roles: [{ Role_ID: roleId }],
      });
      await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
      return { authorization: `Bearer ${await t.login(name, 'sesame-4711')}` };
    };
    const editor = await user('cf_editor', (await role('cf_edit', 'add,edit,delete')).body.Data.Role_ID);
    const designer = await user('cf_designer', (await role('cf_config', 'edit,config')).body.Data.Role_ID);
    const define = (list: unknown[], as?: Record<string, string>) =>
      t.call<{ ID: number }[]>('PUT', '/MenuExtend/BatchUpdate', list, as);
    const fields = () =>
      t.call<unknown[]>('GET', `/menuextend/GetMenuExtend?Table_Name=Factory&Menu_ID=${factoryMenu}`);
    const saved = await define([field(1)]);
    expect(saved.body.Code).toBe(0);

    // editing the records is not defining their fields
    expect((await define([field(1), field(2)], editor)).status).toBe(403);
    expect(
      (await t.call('DELETE', `/menuextend/delete?ID=${saved.body.Data[0].ID}`, undefined, editor)).status,
    ).toBe(403);
    expect((await fields()).body.Data).toHaveLength(1);
    // another page's menu is refused, whoever asks
    for (const as of [designer, undefined]) {
      const other = await define([{ ...field(1), Menu_ID: jobMenu }], as);
      expect([other.status, other.body.Message]).toEqual([400, '只能为显示该数据对象的页面配置自定义字段']);
    }
    expect((await define([{ ...field(1), Menu_ID: 999999 }])).status).toBe(400);
    // the configuration grant on the page defines them
    expect((await define([field(1), field(2)], designer)).body.Code).toBe(0);
    expect((await fields()).body.Data).toHaveLength(2);
    await define([field(1)]);
  });
});
