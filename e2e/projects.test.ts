import type { TestServer } from '@mes/app-server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { choose } from './helpers/select';
import { newPage, tid } from './helpers/shell';
import { signInContext } from './session';

/**
 * The program manager's journey of issue 30: a project set up from a SOW gets the gate template;
 * a task moved on the Gantt takes its dependents along; a meeting's minutes create an action that
 * the champion closes and the supervisor verifies; a gate review passes the program on.
 */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 250 });

describe.skipIf(!hasBrowser)('projects journey in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    const b = await newPage(browser);
    await signInContext(b.context, t.url, 'admin', 'admin123');
    page = b.page;
  }, 600_000);
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  it('sets up a project from a SOW: the gate template appears on its P0…P8 tabs', async () => {
    const sow = (
      await t.call<{ Sow_ID: number; Sow_NO: string; Project_Name: string }[]>('GET', '/Sow?Sort=Sow_NO')
    ).body.Data[0];
    await page.goto(`${t.url}/PM/list/Project`);
    await page.click(tid('pm-from-sow'));
    await choose(page, tid('pm-from-sow-sow'), {
      typed: sow.Sow_NO,
      text: sow.Sow_NO,
    });
    await page.click(tid('pm-from-sow-ok'));
    await page.locator(tid('pm-detail-title')).waitFor();
    expect(await page.locator(tid('pm-detail-title')).innerText()).toContain(sow.Project_Name);
    await page.click(tid('pm-tab-P0'));
    await poll(() => page.locator(`${tid('pm-gate-P0')} tbody tr`).count()).toBe(3);
    expect(await page.locator(tid('pm-gate-P0')).innerText()).toContain('定点通知书');
    await shot(page, 'projects-from-sow-p0');
    await page.keyboard.press('Escape');
  });

  it('moves a task on the Gantt and its dependents follow; the critical path is drawn', async () => {
    const p = (await t.call<{ Project_ID: number; Project_Name: string }[]>('GET', '/Project?Current_Gate=1'))
      .body.Data[0];
    await page.goto(`${t.url}/PM/list/Project`);
    await page.click(tid(`pm-detail-${p.Project_ID}`));
    await page.getByRole('tab', { name: '任务' }).click();
    const bar = page.locator(tid('pm-bar-产品设计'));
    await bar.waitFor();
    expect(await page.locator('[data-critical="true"]').count()).toBeGreaterThan(0);
    const before = (
      await t.call<{ Task_Name: string; Plan_Start: string }[]>(
        'GET',
        `/Assignment/Gantt?Project_ID=${p.Project_ID}`,
      )
    ).body.Data;
    const startOf = (rows: typeof before, n: string) => rows.find((r) => r.Task_Name === n)?.Plan_Start;
    const box = await bar.boundingBox();
    if (!box) throw new Error('no bar');
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 10 + 22 * 5, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await poll(async () => {
      const after = (
        await t.call<{ Task_Name: string; Plan_Start: string }[]>(
          'GET',
          `/Assignment/Gantt?Project_ID=${p.Project_ID}`,
        )
      ).body.Data;
      return (
        startOf(after, '设计冻结') !== startOf(before, '设计冻结') &&
        startOf(after, '产品设计') !== startOf(before, '产品设计')
      );
    }).toBe(true);
    await shot(page, 'projects-gantt');
    await page.keyboard.press('Escape');
  });

  it('a meeting whose minutes create an action: the champion closes it, the supervisor verifies it', async () => {
    const me = (await t.call<{ User_ID: number }[]>('GET', '/Users?User_Account=admin')).body.Data[0].User_ID;
    const p = (await t.call<{ Project_ID: number }[]>('GET', '/Project?Current_Gate=3')).body.Data[0];
    const m = await t.call<{ Meeting_ID: number }>('POST', '/Meeting', {
      Project_ID: p.Project_ID,
      Theme: '浏览器例会',
      Meeting_Time: new Date().toISOString(),
      Minutes: [
        {
          Item_Kind: 3,
          Content: '补充检具验收报告',
          Champion_ID: me,
          Due_Date: new Date().toISOString().slice(0, 10),
        },
      ],
    });
    const id = m.body.Data.Meeting_ID;
    await page.goto(`${t.url}/PM/list/Meeting`);
    for (let step = 0; step < 2; step++) {
      await page.click(tid(`pm-advance-${id}`));
      await page.click(tid('pm-advance-ok'));
      await poll(
        async () =>
          (await t.call<{ Meeting_Status: number }>('GET', `/Meeting/${id}`)).body.Data.Meeting_Status,
      ).toBe(step + 2);
    }
    const actionId = (await t.call<{ Minutes: { Action_ID: number }[] }>('GET', `/Meeting/${id}`)).body.Data
      .Minutes[0].Action_ID;
    expect(actionId).toBeGreaterThan(0);
    await page.goto(`${t.url}/PM/list/ActionTracker`);
    await page.click(tid(`pm-action-close-${actionId}`));
    await poll(
      async () => (await t.call<{ Closed: boolean }>('GET', `/ActionTracker/${actionId}`)).body.Data.Closed,
    ).toBe(true);
    await page.click(tid(`pm-action-verify-${actionId}`));
    await poll(
      async () =>
        (await t.call<{ Verified: boolean }>('GET', `/ActionTracker/${actionId}`)).body.Data.Verified,
    ).toBe(true);
    await shot(page, 'projects-action-verified');
  });

  it('a gate review passes the program to its next gate (with a reason for its red items)', async () => {
    const p = (await t.call<{ Project_ID: number }[]>('GET', '/Project?Current_Gate=5')).body.Data[0];
    await page.goto(`${t.url}/PM/list/Project`);
    await page.click(tid(`pm-gate-${p.Project_ID}`));
    await page.locator(tid('pm-gate-reason')).fill('客户书面同意带条件放行');
    await page.click(tid('pm-gate-ok'));
    await poll(
      async () =>
        (await t.call<{ Current_Gate: number }>('GET', `/Project/${p.Project_ID}`)).body.Data.Current_Gate,
    ).toBe(6);
    await page.click(tid(`pm-detail-${p.Project_ID}`));
    await page.getByRole('tab', { name: '计分卡' }).click();
    await page.locator(tid('pm-scorecard')).waitFor();
    await shot(page, 'projects-scorecard');
  });
});
