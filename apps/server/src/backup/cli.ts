import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dirStore, openDatabase, s3ConfigFromEnv, s3Store } from '@mes/engine-server';
import { attachmentDirOf } from '../app';
import { readConfig } from '../config';
import { defaultBackupFile, writeBackup } from './backup';
import { BackupError, message } from './messages';
import { refuseOpenDataDir, restoreBackup } from './restore';

/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]`, with the server's own
 * settings (DATABASE_URL or DATA_DIR, ATTACHMENT_DIR, S3_*). See the README, "Backup and restore".
 */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  const cfg = readConfig();
  const s3 = s3ConfigFromEnv(process.env);
  const attachmentDir = attachmentDirOf(cfg);
  if (command === 'backup' && args.length <= 1 && !force) {
    const out = resolve(args[0] ?? defaultBackupFile());
    if (!cfg.databaseUrl) {
      refuseOpenDataDir(cfg.dataDir);
      if (!existsSync(join(cfg.dataDir, 'PG_VERSION')))
        throw new BackupError('pglite_missing', { dir: cfg.dataDir });
    }
    const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
    try {
      const m = await writeBackup(
        {
          db: database.db,
          kind: database.kind,
          files: s3 ? s3Store(s3) : dirStore(attachmentDir),
          store: s3 ? 's3' : 'dir',
        },
        out,
      );
      if (m.attachments.missing.length)
        console.warn(
          message('file_missing', {
            count: m.attachments.missing.length,
            keys: m.attachments.missing.join(', '),
          }),
        );
      const rows = Object.values(m.tables).reduce((n, t) => n + t.rows, 0);
      console.log(
        message('backup_done', {
          file: out,
          tables: Object.keys(m.tables).length,
          rows,
          files: m.attachments.keys.length,
          migration: m.migration,
        }),
      );
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'restore' && args.length === 1) {
    const { manifest } = await restoreBackup(
      args[0],
      cfg.databaseUrl
        ? { kind: 'postgres', databaseUrl: cfg.databaseUrl }
        : { kind: 'pglite', dataDir: cfg.dataDir },
      { attachmentDir, s3, force, log: (l) => console.log(l) },
    );
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
    console.log(
      message('restore_done', {
        file: resolve(args[0]),
        rows,
        files: manifest.attachments.keys.length,
        createdAt: manifest.createdAt,
      }),
    );
    return;
  }
  throw new BackupError('usage');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof BackupError ? e.message : e);
    process.exit(1);
  },
);
