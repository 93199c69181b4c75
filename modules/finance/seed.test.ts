import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
});
afterAll(async () => t?.close());

it('seeds opening balances, receipts and payments that the pages show and that reconcile', async () => {
  for (const [path, min] of [
    ['/PartnerLedger?Side=1', 20],
    ['/PartnerLedger?Side=2', 20],
    ['/FinPayment', 4],
    ['/FinReceipt', 4],
    ['/Finance/Ageing?Side=1', 10],
    ['/Finance/Ageing?Side=2', 10],
  ] as const) {
    const r = await t.call<unknown[]>('GET', path);
    expect(r.body.Code, `${path}: ${r.body.Message}`).toBe(0);
    expect(r.body.Paging?.TotalCount ?? 0, path).toBeGreaterThanOrEqual(min);
  }
  // every bracket of the ageing holds something on one side or the other
  const ageing = await t.call<Record<string, string>[]>('GET', '/Finance/Ageing?Side=1&PageSize=100');
  for (const k of ['Days_0_30', 'Days_31_60', 'Days_61_90', 'Days_91_180', 'Days_180_Plus'])
    expect(
      ageing.body.Data.some((r) => Number(r[k]) > 0),
      k,
    ).toBe(true);
  // the balances agree with the ledger to the cent
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM partner_balance b
    WHERE b.balance <> (SELECT coalesce(sum(amount), 0) FROM partner_ledger l WHERE l.side = b.side
      AND coalesce(l.customer_id, l.supplier_id) = b.partner_id AND l.currency_id = b.currency_id)`.execute(
    t.engine.db,
  );
  expect(rows[0].n).toBe(0);
});
