import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db, FileStore } from '@mes/engine-server';
import { dumpDatabase, tableFile } from './dump';
import { FORMAT, fileEntry, MANIFEST, type Manifest, sha256Of } from './manifest';
import { BackupError } from './messages';
import { writeTarGz } from './tar';

const ROOT = resolve(import.meta.dirname, '../../../..');
const appVersion = () => String(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);

export interface BackupSource {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The attachment store the server uses; its files are copied into the archive. */
  files: FileStore;
  store: 'dir' | 's3';
}

/** `20261127-092209`: sorts by time, no characters a shell or Windows minds. */
export const stampOf = (now = new Date()) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll('-', '')
    .replace('T', '-')
    .replaceAll(':', '');

/** `backups/mes-<stamp>.tar.gz` under the current folder (the repository's root for `npm run`). */
export const defaultBackupFile = (now = new Date()) => resolve('backups', `mes-${stampOf(now)}.tar.gz`);

/**
 * Writes one archive holding the database (every table, from one snapshot), the attachment files
 * it names, and the manifest. Staged in a temporary folder so that the archive is written whole
 * or not at all.
 */
export async function writeBackup(src: BackupSource, out: string): Promise<Manifest> {
  if (existsSync(out)) throw new BackupError('output_exists', { file: out });
  const stage = mkdtempSync(join(tmpdir(), 'mes-backup-'));
  try {
    mkdirSync(join(stage, 'db'));
    mkdirSync(join(stage, 'files'));
    const dump = await dumpDatabase(src.db, stage);
    const keys: string[] = [];
    const missing: string[] = [];
    // files uploaded after the snapshot are not named by it and stay out; one deleted since is missing
    for (const key of dump.attachmentKeys) {
      const body = await src.files.get(key);
      if (!body) {
        missing.push(key);
        continue;
      }
      await pipeline(body, createWriteStream(join(stage, fileEntry(key)), { flags: 'wx' }));
      keys.push(key);
    }
    const entries = [...Object.keys(dump.tables).map(tableFile), ...keys.map(fileEntry)];
    const checksums: Record<string, string> = {};
    for (const e of entries) checksums[e] = await sha256Of(join(stage, e));
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      source: src.kind,
      migration: dump.migrations.at(-1)?.version ?? '0000',
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      attachments: { store: src.store, keys, missing },
      checksums,
    };
    writeFileSync(join(stage, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    mkdirSync(dirname(out), { recursive: true });
    try {
      await writeTarGz(
        out,
        [MANIFEST, ...entries].map((e) => [e, join(stage, e)]),
      );
    } catch (e) {
      // a file someone else wrote in the meantime stays
      if ((e as { code?: string }).code !== 'EEXIST') rmSync(out, { force: true });
      throw e;
    }
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
