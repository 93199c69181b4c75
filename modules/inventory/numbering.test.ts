import type { TestServer } from '@mes/app-server/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_DOC_TYPE as T } from './stockDoc.entity';
import { createDoc, type StockFixture, stockTestServer } from './testkit.server';

/**
 * A document created on its own is numbered when its transaction commits (migration 0016), through
 * the HTTP server and the real migrations. Stock documents have no afterSave hook, so they take
 * that path; the in-transaction path is tested in the engine's own tests.
 */
let t: TestServer;
let f: StockFixture;
beforeAll(async () => {
  ({ t, f } = await stockTestServer());
});
afterAll(async () => t?.close());

const line = () => [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '1', Unit_Price: '1' }];
const seq = (no: string) => Number(no.slice(-4));
const series = async () =>
  (
    await sql<{ current_value: number; current_period: string }>`SELECT current_value, current_period
      FROM numbering_series WHERE series_code = 'StockDoc'`.execute(t.engine.db)
  ).rows[0];

describe('numbers given at commit', () => {
  it('answers each create with its number; concurrent creates get consecutive numbers, stored as answered', async () => {
    const docs = await Promise.all(Array.from({ length: 20 }, () => createDoc(t, T.RECEIPT, line())));
    for (const d of docs) expect(d.body.Code, d.body.Message).toBe(0);
    const numbers = docs.map((d) => d.body.Data.Doc_NO);
    for (const n of numbers) expect(n).toMatch(/^IV\d{6}\d{4}$/);
    const sorted = numbers.map(seq).sort((a, b) => a - b);
    expect(sorted.at(-1)! - sorted[0]).toBe(19);
    expect(new Set(sorted).size).toBe(20);
    const { rows } = await sql<{ id: number; doc_no: string }>`SELECT id, doc_no FROM stock_doc
      WHERE id IN (${sql.join(docs.map((d) => d.body.Data.Doc_ID))})`.execute(t.engine.db);
    const stored = new Map(rows.map((r) => [Number(r.id), r.doc_no]));
    for (const d of docs) expect(stored.get(d.body.Data.Doc_ID)).toBe(d.body.Data.Doc_NO);
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM numbering_pending`.execute(
      t.engine.db,
    );
    expect(pending.rows[0].n).toBe(0);
  });

  it('logs the number given, and a refused create takes none', async () => {
    const a = await createDoc(t, T.RECEIPT, line());
    const log = await sql<{
      content: string;
    }>`SELECT content FROM operation_log WHERE entity_name = 'StockDoc'
      AND record_id = ${a.body.Data.Doc_ID} AND verb = 'add'`.execute(t.engine.db);
    expect(JSON.parse(log.rows[0].content).Doc_NO).toBe(a.body.Data.Doc_NO);
    const bad = await createDoc(t, T.RECEIPT, [{ Material_ID: 99999999, Location_ID: f.locA, Qty: '1' }]);
    expect(bad.body.Code).not.toBe(0);
    const b = await createDoc(t, T.RECEIPT, line());
    expect(seq(b.body.Data.Doc_NO)).toBe(seq(a.body.Data.Doc_NO) + 1);
  });

  it('follows the period set on the series and starts again in a new one', async () => {
    const was = await series();
    await sql`UPDATE numbering_series SET period = 1, current_period = '1999', current_value = 41
      WHERE series_code = 'StockDoc'`.execute(t.engine.db);
    const d = await createDoc(t, T.RECEIPT, line());
    const year = new Date().toISOString().slice(0, 4);
    expect(d.body.Data.Doc_NO).toBe(`IV${year}0001`);
    const again = await createDoc(t, T.RECEIPT, line());
    expect(again.body.Data.Doc_NO).toBe(`IV${year}0002`);
    expect(await series()).toMatchObject({ current_value: 2, current_period: year });
    // back to the declared monthly series, where it was
    await sql`UPDATE numbering_series SET period = 2, current_period = ${was.current_period},
      current_value = ${was.current_value} WHERE series_code = 'StockDoc'`.execute(t.engine.db);
  });

  it('refuses, in the envelope and saving nothing, a number that is taken when the commit gives it', async () => {
    const last = await createDoc(t, T.RECEIPT, line());
    const before = await series();
    // the series is set back by hand: the next number is the one just given
    await sql`UPDATE numbering_series SET current_value = current_value - 1 WHERE series_code = 'StockDoc'`.execute(
      t.engine.db,
    );
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM stock_doc`.execute(t.engine.db)).rows[0].n;
    const docs = await count();
    const clash = await t.call(
      'POST',
      '/StockDoc',
      { Doc_Type: T.RECEIPT, Doc_Date: '2026-11-01', Lines: line() },
      {
        'accept-language': 'zh',
      },
    );
    expect(clash.status).toBe(400);
    expect(clash.body.Code).toBe(1);
    expect(clash.body.Message).toContain('已存在');
    expect(await count()).toBe(docs);
    expect((await series()).current_value).toBe(before.current_value - 1);
    expect(last.body.Code).toBe(0);
    await sql`UPDATE numbering_series SET current_value = ${before.current_value}
      WHERE series_code = 'StockDoc'`.execute(t.engine.db);
    expect((await createDoc(t, T.RECEIPT, line())).body.Code).toBe(0);
  });

  // PGlite has one connection: the lock below would stop the create itself
  it.runIf(!!process.env.DATABASE_URL)('locks the series row only in the commit', async () => {
    await createDoc(t, T.RECEIPT, line());
    let pending: ReturnType<typeof createDoc> | undefined;
    await t.engine.db.transaction().execute(async (tx) => {
      await sql`SELECT 1 FROM numbering_series WHERE series_code = 'StockDoc' FOR UPDATE`.execute(tx);
      pending = createDoc(t, T.RECEIPT, line());
      // the create has done all its work and waits for the row in its COMMIT, not in a statement
      await expect
        .poll(
          async () =>
            (
              await sql<{ q: string }>`SELECT query AS q FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(t.engine.db)
            ).rows.map((r) => r.q.trim().toLowerCase()),
          { timeout: 10_000 },
        )
        .toContain('commit');
    });
    const done = await pending;
    expect(done?.body.Code).toBe(0);
    expect(done?.body.Data.Doc_NO).toMatch(/^IV\d{10}$/);
  });
});
