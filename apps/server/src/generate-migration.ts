/**
 * Writes the next migration from the difference between the declarations and the snapshot of the
 * last migration. The file is meant to be read and committed, never applied blindly.
 *   npm run migration:generate -- <name>
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrations } from '@mes/engine-server';
import { diffSnapshots, EMPTY_SNAPSHOT, migrationSql, Registry, type Snapshot, snapshotOf } from '@mes/model';
import { MIGRATIONS_DIR } from './config';
import { SERVER_MODULES } from './modules';

export const SNAPSHOT_FILE = join(MIGRATIONS_DIR, 'snapshot.json');

export function currentSnapshot(): Snapshot {
  return snapshotOf(new Registry(SERVER_MODULES.map((m) => m.manifest)));
}

export function committedSnapshot(): Snapshot {
  return existsSync(SNAPSHOT_FILE)
    ? (JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Snapshot)
    : EMPTY_SNAPSHOT;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = (process.argv[2] ?? 'change').replace(/[^\w-]/g, '_');
  const next = currentSnapshot();
  const statements = diffSnapshots(committedSnapshot(), next);
  if (!statements.length) {
    console.log('Declarations and migrations agree; nothing to write.');
  } else {
    const last = readMigrations(MIGRATIONS_DIR).at(-1)?.version ?? '0000';
    const file = join(MIGRATIONS_DIR, `${String(Number(last) + 1).padStart(4, '0')}_${name}.sql`);
    writeFileSync(file, migrationSql(statements));
    writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`Wrote ${file} (${statements.length} statements) and updated snapshot.json; review both.`);
  }
}
