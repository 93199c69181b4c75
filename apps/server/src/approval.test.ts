import { AppError } from '@mes/engine-server';
import { date, decimal, defineEntity, defineModule, text } from '@mes/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

/** The document life cycle of DESIGN.md §5 on a test document with the approval feature. */
const posted: number[] = [];
/** The records the posting hook was given, as it saw them. */
const given: Record<string, unknown>[] = [];
const reversed: number[] = [];
/** What the posting gate counted as running while each posting hook ran. */
const gated: number[] = [];
const voucher = defineEntity({
  name: 'TestVoucher',
  label: { zh: '测试凭单', en: 'Test voucher' },
  kind: 'document',
  menu: 'test.voucher',
  fields: {
    List_NO: text({ zh: '单号', en: 'No.' }, { max: 30, readOnly: true }),
    Posting_Date: date({ zh: '过账日期', en: 'Posting date' }),
    Amount: decimal({ zh: '金额', en: 'Amount' }),
    Has_Dependant: text({ zh: '下游单据', en: 'Dependant' }, { max: 10 }),
  },
  display: 'List_NO',
  features: {
    approval: { dateField: 'Posting_Date' },
    numbering: { field: 'List_NO', prefix: 'TV', period: 'none', digits: 5 },
  },
});
const testModule = {
  manifest: defineModule({
    code: 'test',
    label: { zh: '测试', en: 'Test' },
    order: 99,
    entities: [voucher],
    menu: [
      {
        code: 'test.g',
        label: { zh: '测试', en: 'Test' },
        pages: [
          {
            code: 'test.voucher',
            label: { zh: '测试凭单', en: 'Test voucher' },
            path: '/test/voucher',
            entity: 'TestVoucher',
          },
        ],
      },
    ],
  }),
  hooks: [
    {
      entity: 'TestVoucher',
      hooks: {
        onApprove: (_c: unknown, r: Record<string, unknown>) => {
          posted.push(r.ID as number);
          given.push({ ...r });
          gated.push(t.engine.postingGate.load.running);
        },
        onUnapprove: (_c: unknown, r: Record<string, unknown>) => {
          reversed.push(r.ID as number);
          gated.push(t.engine.postingGate.load.running);
        },
        beforeUnapprove: (_c: unknown, r: Record<string, unknown>) => {
          if (r.Has_Dependant === 'yes') throw new AppError('has_dependants');
        },
      },
    },
  ],
};

let t: TestServer;
const users: Record<string, { id: number; token: string }> = {};
beforeAll(async () => {
  t = await startTestServer({ extraModules: [testModule] });
  const menu = (await t.call<{ Menu_ID: number }[]>('GET', '/ModuleMenu?Menu_Code=test.voucher')).body
    .Data[0];
  const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'voucher',
    Role_Name: 'voucher',
    Grants: [
      { Menu_ID: menu.Menu_ID, Buttons: 'add,edit,delete,approve,unapprove,reject,close', Opera_Type: 2 },
    ],
  });
  for (const name of ['author', 'boss1', 'boss2', 'deputy']) {
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: name,
      User_Name: name,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    users[name] = { id: u.body.Data.User_ID, token: await t.login(name, 'sesame-4711') };
  }
  // a user of the page who may not approve
  const writer = await t.call<{ Role_ID: number }>('POST', '/Role', {
    Role_Code: 'voucher_writer',
    Role_Name: 'voucher_writer',
    Grants: [{ Menu_ID: menu.Menu_ID, Buttons: 'add,edit', Opera_Type: 2 }],
  });
  const clerk = await t.call<{ User_ID: number }>('POST', '/Users', {
    User_Account: 'clerk',
    User_Name: 'clerk',
    Roles: [{ Role_ID: writer.body.Data.Role_ID }],
  });
  await t.call('POST', '/Users/ResetPwd', { User_ID: clerk.body.Data.User_ID, Pass_Word: 'sesame-4711' });
  users.clerk = { id: clerk.body.Data.User_ID, token: await t.login('clerk', 'sesame-4711') };
  await t.call('POST', '/ApprovalSetting', {
    Menu_ID: menu.Menu_ID,
    Levels: [
      { Level_No: 1, Approver_ID: users.boss1.id },
      { Level_No: 2, Approver_ID: users.boss2.id },
    ],
  });
});
afterAll(async () => t?.close());

