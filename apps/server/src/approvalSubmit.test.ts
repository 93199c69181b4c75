import { date, decimal, defineEntity, defineModule, text } from '@mes/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/**
 * Issue 25 bug 4: a multi-level approval is started by its author's Submit; level 1 gets a to-do,
 * then level 2; a rejected document is edited and submitted again; the author withdraws before the
 * first approval; the settings name only approvers holding the menu's approve grant.
 */
const memo = defineEntity({
  name: 'TestMemo',
  label: { zh: '测试单', en: 'Test memo' },
  kind: 'document',
  menu: 'test.memo',
  fields: {
    List_NO: text({ zh: '单号', en: 'No.' }, { max: 30, readOnly: true }),
    Posting_Date: date({ zh: '过账日期', en: 'Posting date' }),
    Amount: decimal({ zh: '金额', en: 'Amount' }),
  },
  display: 'List_NO',
  // a large amount, once approved, has been acted on (as a notified award): it stays approved
  allows: { unapprove: (r) => Number(r.Amount) < 1000 },
  features: {
    approval: { dateField: 'Posting_Date' },
    numbering: { field: 'List_NO', prefix: 'TM', period: 'none', digits: 5 },
  },
});
const testModule = {
  manifest: defineModule({
    code: 'test',
    label: { zh: '测试', en: 'Test' },
    order: 99,
    entities: [memo],
    menu: [
      {
        code: 'test.g',
        label: { zh: '测试', en: 'Test' },
        pages: [
          {
            code: 'test.memo',
            label: { zh: '测试单', en: 'Test memo' },
            path: '/test/memo',
            entity: 'TestMemo',
          },
        ],
      },
    ],
  }),
};

let t: TestServer;
let menuId = 0;
let settingId = 0;
const users: Record<string, { id: number; token: string }> = {};
const addUser = async (name: string, roleId: number) => {
  const u = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: name,
    User_Name: name,
    Roles: [{ Role_ID: roleId }],
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
  users[name] = { id: u.body.Data.User_ID, token: await t.login(name, 'sesame-4711') };
};
beforeAll(async () => {
  t = await startTestServer({ extraModules: [testModule] });
  menuId = (await t.call<{ Menu_ID: number }[]>('GET', '/ModuleMenu?Menu_Code=test.memo')).body.Data[0]
    .Menu_ID;
  const role = async (code: string, buttons: string) =>
    (
      await t.call<{ Role_ID: number }>('POST', '/Role', {
        Role_Code: code,
        Role_Name: code,
        Grants: [{ Menu_ID: menuId, Buttons: buttons, Opera_Type: 2 }],
      })
    ).body.Data.Role_ID;
  const approver = await role('memo_approver', 'add,edit,approve,reject');
  const writer = await role('memo_writer', 'add,edit');
  await addUser('chen', approver);
  await addUser('boss', approver);
  await addUser('author', writer);
  await addUser('reader', writer);
});
afterAll(async () => t?.close());

const as = (who: string) => ({ authorization: `Bearer ${users[who].token}` });
type Doc = { ID: number; State: number; Next_User_ID: number | null; Approve_Level: number; Version: number };
const act = (who: string, action: string, body: Record<string, unknown>) =>
  t.call<Doc>('POST', `/TestMemo/${action}`, body, as(who));
const newDoc = async () =>
  (await t.call<Doc>('POST', '/TestMemo', { Posting_Date: '2026-11-01', Amount: '100' }, as('author'))).body
    .Data;
const todos = async (who: string) =>
  (
    await t.call<{ Title: string }[]>(
      'GET',
      `/SendMsg/GetSendMsgs?User_ID=${users[who].id}`,
      undefined,
      as(who),
    )
  ).body.Data.map((m) => m.Title);

