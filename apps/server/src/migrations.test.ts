import { migrate, readMigrations } from '@mes/engine-server';
import { openTestDatabase } from '@mes/engine-server/testing';
import { diffSnapshots, migrationSql } from '@mes/model';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './config';
import { committedSnapshot, currentSnapshot } from './generate-migration';

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
