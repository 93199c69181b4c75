import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startProductionServer } from './test/helpers.server';

let t: TestServer;
let a: Api;
beforeAll(async () => {
  ({ t, a } = await startProductionServer());
});
afterAll(async () => t?.close());

/**
 * Bug 9 of issue 25: the routing picker listed other products' routings. Routing and BOM are
 * narrowed by the product in their declaration (RefField.filterBy); the picker's query and the
 * server's check both come from it.
 */
describe('a work doc chooses its own product BOM and routing only', () => {
  let pump: number;
  let valve: number;
  let pumpRoute: number;
  let valveRoute: number;
  let valveBom: number;
  const routing = async (code: string, product: number) =>
    (
      await a.must<{ Route_ID: number }>('POST', '/SetProcess', {
        Route_Code: code,
        Route_Name: `路线${code}`,
        Material_ID: product,
      })
    ).Route_ID;
  const doc = (extra: Record<string, unknown>, lang = 'zh') =>
    t.call<{ Work_Doc_ID: number; Version: number; Route_ID: number }>(
      'POST',
      '/WorkDoc',
      { Doc_Date: '2026-11-02', Qty: '5', Plan_Start: '2026-11-03', Plan_End: '2026-11-04', ...extra },
      { 'accept-language': lang },
    );

  beforeAll(async () => {
    pump = await a.material('泵', 3);
    valve = await a.material('阀', 3);
    pumpRoute = await routing('RP', pump);
    valveRoute = await routing('RV', valve);
    await a.bom(pump);
    valveBom = await a.bom(valve);
  });

  it("lists a product's routings only, as the picker asks for them", async () => {
    const rows = await a.must<{ Route_ID: number }[]>('GET', `/SetProcess?Material_ID=${pump}`);
    expect(rows.map((r) => r.Route_ID)).toEqual([pumpRoute]);
  });

  it("refuses another product's routing or BOM, naming it, and takes the product's own", async () => {
    const bad = await doc({ Material_ID: pump, Route_ID: valveRoute });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('「工艺路线」RV 路线RV 不属于所选的「产品」');
    const en = await doc({ Material_ID: pump, Bom_ID: valveBom }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.Message).toContain('does not belong to the chosen "Product"');
    const good = await doc({ Material_ID: pump, Route_ID: pumpRoute });
    expect(good.body.Code).toBe(0);
  });

  it('refuses changing the product under a routing of the old one', async () => {
    const made = await doc({ Material_ID: pump, Route_ID: pumpRoute });
    const d = made.body.Data;
    const r = await t.call('PUT', '/WorkDoc', {
      Work_Doc_ID: d.Work_Doc_ID,
      Version: d.Version,
      Material_ID: valve,
    });
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('不属于所选的「产品」');
  });
});
