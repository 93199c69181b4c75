import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
}, 600_000);
afterAll(async () => t?.close());

it('the demo has three programs at different gates, each with tasks, deliverables, meetings and actions', async () => {
  const list = await t.call<{ Project_ID: number; Current_Gate: number; State: number }[]>(
    'GET',
    '/Project?Sort=Project_NO',
  );
  expect(list.body.Data.map((p) => p.Current_Gate).sort()).toEqual([1, 3, 5]);
  for (const p of list.body.Data) {
    expect(p.State).toBe(3);
    const o = await t.call<{ Deliverables: unknown[]; Counts: { Tasks: number; Open_Actions: number } }>(
      'GET',
      `/Project/${p.Project_ID}/Overview`,
    );
    expect(o.body.Data.Deliverables).toHaveLength(25);
    expect(o.body.Data.Counts.Tasks).toBe(9);
    expect(o.body.Data.Counts.Open_Actions).toBe(2);
    const g = await t.call<{ Critical: boolean }[]>('GET', `/Assignment/Gantt?Project_ID=${p.Project_ID}`);
    expect(g.body.Data.some((b) => b.Critical)).toBe(true);
  }
  const meetings = await t.call('GET', '/Meeting');
  expect(meetings.body.Paging?.TotalCount).toBe(6);
  const month = new Date().toISOString().slice(0, 7);
  const cal = await t.call<unknown[]>('GET', `/PM/Calendar?Month=${month}`);
  expect(cal.body.Data.length).toBeGreaterThan(0);
});
