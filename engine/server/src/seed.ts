import { sql } from 'kysely';
import { SYSTEM_CONTEXT } from './context';
import type { Db } from './db';
import { type Tx, withTx } from './db/tx';
import type { Engine } from './engine';

/** The record of which modules' demo seeds ran; made at start, outside the migrations. */
export async function createSeedRunsTable(ex: Db | Tx): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS seed_runs (module varchar(60) PRIMARY KEY, seeded_at timestamptz NOT NULL DEFAULT now())`.execute(
    ex,
  );
}

/** A database some module seeded demo data into: its accounts have published passwords. */
export async function isDemoDatabase(ex: Db | Tx): Promise<boolean> {
  return (await sql`SELECT 1 FROM seed_runs LIMIT 1`.execute(ex)).rows.length > 0;
}

/**
 * Runs each module's bootstrap at every start, and its demo seed once per database (recorded in
 * seed_runs), so that a module added later seeds itself into an existing database too.
 */
export async function runSeeds(engine: Engine, opts: { demo: boolean }): Promise<string[]> {
  await createSeedRunsTable(engine.db);
  const seeded: string[] = [];
  for (const m of engine.modules) {
    if (m.bootstrap) await withTx(engine.db, (tx) => m.bootstrap!({ engine, tx, ctx: SYSTEM_CONTEXT }));
    if (!opts.demo || !m.seed) continue;
    const done = await withTx(engine.db, async (tx) => {
      const r =
        await sql`INSERT INTO seed_runs (module) VALUES (${m.manifest.code}) ON CONFLICT DO NOTHING RETURNING module`.execute(
          tx,
        );
      if (!r.rows.length) return false;
      await m.seed!({ engine, tx, ctx: SYSTEM_CONTEXT });
      return true;
    });
    if (done) seeded.push(m.manifest.code);
  }
  return seeded;
}
