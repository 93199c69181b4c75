import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * Generated over every registered route: a request without a session gets 401, and a user whose
 * role grants nothing gets 403 for everything that needs a grant, and changes nothing.
 */
let t: TestServer;
let nobody: string;
let narrow: string;
let own: string;
beforeAll(async () => {
  t = await startTestServer();
  const role = async (code: string, menus: [string, string, number][]) => {
    const all = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const grants = menus.map(([menu, buttons, type]) => ({
      Menu_ID: all.find((m) => m.Menu_Code === menu)!.Menu_ID,
      Buttons: buttons,
      Opera_Type: type,
    }));
    const r = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: code,
      Role_Name: code,
      Grants: grants,
    });
    return r.body.Data.Role_ID;
  };
  const user = async (account: string, roleId: number | null) => {
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: account,
      User_Name: account,
      U_Type: 1,
      Roles: roleId ? [{ Role_ID: roleId }] : [],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    return t.login(account, 'sesame-4711');
  };
  nobody = await user('nobody', null);
  narrow = await user('narrow', await role('factory-viewer', [['setting.factory', 'export', 2]]));
  own = await user('own', await role('factory-own', [['setting.factory', 'add,edit,delete', 4]]));
});
afterAll(async () => t?.close());

const sample = (url: string) => url.replace(':id', '1');
const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('route × role matrix', () => {
  it('every route declares a permission and the list is not empty', () => {
    expect(t.app.permRoutes.length).toBeGreaterThan(40);
  });

  it('no session → 401 on every route that is not public', async () => {
    for (const r of t.app.permRoutes.filter((x) => !('public' in x.perm))) {
      const res = await t.call(
        r.method,
        sample(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        {
          authorization: '',
        },
      );
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.Code).toBe(401);
    }
  });

  it('a role without the grant → 403 on every granted route, and nothing changes', async () => {
    const before = (await t.call('GET', '/OperationLog?PageSize=1&Verb__ne=denied')).body.Paging?.TotalCount;
    const guarded = t.app.permRoutes.filter((x) => 'entity' in x.perm || 'menu' in x.perm);
    expect(guarded.length).toBeGreaterThan(30);
    for (const r of guarded) {
      const res = await t.call(
        r.method,
        sample(r.url),
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
        as(nobody),
      );
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.body).toEqual({ Code: 403, Message: '没有权限执行此操作', Data: null });
    }
    const after = (await t.call('GET', '/OperationLog?PageSize=1&Verb__ne=denied')).body.Paging?.TotalCount;
    expect(after).toBe(before);
    const denied = await t.call('GET', '/OperationLog?Verb=denied&PageSize=1');
    expect(denied.body.Paging?.TotalCount).toBeGreaterThanOrEqual(guarded.length);
  });
});

