import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_STATUS, SOW_STATUS } from './logic/status';
import { as } from './testing.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

describe('demo sourcing data', () => {
  it('has SOWs in every state', async () => {
    const r = await t.call<{ Sow_Status: number; Project_Name: string }[]>('GET', '/Sow?PageSize=50');
    const statuses = r.body.Data.map((s) => s.Sow_Status).sort();
    expect(statuses).toEqual([
      SOW_STATUS.DRAFT,
      SOW_STATUS.QUOTING,
      SOW_STATUS.ROUND_CLOSED,
      SOW_STATUS.AWARDED,
      SOW_STATUS.CLOSED,
    ]);
  });

  it('three supplier accounts sign in to their own portal', async () => {
    for (const [account, n] of [
      ['supplier1', 4],
      ['supplier2', 4],
      ['supplier3', 3],
    ] as const) {
      const token = await t.login(account, 'supplier123');
      const offers = await t.call<{ Offer_Status: number }[]>(
        'GET',
        '/SRM/Portal/Offers',
        undefined,
        as(token),
      );
      expect(offers.body.Data.length, account).toBeGreaterThanOrEqual(n);
    }
    const s1 = await t.login('supplier1', 'supplier123');
    const offers = await t.call<{ Offer_Status: number; Project_Name: string }[]>(
      'GET',
      '/SRM/Portal/Offers?PageSize=50',
      undefined,
      as(s1),
    );
    expect(offers.body.Data.some((o) => o.Offer_Status === OFFER_STATUS.PASSED)).toBe(true);
  });

  it('the comparison of the two-round SOW and the expiring documents are there', async () => {
    const sows = await t.call<{ Sow_ID: number; Sow_Status: number }[]>('GET', '/Sow?Sow_Status=3');
    const cmp = await t.call<{ Rounds: number[] }>('GET', `/Sow/${sows.body.Data[0].Sow_ID}/Comparison`);
    expect(cmp.body.Data.Rounds).toEqual([1, 2]);
    const exp = await t.call<{ Days_Left: number }[]>('GET', '/Supplier/ExpiringDocuments');
    expect(exp.body.Data.length).toBeGreaterThan(3);
    expect(exp.body.Data.every((d) => d.Days_Left <= 30)).toBe(true);
    const hist = await t.call('GET', '/MaterialPriceHistory');
    expect(hist.body.Paging?.TotalCount).toBe(3);
  });
});
