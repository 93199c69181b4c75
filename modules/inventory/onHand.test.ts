import type { TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { post, type StockFixture, stockTestServer } from './testkit.server';

let t: TestServer;
let f: StockFixture;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
  await post(t, T.RECEIPT, [
    { Material_ID: f.avg, Location_ID: f.locA, Qty: '12', Unit_Price: '2' },
    { Material_ID: f.avg, Location_ID: f.locB, Qty: '3', Unit_Price: '2.5' },
  ]);
});
afterAll(async () => t?.close());

interface OnHand {
  Here: string | null;
  Total: string;
  Price: string | null;
}

// issue 25: a stock line shows what is on hand where it takes from, and the last cost as its price
describe('GET /StockReport/OnHand', () => {
  it('answers the quantity at the location and in all, and the last cost', async () => {
    const r = await t.call<OnHand>('GET', `/StockReport/OnHand?Material_ID=${f.avg}&Location_ID=${f.locA}`);
    expect(r.status).toBe(200);
    expect(r.body.Data).toMatchObject({ Here: '12', Total: '15', Price: '2.5' });
    const other = await t.call<OnHand>(
      'GET',
      `/StockReport/OnHand?Material_ID=${f.avg}&Location_ID=${f.foreignLoc}`,
    );
    expect(other.body.Data).toMatchObject({ Here: '0', Total: '15' });
    // a material never received: nothing on hand, no price to propose
    const none = await t.call<OnHand>('GET', `/StockReport/OnHand?Material_ID=${f.fifo}`);
    expect(none.body.Data).toMatchObject({ Here: null, Total: '0', Price: null });
  });

  it('refuses bad input with a message, and users without the stock documents page', async () => {
    for (const q of ['', '?Material_ID=x', '?Material_ID=-1'])
      expect((await t.call('GET', `/StockReport/OnHand${q}`)).body.Code).toBe(1);
    const u = await t.call<{ User_ID: number }>('POST', '/Users', {
      User_Account: 'ivonhand',
      User_Name: 'ivonhand',
      U_Type: 1,
      Roles: [],
    });
    expect(u.body.Code, u.body.Message).toBe(0);
    await t.call('POST', '/Users/ResetPwd', { User_ID: u.body.Data.User_ID, Pass_Word: 'sesame-4711' });
    const auth = { authorization: `Bearer ${await t.login('ivonhand', 'sesame-4711')}` };
    const r = await t.call('GET', `/StockReport/OnHand?Material_ID=${f.avg}`, undefined, auth);
    expect(r.status).toBe(403);
  });
});
