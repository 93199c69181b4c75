import { migrate, readMigrations } from '@mes/engine-server';
import { openTestDatabase } from '@mes/engine-server/testing';
import { columnOf, diffSnapshots, migrationSql, Registry, refFields } from '@mes/model';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './config';
import { committedSnapshot, currentSnapshot } from './generate-migration';
import { SERVER_MODULES } from './modules';

describe('migrations', () => {
  it('are up to date with the declarations (run npm run migration:generate otherwise)', () => {
    const pending = diffSnapshots(committedSnapshot(), currentSnapshot());
    expect(pending, migrationSql(pending)).toEqual([]);
  });

  it('apply once, in order, and again is a no-op', async () => {
    const database = await openTestDatabase();
    try {
      const all = readMigrations(MIGRATIONS_DIR);
      expect(await migrate(database.db, all)).toEqual(all.map((m) => m.version));
      expect(await migrate(database.db, all)).toEqual([]);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(
        database.db,
      );
      expect(rows[0].n).toBe(all.length);
    } finally {
      await database.close();
    }
  });

  it('make every index a declaration names (indexedBy) whole, on its table and leading with the column', async () => {
    const database = await openTestDatabase();
    try {
      await migrate(database.db, readMigrations(MIGRATIONS_DIR));
      const named = new Registry(SERVER_MODULES.map((m) => m.manifest))
        .all()
        .flatMap((def) =>
          refFields(def).flatMap(([name, f]) =>
            f.indexedBy ? [[def.table, columnOf(name), f.indexedBy]] : [],
          ),
        );
      expect(named.length).toBeGreaterThan(0);
      for (const [table, column, index] of named) {
        const { rows } = await sql<{ t: string; c: string; partial: boolean }>`SELECT t.relname AS t,
            a.attname AS c, x.indpred IS NOT NULL AS partial
          FROM pg_class i JOIN pg_index x ON x.indexrelid = i.oid JOIN pg_class t ON t.oid = x.indrelid
          JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
          WHERE i.relname = ${index}`.execute(database.db);
        expect(rows, index).toEqual([{ t: table, c: column, partial: false }]);
      }
    } finally {
      await database.close();
    }
  });

  it('roll back a migration that fails half-way', async () => {
    const database = await openTestDatabase();
    try {
      const bad = [
        {
          version: '0001',
          name: 'bad',
          statements: ['CREATE TABLE half (id int)', 'SELECT * FROM missing_table'],
        },
      ];
      await expect(migrate(database.db, bad)).rejects.toThrow();
      const { rows } = await sql`SELECT to_regclass('half') AS t`.execute(database.db);
      expect((rows[0] as { t: unknown }).t).toBeNull();
    } finally {
      await database.close();
    }
  });
});
