import type { TestServer } from '@mes/app-server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { choose } from './helpers/select';
import { tid } from './helpers/shell';
import { signInContext } from './session';

/** antd puts a test id on the input itself or on its wrapper, depending on the control. */
const inputOf = (id: string) => `input${tid(id)}, ${tid(id)} input`;

/**
 * A planner runs a product from BOM to finished goods in the browser: builds a three-level BOM,
 * requests its lock, plans, issues a work doc, schedules, picks, reports output and completes; the
 * stock balance and the ledger then show exactly those movements.
 */
describe.skipIf(!hasBrowser)('production journey in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const stamp = String(Date.now() % 100000);
  const names = {
    top: `E2E整机${stamp}`,
    mid: `E2E部件${stamp}`,
    part: `E2E零件${stamp}`,
    leaf: `E2E钢板${stamp}`,
  };
  const ids = { top: 0, mid: 0, part: 0, leaf: 0, loc: 0, fgLoc: 0, station: 0 };
  let bomId = 0;

  const must = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const r = await t.call<T>(method, path, body);
    if (r.body.Code !== 0) throw new Error(`${method} ${path}: ${r.body.Message}`);
    return r.body.Data;
  };
  const approve = async (entity: string, key: string, id: number) => {
    for (let i = 0; i < 5; i++)
      if ((await must<{ State: number }>('POST', `/${entity}/Approve`, { [key]: id })).State === 3) return;
  };
  /**
   * Approves a document in the browser through its form's approval panel, level after level (the
   * admin approves at each), waiting after every submit until the server shows the step taken.
   */
  const approveInBrowser = async (listPath: string, entity: string, id: number) => {
    type Doc = { State: number; Approve_Level: number | null };
    const stepOf = (d: Doc) => `${d.State}/${d.Approve_Level ?? 0}`;
    for (let i = 0; i < 5; i++) {
      const before = await must<Doc>('GET', `/${entity}/${id}`);
      if (before.State === 3) return;
      await page.goto(`${t.url}${listPath}`);
      await page.click(tid(`entity-edit-${id}`));
      await page.locator(tid('approval-open')).waitFor();
      await page.click(tid('approval-open'));
      await page.click(`${tid('approval-choice')} input[value="approve"]`);
      await page.click(tid('approval-submit'));
      await expect
        .poll(async () => stepOf(await must<Doc>('GET', `/${entity}/${id}`)), { timeout: 20_000 })
        .not.toBe(stepOf(before));
    }
    expect((await must<Doc>('GET', `/${entity}/${id}`)).State).toBe(3);
  };
  /** Picks a record in a RefSelect inside `container` by typing part of its name. */
  const pickRef = (container: string, keyword: string) =>
    choose(page, container, { typed: keyword, text: keyword });
  const stock = async (materialId: number) => {
    const rows = await must<{ Location_ID: number; Qty: string }[]>(
      'GET',
      `/StockBalance?Material_ID=${materialId}&PageSize=100`,
    );
    return rows.map((r) => [r.Location_ID, Number(r.Qty)]);
  };

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signInContext(context, t.url, 'admin', 'admin123');
    page = await context.newPage();
    // master data for the journey: three materials, a station with a routing, stock of the leaf
    const mat = async (name: string, type: number, n: string) =>
      (
        await must<{ Material_ID: number }>('POST', '/Material', {
          Material_Number: `E2E-${n}-${stamp}`,
          Material_Name: name,
          Material_Type: type,
          Material_Attribute: type === 1 ? 1 : 3,
          Historical_Price: '10',
        })
      ).Material_ID;
    ids.top = await mat(names.top, 3, 'FG');
    ids.mid = await mat(names.mid, 2, 'SF');
    ids.part = await mat(names.part, 2, 'SP');
    ids.leaf = await mat(names.leaf, 1, 'RM');
    const locs = await must<{ Location_ID: number; Location_Code: string; Warehouse_ID: number }[]>(
      'GET',
      '/Location?PageSize=100',
    );
    const raw = locs.find((l) => l.Location_Code === 'WH01-B')!;
    ids.loc = raw.Location_ID;
    ids.fgLoc = locs.find((l) => l.Location_Code === 'WH03-B')!.Location_ID;
    const stations = await must<{ Work_Station_ID: number; Station_Name: string }[]>(
      'GET',
      '/WorkStation?PageSize=50',
    );
    ids.station = stations[0].Work_Station_ID;
    const ops = await must<{ Process_ID: number }[]>('GET', '/WorkProcess?PageSize=50');
    await must('POST', '/SetProcess', {
      Route_Code: `E2E-${stamp}`,
      Route_Name: 'E2E 路线',
      Material_ID: ids.top,
      Is_Default: true,
      Steps: [{ Ser_NO: 10, Process_ID: ops[0].Process_ID, Std_Minutes: '5' }],
    });
    const receipt = await must<{ Doc_ID: number }>('POST', '/StockDoc', {
      Doc_Type: 1,
      Doc_Date: new Date().toISOString().slice(0, 10),
      Warehouse_ID: raw.Warehouse_ID,
      Lines: [{ Material_ID: ids.leaf, Location_ID: ids.loc, Qty: '100', Unit_Price: '10' }],
    });
    await approve('StockDoc', 'Doc_ID', receipt.Doc_ID);
  });
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  it('builds a three-level BOM in the tree editor', async () => {
    await page.goto(`${t.url}/PD/record/bom`);
    await page.click(tid('bom-new'));
    await pickRef(tid('bom-new-product'), names.top);
    await page.click(tid('bom-new-ok'));
    await expect.poll(() => page.locator(tid('bom-title')).innerText()).toContain(names.top);
    // level 1 under the product, level 2 under it, level 3 under that
    for (const [name, qty, child] of [
      [names.mid, '2', false],
      [names.part, '1', true],
      [names.leaf, '3', true],
    ] as const) {
      await page.click(tid(child ? 'bom-add-child' : 'bom-add-root'));
      await pickRef(tid('bom-node-material'), name);
      await page.locator(inputOf('bom-node-qty')).first().fill(qty);
      await page.click(tid('bom-node-ok'));
      await page
        .locator(`${tid('bom-tree')} >> text=${name}`)
        .first()
        .waitFor();
      await page
        .locator(`${tid('bom-tree')} >> text=${name}`)
        .first()
        .click();
    }
    await expect.poll(() => page.locator(tid('bom-tree')).innerText()).toContain('1.1.1');
    const boms = await must<{ Bom_ID: number }[]>('GET', `/Bom?Material_ID=${ids.top}`);
    bomId = boms[0].Bom_ID;
    const tree = await must<{ Nodes: { Node_Index: string; Material_ID: number }[] }>(
      'GET',
      `/Bom/${bomId}/Tree`,
    );
    expect(tree.Nodes.map((n) => [n.Node_Index, n.Material_ID]).sort()).toEqual([
      ['1', ids.mid],
      ['1.1', ids.part],
      ['1.1.1', ids.leaf],
    ]);
    await page.click(tid('bom-explode'));
    await expect.poll(() => page.locator(tid('explode-leaves')).innerText()).toContain(names.leaf);
    await shot(page, 'production-bom-explode');
    await page.keyboard.press('Escape');
    await shot(page, 'production-bom-tree');
  });

  it('locks the BOM through approval; the editor then offers no edits', async () => {
    await page.click(tid('bom-request-lock'));
    await page.fill(tid('bom-lock-notes'), '试产冻结');
    await page.click(tid('bom-lock-ok'));
    // The dialog posts asynchronously; wait for the lock request to exist before approving it.
    let locks: { Lock_ID: number; Bom_ID: number }[] = [];
    await expect
      .poll(async () => {
        locks = await must<{ Lock_ID: number; Bom_ID: number }[]>('GET', `/BomLock?Bom_ID=${bomId}`);
        return locks.length;
      })
      .toBeGreaterThan(0);
    await approveInBrowser('/PM/list/ProjectBomLock', 'BomLock', locks[0].Lock_ID);
    await shot(page, 'production-bom-lock-approved');
    await page.goto(`${t.url}/PD/record/bom`);
    await page.locator(tid('bom-list')).locator('tr', { hasText: names.top }).first().click();
    await expect.poll(() => page.locator(tid('bom-lock-state')).innerText()).toBe('已锁定');
    expect(await page.locator(tid('bom-add-root')).count()).toBe(0);
    await shot(page, 'production-bom-locked');
  });

  it('plans: requirements show the shortfall and create the work doc', async () => {
    const plan = await must<{ Plan_ID: number; List_NO: string }>('POST', '/ProducePlan', {
      Plan_Date: new Date().toISOString().slice(0, 10),
      Source: 2,
      Items: [
        {
          Material_ID: ids.top,
          Qty: '5',
          Due_Date: new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10),
        },
      ],
    });
    await approve('ProducePlan', 'Plan_ID', plan.Plan_ID);
    await page.goto(`${t.url}/PD/PDPlan/ProducePlanRecord`);
    await page.click(tid(`requirements-${plan.List_NO}`));
    await expect.poll(() => page.locator(tid('requirements-table')).innerText()).toContain(names.leaf);
    await shot(page, 'production-requirements');
    await page.click(tid('create-work-docs'));
    await expect
      .poll(
        async () =>
          (await must<unknown[]>('GET', `/WorkDoc?Plan_ID=${plan.Plan_ID}&Material_ID=${ids.top}`)).length,
      )
      .toBe(1);
  });

  it('approves and issues the work doc, then schedules, picks, reports and completes in work-doc control', async () => {
    const [doc] = await must<{ Work_Doc_ID: number; List_NO: string; Version: number }[]>(
      'GET',
      `/WorkDoc?Material_ID=${ids.top}`,
    );
    await must('PUT', '/WorkDoc', {
      Work_Doc_ID: doc.Work_Doc_ID,
      Version: doc.Version,
      Location_ID: ids.fgLoc,
    });
    await approveInBrowser('/PD/list/WorkDoc', 'WorkDoc', doc.Work_Doc_ID);
    await page.goto(`${t.url}/PD/list/WorkDoc`);
    await page.click(tid(`issue-${doc.List_NO}`));
    await page.click(tid('issue-ok'));
    await expect
      .poll(async () => (await must<unknown[]>('GET', `/WorkOrder?Work_Doc_ID=${doc.Work_Doc_ID}`)).length)
      .toBe(1);
    const [order] = await must<{ Work_Order_ID: number; Order_NO: string }[]>(
      'GET',
      `/WorkOrder?Work_Doc_ID=${doc.Work_Doc_ID}`,
    );
    const no = order.Order_NO;

    await page.goto(`${t.url}/Factory/workDocControl`);
    await page.click(tid(`order-schedule-${no}`));
    await pickRef(
      tid('schedule-station'),
      (await must<{ Station_Name: string }>('GET', `/WorkStation/${ids.station}`)).Station_Name,
    );
    // the end date comes from the station's free capacity per shift (levelled scheduling)
    await page.click(`${tid('schedule-level')} input`);
    await page.click(tid('dialog-ok'));
    await page.locator(tid(`order-pick-${no}`)).waitFor();
    const scheduled = await must<{ Plan_Start: string; Plan_End: string }>(
      'GET',
      `/WorkOrder/${order.Work_Order_ID}`,
    );
    expect(scheduled.Plan_End.slice(0, 10) >= scheduled.Plan_Start.slice(0, 10)).toBe(true);
    // picking: the list of what the BOM needs for 5 pieces, from the raw-material location
    await page.click(tid(`order-pick-${no}`));
    await pickRef(tid('pick-location'), 'B区');
    await page.click(tid('pick-create'));
    await expect
      .poll(
        async () =>
          (await must<unknown[]>('GET', `/MaterialReceive?Work_Order_ID=${order.Work_Order_ID}`)).length,
      )
      .toBe(1);
    const [picking] = await must<{ Receive_ID: number }[]>(
      'GET',
      `/MaterialReceive?Work_Order_ID=${order.Work_Order_ID}`,
    );
    await approveInBrowser('/PD/list/materialReceive', 'MaterialReceive', picking.Receive_ID);
    await page.goto(`${t.url}/Factory/workDocControl`);
    await page.click(tid(`order-start-${no}`));
    await page.locator(tid(`order-report-${no}`)).waitFor();
    await page.click(tid(`order-report-${no}`));
    await choose(page, tid('report-step'), {});
    await page.locator(inputOf('report-good')).first().fill('5');
    await page.click(tid('dialog-ok'));
    await page.locator(tid(`order-complete-${no}`)).waitFor();
    await shot(page, 'production-work-orders');
    await page.click(tid(`order-complete-${no}`));
    await page.click(tid('dialog-ok'));
    await page.locator(tid(`order-settle-${no}`)).waitFor();
    const done = await must<{ Schedule_Status: number; Received_Qty: string }>(
      'GET',
      `/WorkOrder/${order.Work_Order_ID}`,
    );
    expect(done.Schedule_Status).toBe(4);
    expect(Number(done.Received_Qty)).toBe(5);
  });

  it('the stock balance and the ledger show exactly the picking and the receipt', async () => {
    // the leaf: 100 received, 5 × 2 × 1 × 3 = 30 picked; the product: 5 received
    expect(await stock(ids.leaf)).toEqual([[ids.loc, 70]]);
    expect(await stock(ids.top)).toEqual([[ids.fgLoc, 5]]);
    const ledger = await must<{ Ledger_ID: number; Doc_Type: number; Qty: string }[]>(
      'GET',
      `/StockLedger?Material_ID=${ids.leaf}`,
    );
    ledger.sort((x, y) => x.Ledger_ID - y.Ledger_ID);
    expect(ledger.map((l) => [l.Doc_Type, Number(l.Qty)])).toEqual([
      [1, 100],
      [11, -30],
    ]);
    const fg = await must<{ Doc_Type: number; Qty: string; Amount: string }[]>(
      'GET',
      `/StockLedger?Material_ID=${ids.top}`,
    );
    // the goods carry the actual cost picked: 30 at 10
    expect(fg.map((l) => [l.Doc_Type, Number(l.Qty), Number(l.Amount)])).toEqual([[13, 5, 300]]);
    await page.goto(`${t.url}/Factory/workDocControl`);
    await page.click('text=排程甘特图');
    await page.locator(tid('gantt')).waitFor();
    // the station's load against its capacity shows under its bars
    await expect
      .poll(async () => page.locator(`${tid('gantt-load')}, ${tid('gantt-overload')}`).count())
      .toBeGreaterThan(0);
    await shot(page, 'production-gantt');
    // the output detail report lists the order's output by operation and day, with its 合计 row
    await page.goto(`${t.url}/PD/report/outputDetail`);
    const [o] = await must<{ Order_NO: string }[]>('GET', `/WorkOrder?Material_ID=${ids.top}`);
    // the demo month has many reports: look the order up rather than hope it is on the first page
    const search = page.locator(`input${tid('report-search')}, ${tid('report-search')} input`).first();
    await search.fill(o.Order_NO);
    await search.press('Enter');
    await expect.poll(() => page.locator(tid('output-table')).innerText()).toContain(o.Order_NO);
    expect(await page.locator(tid('output-table')).innerText()).toContain('合计');
    await shot(page, 'production-output-detail');
  });
});
