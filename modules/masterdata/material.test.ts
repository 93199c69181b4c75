import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

describe('material master data', () => {
  it('has the demo materials in classes, units and three warehouses with locations', async () => {
    // several hundred, of every type the equipment and production pickers ask for
    expect((await t.call('GET', '/Material?PageSize=1')).body.Paging?.TotalCount).toBeGreaterThanOrEqual(300);
    for (const type of [1, 2, 3, 4, 5, 8, 9])
      expect(
        (await t.call('GET', `/Material?PageSize=1&Material_Type=${type}`)).body.Paging?.TotalCount,
        `type ${type}`,
      ).toBeGreaterThan(0);
    const bearing = await t.call<{ Material_Type_Name: string; Material_All_Name: string }[]>(
      'GET',
      `/Material/Search?KeyWord=${encodeURIComponent('深沟球轴承')}&Object_Type=8`,
    );
    expect(bearing.body.Data.length).toBe(6);
    expect(bearing.body.Data[0]).toMatchObject({ Material_Type_Name: '备品备件' });
    expect((await t.call('GET', '/EmStorage')).body.Paging?.TotalCount).toBe(3);
    expect((await t.call('GET', '/Warehouse')).body.Paging?.TotalCount).toBe(3);
    expect((await t.call('GET', '/Location?PageSize=1')).body.Paging?.TotalCount).toBe(45);
    const bolt = await t.call<{ Class_Name: string; Unit_Name: string }[]>(
      'GET',
      `/Material?KeyWord=${encodeURIComponent('六角螺栓')}&PageSize=1`,
    );
    expect(bolt.body.Data[0]).toMatchObject({ Class_Name: '标准件', Unit_Name: '个' });
  });

  it('GET /Material/Search looks materials up by keyword and type', async () => {
    const r = await t.call<
      { Material_Number: string; Material_All_Name: string; Material_Type_Name: string }[]
    >('GET', `/Material/Search?KeyWord=${encodeURIComponent('阀体')}&Object_Type=2`);
    expect(r.body.Data.length).toBeGreaterThan(0);
    expect(
      r.body.Data.every((m) => m.Material_Type_Name === '半成品' && m.Material_All_Name.includes('阀体')),
    ).toBe(true);
    const exact = r.body.Data[2].Material_Number;
    expect(
      (await t.call<{ Material_Number: string }[]>('GET', `/Material/Search?KeyWord=${exact}`)).body.Data[0]
        .Material_Number,
    ).toBe(exact);
    expect((await t.call('GET', '/Material/Search?Object_Type=x')).body.Code).toBe(1);
    expect(
      (await t.call<unknown[]>('GET', `/Material/Search?KeyWord=${encodeURIComponent("%' OR 1=1 --")}`)).body
        .Data,
    ).toEqual([]);
    // a planner reads materials (granted), the supplier portal does not
    const planner = await t.login('chenjing', 'demo1234');
    expect(
      (await t.call('GET', '/Material/Search?KeyWord=M', undefined, { authorization: `Bearer ${planner}` }))
        .body.Code,
    ).toBe(0);
    const supplier = await t.login('supplier1', 'supplier123');
    expect(
      (await t.call('GET', '/Material/Search?KeyWord=M', undefined, { authorization: `Bearer ${supplier}` }))
        .status,
    ).toBe(403);
  });

  it('keeps a unit group: other units with a positive factor, never the base unit, each once', async () => {
    const units = await t.call<{ Unit_ID: number; Unit_Code: string }[]>('GET', '/Unit?PageSize=50');
    const id = (code: string) => units.body.Data.find((u) => u.Unit_Code === code)?.Unit_ID as number;
    const base = { Material_Number: 'UG-1', Material_Name: '螺钉（盒装）', Unit_ID: id('PCS') };
    const ok = await t.call<{ Units: { Unit_Name: string; Factor: string }[] }>('POST', '/Material', {
      ...base,
      Units: [{ Unit_ID: id('BOX'), Factor: '100' }],
    });
    expect(ok.body.Code).toBe(0);
    expect(ok.body.Data.Units).toMatchObject([{ Unit_Name: '箱', Factor: '100' }]);
    const bad = [
      [{ Unit_ID: id('BOX'), Factor: '0' }],
      [{ Unit_ID: id('PCS'), Factor: '2' }],
      [
        { Unit_ID: id('BOX'), Factor: '10' },
        { Unit_ID: id('BOX'), Factor: '20' },
      ],
    ];
    for (const [i, lines] of bad.entries()) {
      const r = await t.call('POST', '/Material', { ...base, Material_Number: `UG-B${i}`, Units: lines });
      expect(r.status).toBe(400);
      expect(r.body.Message).toMatch(/辅助单位第 \d 行/);
    }
  });
});
