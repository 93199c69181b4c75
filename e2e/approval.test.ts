import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { eventually } from './helpers/shell';
import { signInContext } from './session';

const tid = (id: string) => `[data-testid="${id}"]`;
const DOCS = '/record/inventory/inventoryDocList';

interface Doc {
  State: number;
  Approve_Level: number;
  Next_User_ID: number | null;
}

/**
 * The approval flow in the browser (issue 4) on stock documents: two levels with a transfer,
 * and a rejection whose reason reaches the author.
 */
describe.skipIf(!hasBrowser)('approval in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  const users: Record<string, { User_ID: number; User_Name: string }> = {};
  let line: { Material_ID: number; Location_ID: number; Qty: string; Unit_Price: string };

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    for (const account of ['yangming', 'zhangwei']) {
      const r = await t.call<{ User_ID: number; User_Name: string }[]>(
        'GET',
        `/Users?User_Account=${account}`,
      );
      users[account] = r.body.Data[0];
    }
    const menu = await t.call<{ Menu_ID: number }[]>('GET', '/ModuleMenu?Menu_Code=record.inventoryDoc');
    const set = await t.call('POST', '/ApprovalSetting', {
      Menu_ID: menu.body.Data[0].Menu_ID,
      Levels: [
        { Level_No: 1, Approver_ID: users.yangming.User_ID },
        { Level_No: 2, Approver_ID: users.zhangwei.User_ID },
      ],
    });
    expect(set.body.Code, set.body.Message).toBe(0);
    const material = await t.call<{ Material_ID: number }[]>(
      'GET',
      '/Material?PageSize=1&Sort=Material_Number',
    );
    const location = await t.call<{ Location_ID: number }[]>('GET', '/Location?Location_Code=WH01-B-01');
    line = {
      Material_ID: material.body.Data[0].Material_ID,
      Location_ID: location.body.Data[0].Location_ID,
      Qty: '3',
      Unit_Price: '1',
    };
  });
  // each signed-in user is a context of its own; a test closes what it opened
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const asUser = async (account: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    opened.push(context);
    await signInContext(context, t.url, account, account === 'admin' ? 'admin123' : 'demo1234');
    return context.newPage();
  };
  const newDoc = async () => {
    const r = await t.call<{ Doc_ID: number }>('POST', '/StockDoc', {
      Doc_Type: 1,
      Doc_Date: '2026-11-20',
      Lines: [line],
    });
    expect(r.body.Code, r.body.Message).toBe(0);
    return r.body.Data.Doc_ID;
  };
  const doc = async (id: number) => (await t.call<Doc>('GET', `/StockDoc/${id}`)).body.Data;
  const openDoc = async (page: Page, id: number) => {
    await page.goto(`${t.url}${DOCS}`);
    await page.click(tid(`entity-edit-${id}`));
    await page.waitForSelector(tid('approval-panel'));
  };
  const choose = async (page: Page, choice: 'approve' | 'transfer' | 'reject') => {
    await page.click(tid('approval-open'));
    await page.click(`${tid('approval-choice')} input[value="${choice}"]`);
  };

  it('goes through two levels, the first transferring to a chosen approver', async () => {
    const id = await newDoc();
    const clerk = await asUser('yangming');
    await openDoc(clerk, id);
    await choose(clerk, 'transfer');
    await clerk.click(tid('approval-next-user'));
    await clerk.click(
      `.ant-select-dropdown:visible .ant-select-item-option[title="${users.zhangwei.User_Name}"]`,
    );
    await shot(clerk, 'approval-transfer-zh');
    await clerk.click(tid('approval-submit'));
    await eventually(async () => (await doc(id)).Next_User_ID).toBe(users.zhangwei.User_ID);
    expect((await doc(id)).State).toBe(2);

    const manager = await asUser('zhangwei');
    await openDoc(manager, id);
    await choose(manager, 'approve');
    await manager.click(tid('approval-submit'));
    // the transfer stood in for level 1: the manager's approval moves the document to level 2
    await eventually(async () => (await doc(id)).Approve_Level).toBe(1);
    await openDoc(manager, id);
    await choose(manager, 'approve');
    await manager.click(tid('approval-submit'));
    await eventually(async () => (await doc(id)).State).toBe(3);
    await openDoc(manager, id);
    await eventually(() => manager.locator(tid('approval-history')).innerText()).toContain(
      users.yangming.User_Name,
    );
    await shot(manager, 'approval-history-zh');
    const ledger = await t.call<unknown[]>('GET', `/StockLedger?Doc_ID=${id}&Doc_Type=1`);
    expect(ledger.body.Data).toHaveLength(1);
  });

  it('rejects with a reason that reaches the author, back to draft', async () => {
    const id = await newDoc();
    const clerk = await asUser('yangming');
    await openDoc(clerk, id);
    await choose(clerk, 'reject');
    await clerk.click(tid('approval-submit'));
    // no reason, no rejection
    await eventually(() => clerk.locator('.ant-modal:visible').innerText()).toContain('原因');
    await clerk.fill(tid('approval-reason'), '单价有误，请核对');
    await clerk.click(tid('approval-submit'));
    // a new document is a draft too: wait for the rejection itself, the author's message saying why
    await eventually(async () =>
      JSON.stringify((await t.call<unknown[]>('GET', '/SendMsg/GetSendMsgs?PageSize=20')).body.Data),
    ).toContain('单价有误，请核对');
    expect((await doc(id)).State).toBe(1);
    const history = await t.call<{ Action: string; Rejected_Msg: string }[]>(
      'GET',
      `/StockDoc/${id}/ApprovalHistory`,
    );
    expect(history.body.Data.at(-1)).toMatchObject({ Action: 'Rejected', Rejected_Msg: '单价有误，请核对' });
  });
});
