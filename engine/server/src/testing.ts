import { randomBytes } from 'node:crypto';
import { diffSnapshots, EMPTY_SNAPSHOT, type Registry, snapshotOf } from '@mes/model';
import pg from 'pg';
import { type Database, openDatabase } from './db';
import { migrate } from './db/migrate';

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * of DATABASE_URL that is dropped again on close, so that test files never share state.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    ...database,
    url: u.toString(),
    close: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Creates the tables of a registry straight from its declarations (tests of the engine itself). */
export async function applyRegistrySchema(database: Database, registry: Registry): Promise<void> {
  const statements = diffSnapshots(EMPTY_SNAPSHOT, snapshotOf(registry));
  await migrate(database.db, [{ version: '0001', name: 'test', statements }]);
}
