import { COUNT_AHEAD, orderSql } from '@mes/engine-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf, startTestServer, type TestServer } from './testing';

/**
 * A list counts its matching rows only so far past the page (a million ledger rows took a second to
 * count on every page), and sorts a column that cannot be empty in an order its index serves.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
});
afterAll(async () => t?.close());

describe('long lists', () => {
  it('counts up to COUNT_AHEAD rows past the page and says when more match', async () => {
    const db = t.engine.db;
    const n = COUNT_AHEAD + 60;
    await sql`INSERT INTO unit (unit_code, unit_name)
      SELECT 'U' || lpad(g::text, 6, '0'), 'unit ' || g FROM generate_series(1, ${n}) g`.execute(db);
    const all = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM unit`.execute(db)).rows[0].n);
    expect(all).toBeGreaterThan(COUNT_AHEAD);

    const first = await t.call<unknown[]>('GET', '/Unit?PageSize=50');
    expect(first.body.Data).toHaveLength(50);
    expect(first.body.Paging).toEqual({ TotalCount: COUNT_AHEAD, Page: 1, PageSize: 50, Capped: true });
    // from the third page on, the count reaches past the last row: exact again
    const third = await t.call<{ Unit_Code: string }[]>('GET', '/Unit?PageSize=50&Page=3');
    expect(third.body.Paging).toEqual({ TotalCount: all, Page: 3, PageSize: 50 });
    expect(third.body.Data[0].Unit_Code).toBe('U000101');
    // a filter that leaves few rows is counted exactly
    const some = await t.call('GET', `/Unit?Unit_Code__like=${encodeURIComponent('U00010')}&PageSize=5`);
    expect(some.body.Paging).toEqual({ TotalCount: 10, Page: 1, PageSize: 5 });
    // a page past the end still tells how many there are
    const past = await t.call<unknown[]>('GET', '/Unit?PageSize=50&Page=1000');
    expect(past.body.Data).toEqual([]);
    expect(past.body.Paging).toEqual({ TotalCount: all, Page: 1000, PageSize: 50 });
  });

  it('sorts a column that cannot be empty through its index, newest first', async () => {
    const def = t.engine.service('StockLedger').def;
    const plan = async (field: string) => {
      const statement = sql`SELECT t.id FROM stock_ledger AS t
        ORDER BY ${orderSql(def, { field, desc: true })} LIMIT 50`;
      return t.engine.db.transaction().execute(async (tx) => {
        await sql`SET LOCAL enable_sort = off`.execute(tx);
        return planOf(tx, statement);
      });
    };
    // the key and a required date are read backwards through their indexes
    expect(await plan('ID')).not.toMatch(/Sort/);
    expect(await plan('Posting_Date')).toMatch(/Scan Backward using ix_stock_ledger_posting_date/);
    // a column that may be empty keeps its empty values last, which takes a sort
    expect(await plan('Bucket_ID')).toMatch(/Sort/);
  });
});
