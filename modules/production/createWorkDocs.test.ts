import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startProductionServer } from './test/helpers.server';

let t: TestServer;
let a: Api;
beforeAll(async () => {
  ({ t, a } = await startProductionServer());
});
afterAll(async () => t?.close());

type Doc = { Work_Doc_ID: number; Material_ID: number; Qty: string };

async function approvedPlan(product: number, qty: string) {
  const plan = await a.must<{ Plan_ID: number }>('POST', '/ProducePlan', {
    Plan_Date: '2026-11-02',
    Source: 2,
    Items: [{ Material_ID: product, Qty: qty, Due_Date: '2026-11-10' }],
  });
  await a.approve('ProducePlan', 'Plan_ID', plan.Plan_ID);
  return plan.Plan_ID;
}

const docsOf = async (planId: number) =>
  (await a.must<Doc[]>('GET', `/WorkDoc?Plan_ID=${planId}&PageSize=100`)).map((d) => d.Work_Doc_ID).sort();

describe('POST /ProducePlan/CreateWorkDocs', () => {
  it('makes a plan’s work docs once: a second call answers those it made', async () => {
    const product = await a.material('gearbox', 3);
    await a.node(await a.bom(product), null, await a.material('shaft', 1), '2');
    const planId = await approvedPlan(product, '5');
    const first = await a.must<Doc[]>('POST', '/ProducePlan/CreateWorkDocs', { Plan_ID: planId });
    expect(first.map((d) => [d.Material_ID, Number(d.Qty)])).toEqual([[product, 5]]);
    const again = await a.must<Doc[]>('POST', '/ProducePlan/CreateWorkDocs', { Plan_ID: planId });
    expect(again.map((d) => d.Work_Doc_ID).sort()).toEqual(first.map((d) => d.Work_Doc_ID).sort());
    expect(await docsOf(planId)).toEqual(first.map((d) => d.Work_Doc_ID).sort());
  });

  it('two calls at once make one set of work docs', async () => {
    const product = await a.material('valve', 3);
    await a.node(await a.bom(product), null, await a.material('seal', 1), '1');
    const planId = await approvedPlan(product, '3');
    const [x, y] = await Promise.all(
      [1, 2].map(() => a.must<Doc[]>('POST', '/ProducePlan/CreateWorkDocs', { Plan_ID: planId })),
    );
    expect(x.map((d) => d.Work_Doc_ID)).toEqual(y.map((d) => d.Work_Doc_ID));
    expect(await docsOf(planId)).toEqual(x.map((d) => d.Work_Doc_ID).sort());
    expect(x).toHaveLength(1);
  });
});
