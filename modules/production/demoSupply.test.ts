import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './test/helpers.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

type Material = { Material_ID: number; Material_Name: string };

describe('demo data follows the supply rule', () => {
  it('泵轴 is made from a BOM of its own, and 生成任务单 gives every work doc a BOM', async () => {
    const a = api(t);
    const shafts = await a.must<Material[]>('GET', '/Material?KeyWord=泵轴&PageSize=50');
    expect(shafts.length).toBeGreaterThan(0);
    for (const s of shafts) {
      const boms = await a.must<{ Bom_ID: number; Is_Default: boolean }[]>(
        'GET',
        `/Bom?Material_ID=${s.Material_ID}`,
      );
      expect(boms.some((b) => b.Is_Default)).toBe(true);
    }
    const plans = await a.must<{ Plan_ID: number; State: number }[]>('GET', '/ProducePlan?PageSize=50');
    const approved = plans.find((p) => p.State === 3);
    expect(approved).toBeDefined();
    await t.call('POST', '/ProducePlan/CreateWorkDocs', { Plan_ID: approved?.Plan_ID });
    const docs = await a.must<{ Bom_ID: number | null }[]>('GET', `/WorkDoc?PageSize=200`);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((d) => !d.Bom_ID)).toEqual([]);
  });

  it('a product’s work order picks 泵轴 as one part, the phantom 关键部件 kits exploded through', async () => {
    const a = api(t);
    const orders = await a.must<{ Work_Order_ID: number }[]>('GET', '/WorkOrder?PageSize=200');
    const names = new Set<string>();
    for (const o of orders) {
      const picks = await a.must<{ Material_Name: string }[]>(
        'GET',
        `/WorkOrder/${o.Work_Order_ID}/PickList`,
      );
      for (const p of picks) names.add(p.Material_Name);
    }
    expect(names.has('泵轴')).toBe(true);
    // the kits (阀体, 阀盖) are phantoms: never picked as parts
    expect(names.has('阀体') || names.has('阀盖')).toBe(false);
  });
});