const as = (who: string) => ({ authorization: `Bearer ${users[who].token}` });
type Doc = { ID: number; State: number; Next_User_ID: number | null; Approve_Level: number; Version: number };
const act = (who: string, action: string, body: Record<string, unknown>) =>
  t.call<Doc>('POST', `/TestVoucher/${action}`, body, as(who));
const newDoc = async (extra: Record<string, unknown> = {}) =>
  (
    await t.call<Doc>(
      'POST',
      '/TestVoucher',
      { Posting_Date: '2026-11-01', Amount: '100', ...extra },
      as('author'),
    )
  ).body.Data;
const todos = async (who: string) =>
  (
    await t.call<{ Title: string }[]>(
      'GET',
      `/SendMsg/GetSendMsgs?User_ID=${users[who].id}`,
      undefined,
      as(who),
    )
  ).body.Data.map((m) => m.Title);

describe('approval through two levels', () => {
  it('level 1 → level 2 → approved, with to-dos, messages, history and the posting hook', async () => {
    const d = await newDoc();
    expect((await act('boss2', 'Approve', { ID: d.ID })).status).toBe(403);
    const one = await act('boss1', 'Approve', { ID: d.ID });
    expect(one.body.Data).toMatchObject({ State: 2, Approve_Level: 1, Next_User_ID: users.boss2.id });
    expect(await todos('boss2')).toEqual([expect.stringContaining('待您审批')]);
    // the same click again is refused: the document has moved on
    expect((await act('boss1', 'Approve', { ID: d.ID })).status).toBe(403);
    const two = await act('boss2', 'Approve', { ID: d.ID });
    expect(two.body.Data).toMatchObject({ State: 3, Approve_Level: 2, Next_User_ID: null });
    expect(await todos('boss2')).toEqual([]);
    expect(posted).toContain(d.ID);
    // the hook is given the record as approved, as the answer shows it
    const seen = given.find((r) => r.ID === d.ID);
    for (const k of ['State', 'Approve_Level', 'Approved_By', 'Version', 'List_NO', 'Amount', 'Posting_Date'])
      expect(seen?.[k], k).toEqual((two.body.Data as unknown as Record<string, unknown>)[k]);
    const again = await act('boss2', 'Approve', { ID: d.ID });
    expect(again.status).toBe(409);
    // the state by its name, in the user's language
    expect(again.body.Message).toBe('单据当前状态（已审核）不能执行此操作');
    const inEnglish = await t.call(
      'POST',
      '/TestVoucher/Approve',
      { ID: d.ID },
      {
        ...as('boss2'),
        'accept-language': 'en',
      },
    );
    expect(inEnglish.body.Message).toBe('Not possible while the document is "Approved"');
    expect(posted.filter((x) => x === d.ID)).toHaveLength(1);
    const history = await t.call<{ Action: string; To_State: number }[]>(
      'GET',
      `/TestVoucher/${d.ID}/ApprovalHistory`,
      undefined,
      as('author'),
    );
    expect(history.body.Data.map((h) => [h.Action, h.To_State])).toEqual([
      ['Approve', 2],
      ['Approve', 3],
    ]);
    const inbox = await t.call<{ Title: string }[]>(
      'GET',
      '/SendMsg/GetSendMsgs?Status=1',
      undefined,
      as('author'),
    );
    expect(inbox.body.Data.map((m) => m.Title)).toContain(
      `测试凭单 ${(await t.call<{ List_NO: string }>('GET', `/TestVoucher/${d.ID}`)).body.Data.List_NO} 已审核通过`,
    );
    // approved documents are no longer editable or deletable
    expect(
      (await t.call('PUT', '/TestVoucher', { ID: d.ID, Version: 3, Amount: '1' }, as('author'))).body.Code,
    ).toBe(1);
    expect((await t.call('DELETE', `/TestVoucher/${d.ID}`, undefined, as('author'))).body.Code).toBe(1);
  });

  it('posts through the posting gate: approvals and unapprovals that post, at most its size at once', async () => {
    const docs = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newDoc()));
    for (const d of docs) expect((await act('boss1', 'Approve', { ID: d.ID })).body.Code).toBe(0);
    gated.length = 0;
    const done = await Promise.all(docs.map((d) => act('boss2', 'Approve', { ID: d.ID })));
    expect(done.map((r) => r.body.Data.State)).toEqual(docs.map(() => 3));
    expect(gated).toHaveLength(docs.length);
    const size = t.engine.postingGate.size;
    for (const n of gated) expect(n >= 1 && n <= size, `${n} running of ${size}`).toBe(true);
    expect((await t.call('POST', '/TestVoucher/UnApprove', { ID: docs[0].ID })).body.Code).toBe(0);
    expect(gated).toHaveLength(docs.length + 1);
    expect(gated.at(-1)).toBe(1);
    expect(t.engine.postingGate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('transfers to a chosen next approver, never to oneself or a disabled account', async () => {
    const d = await newDoc();
    expect((await act('boss1', 'Approve', { ID: d.ID, Next_User_ID: users.boss1.id })).body.Code).toBe(1);
    expect((await act('boss1', 'Approve', { ID: d.ID, Next_User_ID: 999999 })).body.Code).toBe(1);
    const moved = await act('boss1', 'Approve', { ID: d.ID, Next_User_ID: users.deputy.id });
    expect(moved.body.Data).toMatchObject({ State: 2, Next_User_ID: users.deputy.id });
    expect(await todos('deputy')).toHaveLength(1);
    expect((await act('boss1', 'Approve', { ID: d.ID })).status).toBe(403);
    expect((await act('deputy', 'Approve', { ID: d.ID })).body.Data).toMatchObject({
      State: 2,
      Next_User_ID: users.boss2.id,
    });
  });

  it('answers the pending list of a user without a department (an empty Dept_ID is no Dept_ID)', async () => {
    const d = await newDoc();
    await act('boss1', 'Approve', { ID: d.ID });
    const pending = await t.call<{ Parameter: string }[]>(
      'GET',
      `/SendMsg/GetSendMsgs?User_ID=${users.boss2.id}&Dept_ID=&Title=&Page=1&PageSize=15`,
      undefined,
      as('boss2'),
    );
    expect([pending.status, pending.body.Message]).toEqual([200, '操作成功']);
    expect(pending.body.Data.map((m) => m.Parameter)).toContain(String(d.ID));
    // a generic list alike: the empty filter is no filter
    const all = await t.call<unknown[]>('GET', '/Users?PageSize=100');
    const emptyFilter = await t.call<unknown[]>('GET', '/Users?PageSize=100&Dept_ID=&User_Name=');
    expect([emptyFilter.status, emptyFilter.body.Data.length]).toEqual([200, all.body.Data.length]);
  });

  it('refuses a transfer to the author or to a user who may not approve, and changes nothing', async () => {
    const d = await newDoc();
    const toAuthor = await act('boss1', 'Approve', { ID: d.ID, Next_User_ID: users.author.id });
    expect([toAuthor.status, toAuthor.body.Message]).toEqual([400, '不能转交给单据的制单人审批']);
    const toClerk = await t.call(
      'POST',
      '/TestVoucher/Approve',
      { ID: d.ID, Next_User_ID: users.clerk.id },
      {
        ...as('boss1'),
        'accept-language': 'en',
      },
    );
    expect([toClerk.status, toClerk.body.Message]).toEqual([
      400,
      'The chosen approver has no right to approve this document',
    ]);
    expect((await t.call<Doc>('GET', `/TestVoucher/${d.ID}`)).body.Data).toMatchObject({
      State: 1,
      Approve_Level: 0,
      Next_User_ID: null,
    });
    // the author cannot approve the document a transfer did not give them
    expect((await act('author', 'Approve', { ID: d.ID })).status).toBe(403);
    // the transfer list of the document offers neither
    const approvers = async (query: string) => {
      const r = await t.call<{ User_ID: number }[]>(
        'GET',
        `/ApprovalSetting/Approvers${query}`,
        undefined,
        as('boss1'),
      );
      return { status: r.status, ids: r.status === 200 ? r.body.Data.map((u) => u.User_ID) : [] };
    };
    const forDoc = await approvers(`?Entity=TestVoucher&ID=${d.ID}`);
    expect(forDoc.ids).toEqual(expect.arrayContaining([users.boss2.id, users.deputy.id]));
    for (const who of ['author', 'clerk', 'boss1']) expect(forDoc.ids, who).not.toContain(users[who].id);
    expect((await approvers('')).ids).toEqual(expect.arrayContaining([users.author.id, users.clerk.id]));
    expect((await approvers('?Entity=NoSuchThing')).status).toBe(404);
    const byClerk = await t.call(
      'GET',
      '/ApprovalSetting/Approvers?Entity=TestVoucher',
      undefined,
      as('clerk'),
    );
    expect(byClerk.status).toBe(404);
  });

  it('rejects with a reason back to the author, who is told why', async () => {
    const d = await newDoc();
    await act('boss1', 'Approve', { ID: d.ID });
    expect((await act('boss2', 'Rejected', { ID: d.ID })).body.Message).toBe('请填写原因');
    expect((await act('boss2', 'Rejected', { ID: d.ID, Rejected_Msg: '   ' })).body.Code).toBe(1);
    const r = await act('boss2', 'Rejected', { ID: d.ID, Rejected_Msg: '单价有误' });
    expect(r.body.Data).toMatchObject({ State: 1, Approve_Level: 0, Next_User_ID: null });
    const inbox = await t.call<{ Title: string }[]>(
      'GET',
      '/SendMsg/GetSendMsgs?Status=1',
      undefined,
      as('author'),
    );
    expect(inbox.body.Data.some((m) => m.Title.endsWith('被驳回：单价有误'))).toBe(true);
    expect(
      (
        await t.call(
          'PUT',
          '/TestVoucher',
          { ID: d.ID, Version: r.body.Data.Version, Amount: '90' },
          as('author'),
        )
      ).body.Code,
    ).toBe(0);
  });

  it('unapproves (refused with dependants) and closes with a reason', async () => {
    const d = await newDoc();
    await act('boss1', 'Approve', { ID: d.ID });
    await act('boss2', 'Approve', { ID: d.ID });
    // only the last level takes an approval back
    for (const who of ['author', 'boss1']) {
      const r = await act(who, 'UnApprove', { ID: d.ID });
      expect([r.status, r.body.Message], who).toEqual([403, '只有最后一级审批人才能反审核该单据']);
    }
    expect(reversed).not.toContain(d.ID);
    expect((await t.call<Doc>('GET', `/TestVoucher/${d.ID}`)).body.Data.State).toBe(3);
    expect((await act('boss2', 'UnApprove', { ID: d.ID })).body.Data.State).toBe(1);
    expect(reversed).toContain(d.ID);
    // so does the user the last level passed the document to, once they approved it
    const passed = await newDoc();
    await act('boss1', 'Approve', { ID: passed.ID });
    await act('boss2', 'Approve', { ID: passed.ID, Next_User_ID: users.deputy.id });
    expect((await act('deputy', 'Approve', { ID: passed.ID })).body.Data.State).toBe(3);
    expect((await act('boss1', 'UnApprove', { ID: passed.ID })).status).toBe(403);
    expect((await act('deputy', 'UnApprove', { ID: passed.ID })).body.Data.State).toBe(1);
    const dep = await newDoc({ Has_Dependant: 'yes' });
    await act('boss1', 'Approve', { ID: dep.ID });
    await act('boss2', 'Approve', { ID: dep.ID });
    expect((await act('boss2', 'UnApprove', { ID: dep.ID })).body.Message).toBe(
      '已有后续单据引用该单据，不能反审核',
    );
    expect((await t.call<Doc>('GET', `/TestVoucher/${dep.ID}`)).body.Data.State).toBe(3);
    expect((await act('author', 'Complete', { ID: dep.ID })).body.Message).toBe('请填写原因');
    expect((await act('author', 'Complete', { ID: dep.ID, Rejected_Msg: '已结案' })).body.Data.State).toBe(9);
    expect((await act('boss2', 'UnApprove', { ID: dep.ID })).status).toBe(409);
  });

  it('checks the posting date, bad bodies and the /DZSoft/ variant', async () => {
    const d = (await t.call<Doc>('POST', '/TestVoucher', { Amount: '5' }, as('author'))).body.Data;
    expect((await act('boss1', 'Approve', { ID: d.ID })).body.Message).toBe('请选择过账日期');
    expect((await act('boss1', 'Approve', { ID: 'x' })).body.Code).toBe(1);
    expect((await act('boss1', 'Approve', { ID: d.ID, Extra: 1 })).body.Code).toBe(1);
    expect((await act('boss1', 'Approve', { ID: 99999999 })).status).toBe(404);
    const ok = await newDoc();
    const r = await t.call<Doc>('POST', '/DZSoft/TestVoucher/Approve', { ID: ok.ID }, as('boss1'));
    expect(r.body.Data.State).toBe(2);
    const approvers = await t.call<{ User_ID: number }[]>(
      'GET',
      '/ApprovalSetting/Approvers',
      undefined,
      as('boss1'),
    );
    expect(approvers.body.Data.map((u) => u.User_ID)).not.toContain(users.boss1.id);
  });
});
