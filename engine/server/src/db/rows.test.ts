import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing';
import type { Database } from './index';
import { rowsAsArrays } from './rows';

describe('rowsAsArrays', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await sql`CREATE TABLE rows_probe (id bigint PRIMARY KEY, name text, qty numeric(18,4), day date, ok boolean)`.execute(
      database.db,
    );
  });
  afterAll(() => database.close());

  const columns = [
    ['id', 'bigint'],
    ['name', 'text'],
    ['qty', 'numeric'],
    ['day', 'date'],
    ['ok', 'boolean'],
  ] as const;
  type Probe = { id: number; name: string | null; qty: string; day: string; ok: boolean };
  const insert = (rows: Probe[]) =>
    sql`INSERT INTO rows_probe (id, name, qty, day, ok) SELECT * FROM ${rowsAsArrays(
      'v',
      columns,
      rows,
      (r) => [r.id, r.name, r.qty, r.day, r.ok],
    )}`;

  it('inserts any number of rows with one parameter per column, text that needs quoting and nulls included', async () => {
    const rows: Probe[] = [
      {
        id: 1,
        name: 'a "quoted", {braced} \\ name',
        qty: '12345678901234.5678',
        day: '2026-11-24',
        ok: true,
      },
      { id: 2, name: null, qty: '-0.0001', day: '2026-01-01', ok: false },
      { id: 3, name: 'NULL', qty: '0', day: '2026-12-31', ok: true },
      { id: 4, name: '', qty: '1.0000', day: '2026-02-28', ok: false },
      { id: 5, name: '  批次 A,B  ', qty: '2.5000', day: '2026-03-01', ok: true },
      { id: 6, name: '\\"}', qty: '-3.0000', day: '2026-03-02', ok: true },
    ];
    const compiled = insert(rows).compile(database.db);
    expect(compiled.parameters).toHaveLength(columns.length);
    expect(insert(rows.slice(0, 1)).compile(database.db).sql).toBe(compiled.sql);
    await insert(rows).execute(database.db);
    const back =
      await sql<Probe>`SELECT id::int AS id, name, qty::text AS qty, to_char(day, 'YYYY-MM-DD') AS day, ok
      FROM rows_probe ORDER BY id`.execute(database.db);
    expect(back.rows).toEqual(rows.map((r) => ({ ...r, qty: Number(r.qty) === 0 ? '0.0000' : r.qty })));
  });

  it('selects nothing from no rows', async () => {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${rowsAsArrays(
      'v',
      columns,
      [] as Probe[],
      (x) => [x.id, x.name, x.qty, x.day, x.ok],
    )}`.execute(database.db);
    expect(r.rows[0].n).toBe(0);
  });

  it('refuses a row with the wrong number of values', () => {
    expect(() => rowsAsArrays('v', columns, [1], () => [1, 2])).toThrow(/2 values for 5 columns/);
  });
});
