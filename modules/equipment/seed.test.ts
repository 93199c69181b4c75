import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
}, 600_000);
afterAll(async () => t?.close());

type Rec = Record<string, unknown>;
const count = async (path: string) => (await t.call<Rec[]>('GET', path)).body.Paging?.TotalCount ?? 0;

it('the demo plant has machines and moulds with a year of history on every equipment page', async () => {
  expect(await count('/Machine?Machine_Type=1')).toBeGreaterThanOrEqual(20);
  expect(await count('/Machine?Machine_Type=2')).toBeGreaterThanOrEqual(12);
  for (const e of [
    'MachineStatusRecord',
    'AccessoriesBill',
    'FaultType',
    'RepairRequest',
    'MachineRepair',
    'RepairExperience',
    'MaintainRule',
    'MachineConserve',
    'MaintainRecord',
    'PortalItem',
    'PortalPlan',
    'PortalRecord',
    'PatrolRecord',
  ])
    expect(await count(`/${e}`), e).toBeGreaterThan(0);
  // the repairs walked through their steps: closed ones, and one at each open stage
  for (const s of [3, 4, 5])
    expect(await count(`/MachineRepair?Repair_Status=${s}`), String(s)).toBeGreaterThan(0);
  expect(await count('/RepairRequest?Repair_Status=1')).toBeGreaterThan(0);
  // one spot check was out of its limits and opened a request
  expect(await count('/RepairRequest?Source=2')).toBe(1);
  const warn = await t.call<Rec[]>('GET', '/AccessoriesBill/Warnings');
  expect(warn.body.Data.length).toBeGreaterThan(0);
  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const fig = await t.call<Rec[]>('GET', `/Machine/Figures?From=${year}&To=${today}`);
  expect(fig.body.Data.length).toBeGreaterThan(5);
}, 120_000);
