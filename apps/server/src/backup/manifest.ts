import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEY as FILE_KEY } from '@mes/engine-server';
import { z } from 'zod';
import { BackupError } from './messages';

/**
 * `manifest.json`, the first entry of a backup: what made it, the migrations its database had,
 * the rows per table, and a SHA-256 of every other entry, checked before anything is restored.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'mes-erp-backup';

const TABLE = /^[a-z_][a-z0-9_]*$/;
export const fileEntry = (key: string) => `files/${key}`;

/** The only entry names a backup may hold: nothing else is extracted. */
export const entryAllowed = (name: string) =>
  name === MANIFEST ||
  /^db\/[a-z_][a-z0-9_]*\.jsonl$/.test(name) ||
  (name.startsWith('files/') && FILE_KEY.test(name.slice('files/'.length)));

export const manifestSchema = z.strictObject({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  source: z.enum(['pglite', 'postgres']),
  /** The newest migration the database had: a restore needs code that knows it. */
  migration: z.string().regex(/^\d{4}$/),
  migrations: z.array(z.strictObject({ version: z.string().regex(/^\d{4}$/), name: z.string() })),
  tables: z.record(
    z.string().regex(TABLE),
    z.strictObject({ rows: z.number().int().min(0), columns: z.array(z.string()).min(1) }),
  ),
  sequences: z.array(z.strictObject({ name: z.string(), value: z.string().regex(/^-?\d{1,19}$/) })),
  attachments: z.strictObject({
    /** Where they were kept; the files themselves are in the archive either way. */
    store: z.enum(['dir', 's3']),
    keys: z.array(z.string().regex(FILE_KEY)),
    /** Keys the attachment table named but the store did not have when the backup was made. */
    missing: z.array(z.string()),
  }),
  checksums: z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/)),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function sha256Of(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Reads the manifest of an extracted backup and checks every entry against it, both ways. */
export async function readManifest(dir: string, archive: string, entries: string[]): Promise<Manifest> {
  if (!entries.includes(MANIFEST))
    throw new BackupError('archive_invalid', { file: archive, reason: MANIFEST });
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch (e) {
    throw new BackupError('archive_invalid', { file: archive, reason: String(e) });
  }
  const r = manifestSchema.safeParse(parsed);
  if (!r.success)
    throw new BackupError('archive_invalid', {
      file: archive,
      reason: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    });
  const m = r.data;
  const listed = Object.keys(m.checksums);
  for (const name of entries)
    if (name !== MANIFEST && !(name in m.checksums))
      throw new BackupError('archive_invalid', { file: archive, reason: `${name} ∉ checksums` });
  for (const name of listed) {
    if (!entries.includes(name))
      throw new BackupError('archive_invalid', { file: archive, reason: `${name} missing` });
    if ((await sha256Of(join(dir, name))) !== m.checksums[name]) throw new BackupError('checksum', { name });
  }
  return m;
}
