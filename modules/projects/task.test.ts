import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProject, makeTask, makeTemplate } from './testing.server';

let t: TestServer;
let projectId: number;
beforeAll(async () => {
  t = await startTestServer();
  await makeTemplate(t);
  projectId = (await makeProject(t)).Project_ID;
}, 600_000);
afterAll(async () => t?.close());

interface Bar {
  Assignment_ID: number;
  Task_Name: string;
  Plan_Start: string;
  Plan_End: string;
  Critical: boolean;
  Float_Days: number;
}

it('refuses a dependency cycle naming the tasks, a completion off the steps, and dates out of order', async () => {
  const a = (await makeTask(t, projectId, '产品设计', '2026-02-02', '2026-02-10')).body.Data;
  const b = (
    await makeTask(t, projectId, '模具设计', '2026-02-11', '2026-02-20', {
      Dependencies: [{ Predecessor_ID: a.Assignment_ID, Lag_Days: 0 }],
    })
  ).body.Data;
  const loop = await t.call(
    'PUT',
    '/Assignment',
    {
      Assignment_ID: a.Assignment_ID,
      Version: a.Version,
      Dependencies: [{ Predecessor_ID: b.Assignment_ID }],
    },
    { 'accept-language': 'en' },
  );
  expect(loop.status).toBe(400);
  expect(loop.body.Message).toMatch(/cycle: (产品设计 → 模具设计|模具设计 → 产品设计)/);
  const self = await t.call('PUT', '/Assignment', {
    Assignment_ID: a.Assignment_ID,
    Version: a.Version,
    Dependencies: [{ Predecessor_ID: a.Assignment_ID }],
  });
  expect(self.status).toBe(400);
  const half = await makeTask(t, projectId, '样件', '2026-02-01', '2026-02-03', { Completion: 50 });
  expect(half.status).toBe(400);
  const ok = await makeTask(t, projectId, '样件', '2026-02-01', '2026-02-03', { Completion: 60 });
  expect(ok.body.Code).toBe(0);
  const back = await makeTask(t, projectId, '倒排', '2026-02-05', '2026-02-01');
  expect(back.status).toBe(400);
  expect(back.body.Message).toContain('结束日期不能早于开始日期');
});

it('moving a task on the Gantt pushes its dependents; the critical path is marked', async () => {
  const p = (await makeProject(t, { Project_Name: '甘特项目' })).Project_ID;
  const a = (await makeTask(t, p, 'A 设计', '2026-03-02', '2026-03-06')).body.Data;
  const b = (
    await makeTask(t, p, 'B 开模', '2026-03-07', '2026-03-10', {
      Dependencies: [{ Predecessor_ID: a.Assignment_ID, Lag_Days: 0 }],
    })
  ).body.Data;
  await makeTask(t, p, 'C 试模', '2026-03-13', '2026-03-14', {
    Dependencies: [{ Predecessor_ID: b.Assignment_ID, Lag_Days: 2 }],
    Is_Milestone: true,
  });
  await makeTask(t, p, 'D 包装', '2026-03-07', '2026-03-08', {
    Dependencies: [{ Predecessor_ID: a.Assignment_ID, Lag_Days: 0 }],
  });
  const gantt = (await t.call<Bar[]>('GET', `/Assignment/Gantt?Project_ID=${p}`)).body.Data;
  expect(gantt.filter((g) => g.Critical).map((g) => g.Task_Name)).toEqual(['A 设计', 'B 开模', 'C 试模']);
  expect(gantt.find((g) => g.Task_Name === 'D 包装')?.Float_Days).toBe(6);
  const moved = await t.call<{ Assignment_ID: number; Plan_Start: string }[]>('POST', '/Assignment/Move', {
    Assignment_ID: a.Assignment_ID,
    Plan_Start: '2026-03-05',
    Plan_End: '2026-03-09',
  });
  expect(moved.body.Code).toBe(0);
  const after = (await t.call<Bar[]>('GET', `/Assignment/Gantt?Project_ID=${p}`)).body.Data;
  const at = (n: string) => after.find((g) => g.Task_Name === n);
  expect([at('B 开模')?.Plan_Start, at('B 开模')?.Plan_End]).toEqual(['2026-03-10', '2026-03-13']);
  expect(at('C 试模')?.Plan_Start).toBe('2026-03-16');
  expect(at('D 包装')?.Plan_Start).toBe('2026-03-10');
  const bad = await t.call('POST', '/Assignment/Move', {
    Assignment_ID: a.Assignment_ID,
    Plan_Start: '2026-03-09',
    Plan_End: '2026-03-01',
  });
  expect(bad.status).toBe(400);
});

it('task statistics count by owner, status and type, and list the overdue', async () => {
  const late = await makeTask(t, projectId, '逾期任务', '2020-01-01', '2020-01-05');
  expect(late.body.Code).toBe(0);
  const s = await t.call<{ By_Status: { key: number; total: number }[]; Overdue: { task_name: string }[] }>(
    'GET',
    `/Assignment/Statistics?Project_ID=${projectId}`,
  );
  expect(s.body.Data.Overdue.map((o) => o.task_name)).toContain('逾期任务');
  expect(s.body.Data.By_Status.reduce((n, r) => n + r.total, 0)).toBeGreaterThanOrEqual(4);
});