describe('a narrower role', () => {
  it('reads what it is granted, nothing else, and cannot write without the button', async () => {
    expect((await t.call('GET', '/Factory', undefined, as(narrow))).body.Code).toBe(0);
    expect((await t.call('GET', '/Job', undefined, as(narrow))).status).toBe(403);
    expect(
      (await t.call('POST', '/Factory', { Factory_Code: 'N1', Factory_Name: 'n' }, as(narrow))).status,
    ).toBe(403);
    const menu = await t.call<{ Menu_Code: string; children: { children: { Menu_Code: string }[] }[] }[]>(
      'GET',
      '/ModuleMenu/GetUserMenu',
      undefined,
      as(narrow),
    );
    const pages = menu.body.Data.flatMap((m) =>
      m.children.flatMap((g) => g.children.map((p) => p.Menu_Code)),
    );
    expect(pages).toEqual(['setting.factory']);
  });

  it('a grant taken from the role or a role taken from the user counts from the next request', async () => {
    const viewer = await t.call<{ Role_ID: number; Version: number; Grants: unknown[] }>('POST', '/Role', {
      Role_Code: 'job-viewer',
      Role_Name: 'job-viewer',
      Grants: [],
    });
    const u = await t.call<{ User_ID: number; Version: number }>('POST', '/Users', {
      User_Account: 'changing',
      User_Name: 'changing',
      U_Type: 1,
      Roles: [{ Role_ID: viewer.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const token = await t.login('changing', 'sesame-4711');
    const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const job = menus.find((m) => m.Menu_Code === 'setting.job')!.Menu_ID;
    // the session is resolved (and may be kept) before each change
    expect((await t.call('GET', '/Job', undefined, as(token))).status).toBe(403);
    const granted = await t.call<{ Version: number }>('PUT', '/Role', {
      Role_ID: viewer.body.Data.Role_ID,
      Version: viewer.body.Data.Version,
      Grants: [{ Menu_ID: job, Buttons: '', Opera_Type: 2 }],
    });
    expect(granted.body.Code).toBe(0);
    expect((await t.call('GET', '/Job', undefined, as(token))).body.Code).toBe(0);
    const dropped = await t.call('PUT', '/Users', {
      User_ID: u.body.Data.User_ID,
      Version: (await t.call<{ Version: number }>('GET', `/Users/${u.body.Data.User_ID}`)).body.Data.Version,
      Roles: [],
    });
    expect(dropped.body.Code).toBe(0);
    expect((await t.call('GET', '/Job', undefined, as(token))).status).toBe(403);
  });

  it('with an own-records grant edits and deletes only what it created (spec part 2 §6)', async () => {
    const mine = await t.call<{ Factory_ID: number }>(
      'POST',
      '/Factory',
      { Factory_Code: 'OWN1', Factory_Name: 'mine' },
      as(own),
    );
    expect(mine.body.Code).toBe(0);
    const theirs = await t.call<{ Factory_ID: number }>('POST', '/Factory', {
      Factory_Code: 'ADM1',
      Factory_Name: 'admin',
    });
    const edit = (id: number, name: string) =>
      t.call('PUT', '/Factory', { Factory_ID: id, Version: 1, Factory_Name: name }, as(own));
    expect((await edit(theirs.body.Data.Factory_ID, 'x')).status).toBe(403);
    expect((await edit(mine.body.Data.Factory_ID, 'mine 2')).body.Code).toBe(0);
    expect(
      (await t.call('DELETE', `/Factory/${theirs.body.Data.Factory_ID}`, undefined, as(own))).status,
    ).toBe(403);
    expect(
      (await t.call('DELETE', `/Factory/${mine.body.Data.Factory_ID}`, undefined, as(own))).body.Code,
    ).toBe(0);
  });
});

describe('lookups from another page', () => {
  it('a page with a user picker may look users up by name, and see nothing else of them', async () => {
    // the department page picks a supervisor, so its users may look users up
    const all = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: 'dept-viewer',
      Role_Name: 'dept-viewer',
      Grants: [
        {
          Menu_ID: all.find((m) => m.Menu_Code === 'setting.department')!.Menu_ID,
          Buttons: '',
          Opera_Type: 1,
        },
      ],
    });
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'picker',
      User_Name: 'picker',
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const token = await t.login('picker', 'sesame-4711');
    const users = await t.call<Record<string, unknown>[]>('GET', '/Users', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(users.body.Code).toBe(0);
    expect(Object.keys(users.body.Data[0]).sort()).toEqual(['Disabled', 'State', 'User_ID', 'User_Name']);
    const one = await t.call<Record<string, unknown>>('GET', `/Users/${u.body.Data.User_ID}`, undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(one.body.Data).not.toHaveProperty('EMail');
    expect(
      (
        await t.call(
          'PUT',
          '/Users',
          { User_ID: 1, Version: 1, User_Name: 'x' },
          { authorization: `Bearer ${token}` },
        )
      ).status,
    ).toBe(403);
  });
});
