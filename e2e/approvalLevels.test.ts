import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { eventually } from './helpers/shell';
import { signInContext } from './session';

const tid = (id: string) => `[data-testid="${id}"]`;
const DOCS = '/record/inventory/inventoryDocList';

interface Doc {
  Doc_NO: string;
  State: number;
  Approve_Level: number;
  Next_User_ID: number | null;
}

/**
 * Multi-level approval as users meet it (issue 25, bug 4): with levels 陈静 → 系统管理员 set for
 * 库存单据, the author submits (提交) a draft, 陈静 gets it to do and approves, then the
 * administrator approves and the document is approved.
 */
describe.skipIf(!hasBrowser)('multi-level approval in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  const users: Record<string, { User_ID: number; User_Name: string }> = {};
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    for (const account of ['yangming', 'chenjing', 'admin']) {
      const r = await t.call<{ User_ID: number; User_Name: string }[]>(
        'GET',
        `/Users?User_Account=${account}`,
      );
      users[account] = r.body.Data[0];
    }
    const menu = await t.call<{ Menu_ID: number }[]>('GET', '/ModuleMenu?Menu_Code=record.inventoryDoc');
    // as an administrator would: 陈静 (a planner) is given the approve grant on 库存单据 first, since
    // approval settings refuse an approver who could not approve
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: 'ivapprover',
      Role_Name: '库存单据审核',
      Grants: [{ Menu_ID: menu.body.Data[0].Menu_ID, Buttons: 'approve,reject', Opera_Type: 2 }],
    });
    expect(role.body.Code, role.body.Message).toBe(0);
    const planner = await t.call<{ Version: number; Roles: { Role_ID: number }[] }>(
      'GET',
      `/Users/${users.chenjing.User_ID}`,
    );
    const granted = await t.call('PUT', '/Users', {
      User_ID: users.chenjing.User_ID,
      Version: planner.body.Data.Version,
      Roles: [
        ...(planner.body.Data.Roles ?? []).map((r) => ({ Role_ID: r.Role_ID })),
        { Role_ID: role.body.Data.Role_ID },
      ],
    });
    expect(granted.body.Code, granted.body.Message).toBe(0);
    const set = await t.call('POST', '/ApprovalSetting', {
      Menu_ID: menu.body.Data[0].Menu_ID,
      Levels: [
        { Level_No: 1, Approver_ID: users.chenjing.User_ID },
        { Level_No: 2, Approver_ID: users.admin.User_ID },
      ],
    });
    expect(set.body.Code, set.body.Message).toBe(0);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const password = (account: string) => (account === 'admin' ? 'admin123' : 'demo1234');
  const asUser = async (account: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    opened.push(context);
    await signInContext(context, t.url, account, password(account));
    return context.newPage();
  };
  const doc = async (id: number) => (await t.call<Doc>('GET', `/StockDoc/${id}`)).body.Data;
  const openDoc = async (page: Page, id: number) => {
    await page.goto(`${t.url}${DOCS}`);
    // an approver without the edit grant opens it to view: the approval panel is there too
    await page.click(`${tid(`entity-edit-${id}`)}, ${tid(`entity-view-${id}`)}`);
    await page.waitForSelector(tid('approval-panel'));
  };
  const approveIn = async (page: Page) => {
    await page.click(tid('approval-open'));
    await page.click(`${tid('approval-choice')} input[value="approve"]`);
    await page.click(tid('approval-submit'));
  };

  it('the author submits, level 1 (陈静) approves, level 2 (系统管理员) approves', async () => {
    // the clerk writes the draft
    const clerkToken = await t.login('yangming', password('yangming'));
    const material = await t.call<{ Material_ID: number }[]>(
      'GET',
      '/Material?PageSize=1&Sort=Material_Number',
    );
    const location = await t.call<{ Location_ID: number }[]>('GET', '/Location?Location_Code=WH01-B-01');
    const created = await t.call<{ Doc_ID: number }>(
      'POST',
      '/StockDoc',
      {
        Doc_Type: 1,
        Doc_Date: '2026-11-20',
        Lines: [
          {
            Material_ID: material.body.Data[0].Material_ID,
            Location_ID: location.body.Data[0].Location_ID,
            Qty: '2',
            Unit_Price: '1',
          },
        ],
      },
      { authorization: `Bearer ${clerkToken}` },
    );
    expect(created.body.Code, created.body.Message).toBe(0);
    const id = created.body.Data.Doc_ID;

    // 提交: into approval, level 1's turn
    const author = await asUser('yangming');
    await openDoc(author, id);
    await author.click(tid('approval-submit-doc'));
    await eventually(async () => (await doc(id)).State).toBe(2);
    expect((await doc(id)).Next_User_ID).toBe(users.chenjing.User_ID);
    await shot(author, 'approval-levels-submitted-zh');

    // 陈静 has it to do, with a message naming the document
    const planner = await t.login('chenjing', password('chenjing'));
    const inbox = await t.call<unknown[]>('GET', '/SendMsg/GetSendMsgs?PageSize=20', undefined, {
      authorization: `Bearer ${planner}`,
    });
    expect(JSON.stringify(inbox.body.Data)).toContain((await doc(id)).Doc_NO);
    const level1 = await asUser('chenjing');
    await openDoc(level1, id);
    await approveIn(level1);
    await eventually(async () => (await doc(id)).Next_User_ID).toBe(users.admin.User_ID);
    expect((await doc(id)).State).toBe(2);

    // the administrator, level 2, approves last: the receipt is approved and posted
    const level2 = await asUser('admin');
    await openDoc(level2, id);
    await approveIn(level2);
    await eventually(async () => (await doc(id)).State).toBe(3);
    await openDoc(level2, id);
    await eventually(() => level2.locator(tid('approval-history')).innerText()).toContain(
      users.chenjing.User_Name,
    );
    await shot(level2, 'approval-levels-approved-zh');
    const ledger = await t.call<unknown[]>('GET', `/StockLedger?Doc_ID=${id}&Doc_Type=1`);
    expect(ledger.body.Data).toHaveLength(1);
  });
});
