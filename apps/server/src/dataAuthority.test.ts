import { defineEntity, defineModule, text } from '@mes/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/** Documents are scoped by the reader's data authority: own records, own department, or all. */
const memo = defineEntity({
  name: 'TestMemo',
  label: { zh: '测试单据', en: 'Test memo' },
  kind: 'document',
  menu: 'test.memo',
  fields: { Memo_Title: text({ zh: '标题', en: 'Title' }, { required: true }) },
  display: 'Memo_Title',
  features: { print: true },
});
const testModule = {
  manifest: defineModule({
    code: 'test',
    label: { zh: '测试', en: 'Test' },
    order: 99,
    entities: [memo],
    menu: [
      {
        code: 'test.group',
        label: { zh: '测试', en: 'Test' },
        pages: [
          {
            code: 'test.memo',
            label: { zh: '测试单据', en: 'Test memo' },
            path: '/test/memo',
            entity: 'TestMemo',
          },
        ],
      },
    ],
  }),
};

let t: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestServer({ extraModules: [testModule] });
  const menu = (await t.call<{ Menu_ID: number }[]>('GET', '/ModuleMenu?Menu_Code=test.memo')).body.Data[0];
  const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'memo',
    Role_Name: 'memo',
    Grants: [{ Menu_ID: menu.Menu_ID, Buttons: 'add,edit,delete,print', Opera_Type: 2 }],
  });
  const dept = async (code: string) =>
    (await t.call<{ Dept_ID: number }>('POST', '/Department', { Dept_Code: code, Dept_Name: code })).body.Data
      .Dept_ID;
  const d1 = await dept('DA1');
  const d2 = await dept('DA2');
  const user = async (account: string, deptId: number, authority: number) => {
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: account,
      User_Name: account,
      Dept_ID: deptId,
      Data_Authority: authority,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    tokens[account] = await t.login(account, 'sesame-4711');
  };
  await user('own1', d1, 1);
  await user('dept1', d1, 2);
  await user('all2', d2, 3);
  await user('dept2', d2, 2);
  for (const who of ['own1', 'dept1', 'all2', 'dept2'])
    await t.call(
      'POST',
      '/TestMemo',
      { Memo_Title: `by ${who}` },
      { authorization: `Bearer ${tokens[who]}` },
    );
});
afterAll(async () => t?.close());

const titles = async (who: string) =>
  (
    await t.call<{ Memo_Title: string }[]>('GET', '/TestMemo?Sort=ID', undefined, {
      authorization: `Bearer ${tokens[who]}`,
    })
  ).body.Data.map((m) => m.Memo_Title);

describe('data authority', () => {
  it('own sees own, department sees its department, all sees all', async () => {
    expect(await titles('own1')).toEqual(['by own1']);
    expect(await titles('dept1')).toEqual(['by own1', 'by dept1']);
    expect(await titles('dept2')).toEqual(['by all2', 'by dept2']);
    expect(await titles('all2')).toEqual(['by own1', 'by dept1', 'by all2', 'by dept2']);
  });

  it('a record outside the scope is not found, not leaked', async () => {
    const theirs = (await t.call<{ ID: number }[]>('GET', '/TestMemo?Sort=ID')).body.Data[3];
    const r = await t.call('GET', `/TestMemo/${theirs.ID}`, undefined, {
      authorization: `Bearer ${tokens.own1}`,
    });
    expect(r.status).toBe(404);
    expect(r.body.Data).toBeNull();
  });

  it('prints only records in the scope: one outside it refuses the whole batch', async () => {
    const all = (await t.call<{ ID: number }[]>('GET', '/TestMemo?Sort=ID')).body.Data;
    const as = { authorization: `Bearer ${tokens.own1}` };
    const one = await fetch(`${t.url}/Report/Viewer?Entity=TestMemo&ID=${all[0].ID}`, { headers: as });
    expect([one.status, one.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const mixed = await fetch(`${t.url}/Report/Viewer?Entity=TestMemo&ID=${all[0].ID},${all[3].ID}`, {
      headers: as,
    });
    expect(mixed.status).toBe(404);
    expect(mixed.headers.get('content-type')).toContain('json');
  });
});

describe('data authority on writes', () => {
  it('cannot edit or void a document it cannot see', async () => {
    const all = (
      await t.call<{ ID: number; Version: number; Memo_Title: string }[]>('GET', '/TestMemo?Sort=ID')
    ).body.Data;
    const theirs = all[3];
    const as = { authorization: `Bearer ${tokens.own1}` };
    const put = await t.call(
      'PUT',
      '/TestMemo',
      { ID: theirs.ID, Version: theirs.Version, Memo_Title: 'hijacked' },
      as,
    );
    expect(put.status).toBe(404);
    expect((await t.call('DELETE', `/TestMemo/${theirs.ID}`, undefined, as)).status).toBe(404);
    const after = (await t.call<{ Memo_Title: string; State: number }>('GET', `/TestMemo/${theirs.ID}`)).body
      .Data;
    expect(after).toMatchObject({ Memo_Title: 'by dept2', State: 1 });
    const mine = all[0];
    expect(
      (await t.call('PUT', '/TestMemo', { ID: mine.ID, Version: mine.Version, Memo_Title: 'mine 2' }, as))
        .body.Code,
    ).toBe(0);
  });
});
