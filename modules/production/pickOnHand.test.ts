import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialReceive, mixingFeeding } from './plan.entity';

/**
 * Picking and feeding lines show the stock on hand where they take from, as a stock issue's lines
 * do (issue 25): their declared context answers under the picking document's own grant.
 */
let t: TestServer;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
  const make = async (entity: string, body: Record<string, unknown>) => {
    const r = await t.call<Record<string, number>>('POST', `/${entity}`, body);
    if (r.body.Code !== 0) throw new Error(`${entity}: ${r.body.Message}`);
    return r.body.Data[`${entity}_ID`];
  };
  ids.warehouse = await make('Warehouse', { Warehouse_Code: 'PW1', Warehouse_Name: '车间仓' });
  ids.locA = await make('Location', {
    Location_Code: 'PA1',
    Location_Name: '线边A',
    Warehouse_ID: ids.warehouse,
  });
  ids.locB = await make('Location', {
    Location_Code: 'PB1',
    Location_Name: '线边B',
    Warehouse_ID: ids.warehouse,
  });
  ids.material = await make('Material', {
    Material_Number: 'PK-1',
    Material_Name: '领料测试件',
    Valuation_Method: 1,
  });
  const doc = await t.call<{ Doc_ID: number }>('POST', '/StockDoc', {
    Doc_Type: 1,
    Doc_Date: '2026-11-01',
    Lines: [
      { Material_ID: ids.material, Location_ID: ids.locA, Qty: '7', Unit_Price: '2' },
      { Material_ID: ids.material, Location_ID: ids.locB, Qty: '3', Unit_Price: '2' },
    ],
  });
  expect((await t.call('POST', '/StockDoc/Approve', { Doc_ID: doc.body.Data.Doc_ID })).body.Code).toBe(0);
});
afterAll(async () => t?.close());

interface OnHand {
  Here: string | null;
  Total: string;
}

describe('on hand beside picking and feeding lines', () => {
  it('is declared on both documents’ lines, checking the picked quantity', () => {
    for (const def of [materialReceive, mixingFeeding]) {
      expect(def.lines.Items.context).toMatchObject({ params: ['Material_ID', 'Location_ID'], qty: 'Qty' });
    }
  });

  it('answers the quantity at the chosen location and in all', async () => {
    for (const def of [materialReceive, mixingFeeding]) {
      const path = def.lines.Items.context?.path as string;
      const r = await t.call<OnHand>('GET', `${path}?Material_ID=${ids.material}&Location_ID=${ids.locA}`);
      expect(r.body.Code, r.body.Message).toBe(0);
      expect(r.body.Data).toMatchObject({ Here: '7', Total: '10' });
    }
  });

  it('asks under the picking grant: a picker who may not open the stock documents still sees it', async () => {
    const menus = (await t.call<{ Menu_ID: number; Menu_Code: string }[]>('GET', '/ModuleMenu?PageSize=500'))
      .body.Data;
    const menu = (code: string) => menus.find((m) => m.Menu_Code === code)?.Menu_ID;
    const role = await t.call<{ Role_ID: number }>('POST', '/Role', {
      Role_Code: 'picker',
      Role_Name: 'picker',
      Grants: [{ Menu_ID: menu(materialReceive.menu as string), Buttons: 'view,add,edit', Opera_Type: 2 }],
    });
    expect(role.body.Code, role.body.Message).toBe(0);
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'picker',
      User_Name: 'picker',
      U_Type: 1,
      Roles: [{ Role_ID: role.body.Data.Role_ID }],
    });
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const auth = { authorization: `Bearer ${await t.login('picker', 'sesame-4711')}` };
    const q = `?Material_ID=${ids.material}&Location_ID=${ids.locB}`;
    const mine = await t.call<OnHand>('GET', `/MaterialReceive/OnHand${q}`, undefined, auth);
    expect(mine.body.Data).toMatchObject({ Here: '3', Total: '10' });
    expect((await t.call('GET', `/StockReport/OnHand${q}`, undefined, auth)).status).toBe(403);
    expect((await t.call('GET', `/MixingFeeding/OnHand${q}`, undefined, auth)).status).toBe(403);
  });
});
