import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  type Database,
  dirStore,
  type FileStore,
  type Migration,
  migrate,
  openDatabase,
  readMigrations,
  type S3Config,
  s3Store,
} from '@mes/engine-server';
import { sql } from 'kysely';
import { MIGRATIONS_DIR } from '../config';
import { stampOf } from './backup';
import { loadDatabase, tableCount } from './dump';
import { entryAllowed, fileEntry, type Manifest, readManifest } from './manifest';
import { BackupError, message } from './messages';
import { extractTarGz } from './tar';

export type RestoreTarget = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export interface RestoreOptions {
  /** The server's local attachment folder; unused when `s3` is set. */
  attachmentDir: string;
  s3?: S3Config | null;
  /** Replace a database that holds tables already (PostgreSQL) or a data directory that is not empty. */
  force?: boolean;
  log?: (line: string) => void;
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** The code's migrations up to the backup's, which must be the very ones the backup's database had. */
function migrationsFor(m: Manifest): Migration[] {
  const code = readMigrations(MIGRATIONS_DIR);
  const newest = code.at(-1)?.version ?? '0000';
  if (m.migration > newest) throw new BackupError('newer_migration', { archive: m.migration, code: newest });
  const upTo = code.filter((c) => c.version <= m.migration);
  const had = new Map(m.migrations.map((x) => [x.version, x.name]));
  for (const c of upTo)
    if (had.get(c.version) !== c.name) throw new BackupError('unknown_migration', { version: c.version });
  for (const v of had.keys())
    if (!upTo.some((c) => c.version === v)) throw new BackupError('unknown_migration', { version: v });
  return upTo;
}

/** PGlite is one process: its postmaster.pid exists exactly while a server (or anything else) has the folder open. */
export function refuseOpenDataDir(dataDir: string): void {
  if (existsSync(join(dataDir, 'postmaster.pid'))) throw new BackupError('pglite_in_use', { dir: dataDir });
}

/** Waits a few seconds for connections that are closing; refuses when others stay (a running server). */
async function refuseOtherConnections(database: Database): Promise<void> {
  for (let i = 0; ; i++) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(database.db);
    if (rows[0].n === 0) return;
    if (i >= 25) throw new BackupError('db_in_use', { count: rows[0].n });
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Loads the database part in one transaction, then brings the schema up to the code's migrations. */
async function restoreInto(
  database: Database,
  stage: string,
  m: Manifest,
  migrations: Migration[],
): Promise<void> {
  await database.db.transaction().execute((tx) => loadDatabase(tx, stage, m, migrations));
  await migrate(database.db, readMigrations(MIGRATIONS_DIR));
}

async function putFiles(store: FileStore, stage: string, m: Manifest): Promise<void> {
  for (const key of m.attachments.keys) await store.put(key, readFileSync(join(stage, fileEntry(key))));
}

/** Moves `dir` aside (when it holds anything) and `fresh` into its place; returns where the old one went. */
function swapIn(fresh: string, dir: string, stamp: string): string | null {
  let aside: string | null = null;
  if (!isEmptyDir(dir)) {
    aside = `${dir}.before-restore-${stamp}`;
    renameSync(dir, aside);
  } else rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(fresh, dir);
  return aside;
}

/**
 * Restores a backup: checks the archive whole first (checksums, migration version), then replaces
 * the database in one transaction (PostgreSQL) or builds a new data directory beside the old one
 * and swaps them (PGlite), so that a failure leaves what was there. Sessions are not in a backup,
 * so every user signs in again. Attachments go to the S3 bucket or a fresh folder swapped in after
 * the database is committed.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  opts: RestoreOptions,
): Promise<{ manifest: Manifest; movedAside: string[] }> {
  const archive = resolve(file);
  if (!existsSync(archive)) throw new BackupError('archive_missing', { file: archive });
  const stamp = stampOf();
  if (target.kind === 'pglite') {
    refuseOpenDataDir(target.dataDir);
    if (!opts.force && !isEmptyDir(target.dataDir))
      throw new BackupError('not_empty_dir', {
        dir: target.dataDir,
        aside: `${target.dataDir}.before-restore-${stamp}`,
      });
  }
  const stage = mkdtempSync(join(tmpdir(), 'mes-restore-'));
  const created: string[] = [];
  try {
    let entries: string[];
    try {
      entries = await extractTarGz(archive, stage, entryAllowed);
    } catch (e) {
      throw new BackupError('archive_invalid', {
        file: archive,
        reason: e instanceof Error ? e.message : String(e),
      });
    }
    const manifest = await readManifest(stage, archive, entries);
    const migrations = migrationsFor(manifest);

    // the attachment folder inside a PGlite data directory moves together with it
    const filesInDataDir =
      !opts.s3 &&
      target.kind === 'pglite' &&
      resolve(opts.attachmentDir) === resolve(target.dataDir, 'attachments');
    const freshDataDir = target.kind === 'pglite' ? `${target.dataDir}.restoring-${stamp}` : null;
    const freshFiles = opts.s3 || filesInDataDir ? null : `${opts.attachmentDir}.restoring-${stamp}`;
    for (const d of [freshDataDir, freshFiles])
      if (d) {
        if (existsSync(d)) throw new BackupError('output_exists', { file: d });
        created.push(d);
      }
    // the target is checked before anything is written, so that a refusal leaves everything as it was
    const database =
      target.kind === 'postgres'
        ? await openDatabase({ databaseUrl: target.databaseUrl })
        : await openDatabase({ dataDir: freshDataDir as string });
    try {
      if (target.kind === 'postgres') {
        const tables = await tableCount(database.db);
        if (!opts.force && tables > 0) throw new BackupError('not_empty_db', { tables });
        await refuseOtherConnections(database);
      }
      if (opts.s3) await putFiles(s3Store(opts.s3), stage, manifest);
      else if (freshFiles) {
        // made even when there is nothing to put: it replaces the folder there was
        mkdirSync(freshFiles, { recursive: true });
        await putFiles(dirStore(freshFiles), stage, manifest);
      }
      await restoreInto(database, stage, manifest, migrations);
    } finally {
      await database.close();
    }
    const movedAside: string[] = [];
    if (freshDataDir && target.kind === 'pglite') {
      // after PGlite made its files: it sets up a new database only in a folder without PG_VERSION
      if (filesInDataDir) await putFiles(dirStore(join(freshDataDir, 'attachments')), stage, manifest);
      const aside = swapIn(freshDataDir, target.dataDir, stamp);
      if (aside) movedAside.push(aside);
    }
    if (freshFiles) {
      const aside = swapIn(freshFiles, opts.attachmentDir, stamp);
      if (aside) movedAside.push(aside);
    }
    for (const a of movedAside)
      opts.log?.(message('moved_aside', { what: a.replace(/\.before-restore-.*$/, ''), aside: a }));
    return { manifest, movedAside };
  } finally {
    rmSync(stage, { recursive: true, force: true });
    for (const d of created) rmSync(d, { recursive: true, force: true });
  }
}
