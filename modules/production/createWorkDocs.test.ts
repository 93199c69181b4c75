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

describe('MRP and picking agree on sub-assemblies (one supply rule)', () => {
  it('a phantom gets no work doc and is picked through; a made part gets a work doc with its BOM and is picked whole', async () => {
    const product = await a.material('pump', 3);
    const shaft = await a.material('泵轴', 2);
    const steel = await a.material('round steel', 1);
    const seal = await a.material('seal', 2);
    const rubber = await a.material('rubber', 1);
    const bolt = await a.material('bolt', 1);
    // 泵轴 has children in the pump's tree and no BOM of its own: phantom
    const pumpBom = await a.bom(product);
    const shaftNode = await a.node(pumpBom, null, shaft, '2');
    await a.node(pumpBom, shaftNode, steel, '0.5', { Scrap_Rate: '4' });
    await a.node(pumpBom, shaftNode, seal, '1');
    await a.node(pumpBom, null, bolt, '3');
    // the seal has a BOM of its own: made
    const sealBom = await a.bom(seal);
    await a.node(sealBom, null, rubber, '0.1');

    const planId = await approvedPlan(product, '10');
    const need = await a.must<{ Material_ID: number; Gross_Qty: string; Action: string }[]>(
      'GET',
      `/ProducePlan/${planId}/Requirements`,
    );
    const docs = await a.must<(Doc & { Bom_ID: number })[]>('POST', '/ProducePlan/CreateWorkDocs', {
      Plan_ID: planId,
    });
    // work docs for the pump and the seal, none for 泵轴; each with its own BOM
    expect(docs.map((d) => [d.Material_ID, Number(d.Qty), d.Bom_ID]).sort()).toEqual(
      [
        [product, 10, pumpBom],
        [seal, 20, sealBom],
      ].sort(),
    );
    expect(need.find((l) => l.Material_ID === shaft)).toBeUndefined();
    // what the planner's result list shows, each a link to the doc
    const sealDoc = docs.find((d) => d.Material_ID === seal) as unknown as Record<string, unknown>;
    expect(sealDoc.List_NO).toMatch(/^WD/);
    expect(sealDoc.Material_Name).toBe('seal');

    // the pump's work order picks exactly what MRP planned below the pump
    const store = await a.warehouse('WP', '泵仓');
    const order = await a.must<{ Work_Order_ID: number }>('POST', '/WorkOrder', {
      Material_ID: product,
      Qty: '10',
      Location_ID: store.locationId,
      Plan_Start: '2026-11-03',
      Plan_End: '2026-11-05',
    });
    const picks = await a.must<{ Material_ID: number; Required_Qty: string }[]>(
      'GET',
      `/WorkOrder/${order.Work_Order_ID}/PickList`,
    );
    const picked = Object.fromEntries(picks.map((p) => [p.Material_ID, Number(p.Required_Qty)]));
    expect(picked).toEqual({ [steel]: 10.4, [seal]: 20, [bolt]: 30 });
    const gross = (m: number) => Number(need.find((l) => l.Material_ID === m)?.Gross_Qty);
    for (const m of [steel, seal, bolt]) expect(gross(m)).toBe(picked[m]);
    expect(gross(rubber)).toBe(2);
  });
});
