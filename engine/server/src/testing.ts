import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffSnapshots, EMPTY_SNAPSHOT, type Registry, snapshotOf } from '@mes/model';
import pg from 'pg';
import { type Database, openDatabase } from './db';
import { migrate } from './db/migrate';

/**
 * Where a test run keeps a database to copy (see `apps/server/src/testing.ts`): a PostgreSQL
 * database name on the server of DATABASE_URL, or a PGlite dump file.
 */
export interface TestTemplate {
  kind: 'pglite' | 'postgres';
  where: string;
}

const adminQuery = async (serverUrl: string, q: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
};

/**
 * The variable through which a test run's setup names a dump of a freshly created, empty PGlite
 * database (`vitest.global-setup.ts`). Loading that dump costs about half the CPU of creating a
 * PGlite database (its initdb), for every database a test opens; the result is the same.
 */
export const EMPTY_PGLITE_ENV = 'MES_TEST_EMPTY_PGLITE';

/** Writes the dump that EMPTY_PGLITE_ENV names, into dir. */
export async function dumpEmptyPglite(dir: string): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const where = join(dir, `pglite-empty-${randomBytes(6).toString('hex')}.tar`);
  try {
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite gave no dump');
    writeFileSync(where, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return where;
}

/** An in-memory PGlite database: a copy of the template's dump, else of the run's empty one. */
function openPglite(template?: TestTemplate): Promise<Database> {
  const dump = template?.kind === 'pglite' ? template.where : process.env[EMPTY_PGLITE_ENV];
  return openDatabase({
    dataDir: 'memory://',
    loadDataDir: dump ? new Blob([readFileSync(dump)]) : undefined,
  });
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * of DATABASE_URL that is dropped again on close, so that test files never share state. With a
 * template, the database starts as a copy of it.
 */
export async function openTestDatabase(template?: TestTemplate): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPglite(template);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    serverUrl,
    `CREATE DATABASE ${name}${template?.kind === 'postgres' ? ` TEMPLATE ${template.where}` : ''}`,
  );
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    ...database,
    url: u.toString(),
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Builds a template with `fill` (on a fresh database of the current kind) and returns where it is
 * and how to remove it again.
 */
export async function createTestTemplate(
  dir: string,
  fill: (database: Database) => Promise<void>,
): Promise<{ template: TestTemplate; remove: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite();
    const where = join(dir, `pglite-template-${randomBytes(6).toString('hex')}.tar`);
    try {
      await fill(database);
      const dump = await database.dumpDataDir?.();
      if (!dump) throw new Error('PGlite gave no dump');
      writeFileSync(where, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
    return { template: { kind: 'pglite', where }, remove: async () => rmSync(where, { force: true }) };
  }
  const name = `tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  try {
    await fill(database);
  } finally {
    await database.close();
  }
  return {
    template: { kind: 'postgres', where: name },
    remove: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Creates the tables of a registry straight from its declarations (tests of the engine itself). */
export async function applyRegistrySchema(database: Database, registry: Registry): Promise<void> {
  const statements = diffSnapshots(EMPTY_SNAPSHOT, snapshotOf(registry));
  await migrate(database.db, [{ version: '0001', name: 'test', statements }]);
}
