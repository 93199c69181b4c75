import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing';
import { frozenSql } from './select';

describe('frozenSql', () => {
  it('turns a fragment of identifiers into the text it compiles to, once', async () => {
    const database = await openTestDatabase();
    try {
      const fragment = sql`${sql.ref('t.material_id')} AS ${sql.id('Material "ID"')}, ${sql.table('material')}`;
      const frozen = frozenSql(fragment);
      const text = (f: typeof fragment) => sql`SELECT ${f}`.compile(database.db).sql;
      expect(text(frozen)).toBe(text(fragment));
      expect(frozen.toOperationNode().sqlFragments).toHaveLength(1);
      const r = await sql<{ x: string }>`SELECT t.x AS ${frozenSql(sql`${sql.id('a"b')}`)}
        FROM (SELECT 'ok' AS x) t`.execute(database.db);
      expect(r.rows[0]).toEqual({ 'a"b': 'ok' });
    } finally {
      await database.close();
    }
  });

  it('leaves a fragment with values as it is', () => {
    const fragment = sql`${sql.ref('t.id')} = ${42}`;
    expect(frozenSql(fragment)).toBe(fragment);
  });
});
