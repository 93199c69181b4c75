import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitMigration } from '@mes/model';
import { sql } from 'kysely';
import type { Db } from './index';
import { type Tx, withTx } from './tx';

export interface Migration {
  version: string;
  name: string;
  statements: string[];
}

export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: f.slice(0, 4),
      name: f.replace(/\.sql$/, ''),
      statements: splitMigration(readFileSync(join(dir, f), 'utf8')),
    }));
}

/** Any number such that all processes agree on it: serialises concurrent start-ups. */
const MIGRATION_LOCK = 80310001;

/** The table that records which migrations a database has had. */
export async function createMigrationsTable(ex: Db | Tx): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version varchar(10) PRIMARY KEY, name varchar(200) NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
    ex,
  );
}

/** One migration's statements and its record, inside the caller's transaction. */
export async function applyMigration(tx: Tx, m: Migration): Promise<void> {
  for (const s of m.statements) await sql.raw(s).execute(tx);
  await sql`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`.execute(tx);
}

/**
 * Applies the migrations not yet recorded, each in its own transaction together with its record,
 * so that a crash leaves the database at a migration boundary. Returns the versions applied.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  await createMigrationsTable(db);
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await withTx(db, async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      const seen = await sql`SELECT 1 FROM schema_migrations WHERE version = ${m.version}`.execute(tx);
      if (seen.rows.length) return false;
      await applyMigration(tx, m);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
