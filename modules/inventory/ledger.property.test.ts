import { startTestServer, type TestServer } from '@mes/app-server/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { approve, balance, createDoc, post, stockFixture } from './testkit.server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seed: 'none' });
});
afterAll(async () => t?.close());

async function setNegative(allow: boolean) {
  const p = await t.call<{ Version: number }>('GET', '/SystemParameter/31');
  const r = await t.call('PUT', '/SystemParameter', {
    ID: 31,
    Version: p.body.Data.Version,
    Parameter_Value: allow ? 'Y' : 'N',
  });
  expect(r.body.Code).toBe(0);
}

/** The invariants of the README, straight from the tables. */
async function invariants(allowNegative: boolean, materials: number[]) {
  const db = t.engine.db;
  const ledgerVsBalance = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT material_id, location_id, batch_no, sum(qty) AS q FROM stock_ledger GROUP BY 1, 2, 3) l
    FULL JOIN stock_balance b USING (material_id, location_id, batch_no)
    WHERE coalesce(l.q, 0) <> coalesce(b.qty, 0)`.execute(db);
  expect(ledgerVsBalance.rows[0].n, 'ledger = balances').toBe(0);
  // each row's running quantity and value are the sums of the movements up to it
  const running = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT balance_qty, balance_amount,
      sum(qty) OVER w AS q, sum(amount) OVER w AS a FROM stock_ledger
      WINDOW w AS (PARTITION BY material_id, location_id, batch_no ORDER BY id)) x
    WHERE balance_qty <> q OR balance_amount IS DISTINCT FROM a`.execute(db);
  expect(running.rows[0].n, 'running balance and value').toBe(0);
  const poolVsBalance = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock_cost c
    LEFT JOIN (SELECT material_id, sum(qty) AS q, sum(amount) AS a FROM stock_balance GROUP BY 1) b USING (material_id)
    WHERE coalesce(b.q, 0) <> c.qty OR coalesce(b.a, 0) <> c.amount`.execute(db);
  expect(poolVsBalance.rows[0].n, 'balances = pool').toBe(0);
  // a location's open layers add up to its stock there (none when it is short)
  const layers = await sql<{ n: number }>`SELECT count(*)::int AS n FROM
      (SELECT material_id, location_id, sum(qty) AS q FROM stock_balance GROUP BY 1, 2) b
    FULL JOIN (SELECT material_id, location_id, sum(qty_left) AS q, min(qty_left) AS low FROM stock_layer GROUP BY 1, 2) l
      USING (material_id, location_id)
    WHERE coalesce(l.q, 0) <> greatest(coalesce(b.q, 0), 0) OR coalesce(l.low, 0) < 0`.execute(db);
  expect(layers.rows[0].n, 'layers = stock at each location').toBe(0);
  if (!allowNegative) {
    const value = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock_balance
      WHERE qty > 0 AND amount < 0 AND material_id IN (${sql.join(materials)})`.execute(db);
    expect(value.rows[0].n, 'no stock with a negative value').toBe(0);
    const neg = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock_balance
      WHERE qty < 0 AND material_id IN (${sql.join(materials)})`.execute(db);
    expect(neg.rows[0].n, 'no negative stock').toBe(0);
  }
}

const qty = fc.integer({ min: 1, max: 30 }).map(String);
const op = fc.oneof(
  fc.record({
    type: fc.constant(T.RECEIPT),
    m: fc.nat(1),
    l: fc.nat(1),
    q: qty,
    price: fc.integer({ min: 1, max: 500 }),
  }),
  fc.record({ type: fc.constant(T.ISSUE), m: fc.nat(1), l: fc.nat(1), q: qty }),
  fc.record({ type: fc.constant(T.SCRAP), m: fc.nat(1), l: fc.nat(1), q: qty }),
  fc.record({ type: fc.constant(T.TRANSFER), m: fc.nat(1), l: fc.nat(1), q: qty }),
  fc.record({
    type: fc.constant(T.COUNT),
    m: fc.nat(1),
    l: fc.nat(1),
    q: fc.integer({ min: 0, max: 30 }).map(String),
  }),
  fc.record({ type: fc.constant(0), pick: fc.nat() }),
);
/** Document dates: a document may be dated before those already posted (back-dated). */
const day = fc.constantFrom('2026-10-01', '2026-10-20', '2026-11-01');

describe('the ledger through the API', () => {
  it('stays equal to the balances under random receipts, issues, transfers, counts and reversals, back-dated too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(op, day), { minLength: 4, maxLength: 14 }),
        fc.boolean(),
        async (ops, allowNegative) => {
          await setNegative(allowNegative);
          const f = await stockFixture(t);
          const mats = [f.avg, f.fifo];
          const locs = [f.locA, f.locB];
          const approved: number[] = [];
          for (const [o, date] of ops) {
            if (o.type === 0) {
              if (!approved.length) continue;
              const id = approved[o.pick % approved.length];
              const r = await t.call('POST', '/StockDoc/UnApprove', { Doc_ID: id });
              expect(r.status).toBeLessThan(500);
              if (r.body.Code === 0) approved.splice(approved.indexOf(id), 1);
              continue;
            }
            const line = {
              Material_ID: mats[o.m],
              Location_ID: locs[o.l],
              Qty: o.q,
              ...(o.type === T.RECEIPT ? { Unit_Price: (o.price / 100).toFixed(2) } : {}),
              ...(o.type === T.TRANSFER ? { To_Location_ID: locs[1 - o.l] } : {}),
            };
            const c = await createDoc(t, o.type, [line], { Doc_Date: date });
            expect(c.body.Code, c.body.Message).toBe(0);
            const a = await approve(t, c.body.Data.Doc_ID);
            expect(a.status).toBeLessThan(500);
            if (a.body.Code === 0) approved.push(c.body.Data.Doc_ID);
            // only a shortage may refuse an approval, and only when negative stock is not allowed
            else expect(allowNegative ? '' : a.body.Message).toContain('库存不足');
          }
          await invariants(allowNegative, mats);
        },
      ),
      { numRuns: 12 },
    );
    await setNegative(false);
  }, 240_000);
});

describe('concurrency', () => {
  it('two users issuing the last unit at once: exactly one succeeds', async () => {
    const f = await stockFixture(t);
    await post(t, T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '1', Unit_Price: '5' }]);
    const docs = await Promise.all(
      [0, 1].map(() => createDoc(t, T.ISSUE, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '1' }])),
    );
    const results = await Promise.all(docs.map((d) => approve(t, d.body.Data.Doc_ID)));
    expect(results.map((r) => r.body.Code).sort()).toEqual([0, 1]);
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(await balance(t, f.avg)).toBe('0');
    await invariants(false, [f.avg, f.fifo]);
  });

  it('a double click on approve posts once', async () => {
    const f = await stockFixture(t);
    const c = await createDoc(t, T.RECEIPT, [
      { Material_ID: f.fifo, Location_ID: f.locA, Qty: '3', Unit_Price: '1' },
    ]);
    const results = await Promise.all([0, 1, 2].map(() => approve(t, c.body.Data.Doc_ID)));
    expect(results.filter((r) => r.body.Code === 0)).toHaveLength(1);
    expect(await balance(t, f.fifo)).toBe('3');
    const rows = await t.call<unknown[]>('GET', `/StockLedger?Material_ID=${f.fifo}`);
    expect(rows.body.Data).toHaveLength(1);
  });

  it('many writers on the same materials lose nothing', async () => {
    const f = await stockFixture(t);
    await post(t, T.RECEIPT, [
      { Material_ID: f.avg, Location_ID: f.locA, Qty: '100', Unit_Price: '1' },
      { Material_ID: f.fifo, Location_ID: f.locA, Qty: '100', Unit_Price: '1' },
    ]);
    const docs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createDoc(t, T.ISSUE, [
          { Material_ID: i % 2 ? f.avg : f.fifo, Location_ID: f.locA, Qty: '3' },
          { Material_ID: i % 2 ? f.fifo : f.avg, Location_ID: f.locA, Qty: '2' },
        ]),
      ),
    );
    const results = await Promise.all(docs.map((d) => approve(t, d.body.Data.Doc_ID)));
    expect(results.every((r) => r.body.Code === 0)).toBe(true);
    expect(await balance(t, f.avg)).toBe('70');
    expect(await balance(t, f.fifo)).toBe('70');
    await invariants(false, [f.avg, f.fifo]);
  });
});
