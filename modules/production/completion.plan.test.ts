import { planOf, startTestServer, type TestServer } from '@mes/app-server/testing';
import { withTx } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderCostSql } from './completion.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
});
afterAll(async () => t?.close());

describe("a work order's cost", () => {
  it('reads the ledger by document (type and id) through its index, not every picking ever posted', async () => {
    const plan = await withTx(t.engine.db, async (tx) => {
      // the test database is small: without this the planner would scan it whichever the statement
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return planOf(tx, orderCostSql(42));
    });
    expect(plan).toMatch(/Index Cond: \(\(doc_type = .+\) AND \(doc_id = /);
    expect(plan).not.toMatch(/BitmapOr|Seq Scan on stock_ledger/);
  });
});