describe('approval settings', () => {
  it('refuses an approver without the menu approve grant, with a clear message, and saves the rest', async () => {
    const bad = await t.call('POST', '/ApprovalSetting', {
      Menu_ID: menuId,
      Levels: [
        { Level_No: 1, Approver_ID: users.chen.id },
        { Level_No: 2, Approver_ID: users.reader.id },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('「reader」没有「测试单」的审核权限，不能设为审批人');
    // the picker offers only who holds the grant
    const offered = await t.call<{ User_ID: number }[]>(
      'GET',
      `/ApprovalSetting/Approvers?Menu_ID=${menuId}`,
    );
    const ids = offered.body.Data.map((u) => u.User_ID);
    expect(ids).toEqual(expect.arrayContaining([users.chen.id, users.boss.id]));
    expect(ids).not.toContain(users.reader.id);
    expect(ids).not.toContain(users.author.id);
    const good = await t.call<{ ID: number }>('POST', '/ApprovalSetting', {
      Menu_ID: menuId,
      Levels: [
        { Level_No: 1, Approver_ID: users.chen.id },
        { Level_No: 2, Approver_ID: users.boss.id },
      ],
    });
    expect(good.body.Code).toBe(0);
    settingId = good.body.Data.ID;
    expect(settingId).toBeGreaterThan(0);
  });
});

describe('submit into a multi-level approval', () => {
  it('submit → level 1 to-do → approve → level 2 → approve → approved', async () => {
    const d = await newDoc();
    // level 2 cannot approve a draft; the message says what to do instead
    const direct = await act('boss', 'Approve', { ID: d.ID });
    expect(direct.status).toBe(403);
    expect(direct.body.Message).toBe('该单据需多级审批，请由制单人先提交审批');
    const sent = await act('author', 'Submit', { ID: d.ID });
    expect(sent.body.Data).toMatchObject({ State: 2, Approve_Level: 0, Next_User_ID: users.chen.id });
    expect(await todos('chen')).toEqual([expect.stringContaining('待您审批')]);
    expect((await act('boss', 'Approve', { ID: d.ID })).status).toBe(403);
    const one = await act('chen', 'Approve', { ID: d.ID });
    expect(one.body.Data).toMatchObject({ State: 2, Approve_Level: 1, Next_User_ID: users.boss.id });
    expect(await todos('chen')).toEqual([]);
    expect(await todos('boss')).toEqual([expect.stringContaining('待您审批')]);
    // too late to withdraw: level 1 approved
    const late = await act('author', 'Withdraw', { ID: d.ID });
    expect(late.status).toBe(409);
    const two = await act('boss', 'Approve', { ID: d.ID });
    expect(two.body.Data).toMatchObject({ State: 3, Approve_Level: 2, Next_User_ID: null });
    expect(await todos('boss')).toEqual([]);
    const history = await t.call<{ Action: string; To_State: number }[]>(
      'GET',
      `/TestMemo/${d.ID}/ApprovalHistory`,
      undefined,
      as('author'),
    );
    expect(history.body.Data.map((h) => [h.Action, h.To_State])).toEqual([
      ['Submit', 2],
      ['Approve', 2],
      ['Approve', 3],
    ]);
  });

  it('rejected: the author edits and submits again', async () => {
    const d = await newDoc();
    await act('author', 'Submit', { ID: d.ID });
    const no = await act('chen', 'Rejected', { ID: d.ID, Rejected_Msg: '金额不对' });
    expect(no.body.Data).toMatchObject({ State: 1, Next_User_ID: null });
    expect(await todos('chen')).toEqual([]);
    const edited = await t.call<Doc>(
      'PUT',
      '/TestMemo',
      { ID: d.ID, Version: no.body.Data.Version, Amount: '90' },
      as('author'),
    );
    expect(edited.body.Code).toBe(0);
    const again = await act('author', 'Submit', { ID: d.ID });
    expect(again.body.Data).toMatchObject({ State: 2, Approve_Level: 0, Next_User_ID: users.chen.id });
    expect(await todos('chen')).toEqual([expect.stringContaining('待您审批')]);
    // submitting twice is refused by the state
    expect((await act('author', 'Submit', { ID: d.ID })).status).toBe(409);
  });

  it('the author withdraws before the first approval; nobody else does', async () => {
    const d = await newDoc();
    const before = (await todos('chen')).length;
    await act('author', 'Submit', { ID: d.ID });
    expect(await todos('chen')).toHaveLength(before + 1);
    const other = await act('reader', 'Withdraw', { ID: d.ID });
    expect(other.status).toBe(403);
    expect(other.body.Message).toBe('只有制单人才能撤回该单据');
    const back = await act('author', 'Withdraw', { ID: d.ID });
    expect(back.body.Data).toMatchObject({ State: 1, Approve_Level: 0, Next_User_ID: null });
    // level 1's to-do is gone with it
    expect(await todos('chen')).toHaveLength(before);
    expect((await act('author', 'Withdraw', { ID: d.ID })).status).toBe(409);
  });

  it('refuses an approver who lost the grant when the levels are saved again', async () => {
    const s = await t.call<{ Version: number; Levels: unknown[] }>('GET', `/ApprovalSetting/${settingId}`);
    const res = await t.call('PUT', '/ApprovalSetting', {
      ID: settingId,
      Version: s.body.Data.Version,
      Levels: [{ Level_No: 1, Approver_ID: users.author.id }],
    });
    expect(res.body.Code).toBe(1);
    expect(res.body.Message).toContain('author');
  });
});

describe('the actions a user is offered', () => {
  const offered = async (who: string, id: number) =>
    (
      await t.call<{ Actions: string[]; Levels: number }>(
        'GET',
        `/TestMemo/${id}/ApprovalActions`,
        undefined,
        as(who),
      )
    ).body.Data;
  it('follow the document through the levels: submit, withdraw, approve by the current level only', async () => {
    const d = await newDoc();
    expect(await offered('author', d.ID)).toEqual({ Actions: ['Submit'], Levels: 2 });
    expect((await offered('boss', d.ID)).Actions).toEqual(['Submit']);
    await act('author', 'Submit', { ID: d.ID });
    expect((await offered('author', d.ID)).Actions).toEqual(['Withdraw']);
    expect((await offered('chen', d.ID)).Actions).toEqual(['Approve', 'Rejected']);
    expect((await offered('boss', d.ID)).Actions).toEqual([]);
    await act('chen', 'Approve', { ID: d.ID });
    expect((await offered('author', d.ID)).Actions).toEqual([]);
    expect((await offered('boss', d.ID)).Actions).toEqual(['Approve', 'Rejected']);
  });
});

describe('state rules the server checks as the web offers them (issue 25 bug 12)', () => {
  const approved = async (amount: string) => {
    const d = (
      await t.call<Doc>('POST', '/TestMemo', { Posting_Date: '2026-11-01', Amount: amount }, as('author'))
    ).body.Data;
    await act('author', 'Submit', { ID: d.ID });
    await act('chen', 'Approve', { ID: d.ID });
    await act('boss', 'Approve', { ID: d.ID });
    return d.ID;
  };
  it('unapprove: offered and done only where the entity allows it', async () => {
    const small = await approved('10');
    const large = await approved('5000');
    const offered = async (id: number) =>
      (await t.call<{ Actions: string[] }>('GET', `/TestMemo/${id}/ApprovalActions`)).body.Data.Actions;
    expect(await offered(small)).toContain('UnApprove');
    expect(await offered(large)).not.toContain('UnApprove');
    const refused = await t.call('POST', '/TestMemo/UnApprove', { ID: large });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('该记录当前状态不允许此操作');
    expect((await t.call<Doc>('POST', '/TestMemo/UnApprove', { ID: small })).body.Data.State).toBe(1);
    // an approved document is not voided either
    expect((await t.call('DELETE', `/TestMemo/${large}`)).body.Code).toBe(1);
  });

  it('system parameters: a reserved one is not deleted, one of the users is', async () => {
    const reserved = await t.call('DELETE', '/SystemParameter/26');
    expect(reserved.status).toBe(409);
    expect(reserved.body.Message).toBe('该记录当前状态不允许此操作');
    const own = await t.call<{ ID: number }>('POST', '/SystemParameter', {
      Parameter_Name: '测试参数',
      Parameter_Value: '1',
    });
    expect((await t.call('DELETE', `/SystemParameter/${own.body.Data.ID}`)).body.Code).toBe(0);
  });
});
