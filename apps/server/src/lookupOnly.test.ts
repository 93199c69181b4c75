import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * A user who may only pick an entity from another page reads its key and name, and can neither
 * filter, sort nor search by the fields it does not read (a range filter on a hidden field recovers
 * it one comparison at a time), nor reach the entity's other routes.
 */
let t: TestServer;
const tokens: Record<string, string> = {};
let secretId: number;
beforeAll(async () => {
  t = await startTestServer();
  const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
    .body.Data;
  const withPage = async (account: string, code: string) => {
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: account,
      Role_Name: account,
      Grants: [{ Menu_ID: menus.find((m) => m.Menu_Code === code)!.Menu_ID, Buttons: '', Opera_Type: 1 }],
    });
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: account,
      User_Name: account,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'password-picker-1' });
    tokens[account] = await t.login(account, 'password-picker-1');
  };
  // the department page picks a supervisor among the users
  await withPage('picker', 'setting.department');
  // a page whose records name a supplier picks suppliers
  const picksSupplier = t.engine.registry.modules
    .flatMap((m) => m.menu.flatMap((g) => g.pages))
    .find((p) => {
      if (!p.entity || p.entity === 'Supplier') return false;
      const def = t.engine.registry.get(p.entity);
      return Object.values(def.fields).some((f) => f.kind === 'ref' && f.entity === 'Supplier');
    });
  await withPage('supplierPicker', picksSupplier!.code);
  const secret = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: 'secret',
    User_Name: 'Secret Holder',
    EMail: 'hidden.mail@example.com',
    Tel_Phone: '13800001111',
  });
  secretId = secret.body.Data.User_ID;
});
afterAll(async () => t?.close());

const as = (account: string) => ({ authorization: `Bearer ${tokens[account]}` });

describe('look-up-only access', () => {
  it('picks by key and name', async () => {
    const r = await t.call<Record<string, unknown>[]>(
      'GET',
      `/Users?User_ID=${secretId}&User_Name__like=Secret&Sort=-User_Name`,
      undefined,
      as('picker'),
    );
    expect(r.body.Code).toBe(0);
    expect(r.body.Data).toEqual([
      { User_ID: secretId, User_Name: 'Secret Holder', State: 1, Disabled: false },
    ]);
  });

  it('cannot filter or sort by a field it does not read', async () => {
    for (const q of [
      `User_ID=${secretId}&EMail__gte=h`,
      `EMail__like=hidden`,
      `Tel_Phone=13800001111`,
      `Sort=EMail`,
      `Sort=-Tel_Phone`,
    ]) {
      const r = await t.call('GET', `/Users?${q}`, undefined, { ...as('picker'), 'accept-language': 'en' });
      expect(r.status, q).toBe(400);
      expect(r.body.Code, q).toBe(1);
      expect(r.body.Message, q).toBe(
        'You may only pick these records: search and sort by User_ID, User_Name, State, Disabled only',
      );
    }
    const zh = await t.call('GET', '/Users?EMail__gte=h', undefined, as('picker'));
    expect(zh.body.Message).toBe('仅可选用此资料：只能按 User_ID, User_Name, State, Disabled 查找和排序');
  });

  it('searches by name only: a keyword does not find a hidden e-mail or phone', async () => {
    const find = async (kw: string) =>
      (
        await t.call<{ User_ID: number }[]>('GET', `/Users?KeyWord=${kw}`, undefined, as('picker'))
      ).body.Data.map((u) => u.User_ID);
    expect(await find('hidden.mail')).toEqual([]);
    expect(await find('13800001111')).toEqual([]);
    expect(await find('Secret')).toEqual([secretId]);
    // the administrator's keyword still searches every field the list declares
    const admin = await t.call<{ User_ID: number }[]>('GET', '/Users?KeyWord=hidden.mail');
    expect(admin.body.Data.map((u) => u.User_ID)).toEqual([secretId]);
  });

  it("reaches no other route of the entity: a supplier picker does not read suppliers' expiring documents", async () => {
    const r = await t.call('GET', '/Supplier/ExpiringDocuments?Days=3650', undefined, as('supplierPicker'));
    expect(r.status).toBe(403);
    expect((await t.call('GET', '/Supplier', undefined, as('supplierPicker'))).body.Code).toBe(0);
    expect((await t.call('GET', '/Supplier/ExpiringDocuments?Days=30')).body.Code).toBe(0);
  });
});
