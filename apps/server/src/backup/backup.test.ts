import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Database,
  type Db,
  dirStore,
  type Migration,
  migrate,
  openDatabase,
  readMigrations,
  type S3Config,
  s3Store,
} from '@mes/engine-server';
import { sql } from 'kysely';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint, verify } from '../../../../bench/lib/verify';
import { STOCK_DOC_TYPE as T } from '../../../../modules/inventory/stockDoc.entity';
import { createDoc, post, stockFixture } from '../../../../modules/inventory/testkit.server';
import { createApp } from '../app';
import { MIGRATIONS_DIR } from '../config';
import { startTestServer, type TestServer } from '../testing';
import { writeBackup } from './backup';
import { schemaTables } from './dump';
import { MANIFEST } from './manifest';
import { BackupError } from './messages';
import { type RestoreTarget, restoreBackup } from './restore';
import { extractTarGz, writeTarGz } from './tar';

/**
 * A database with stock postings, approved and draft documents and attachments goes through
 * backup and restore: into a fresh PGlite data directory always, and into a fresh PostgreSQL
 * database as well when DATABASE_URL is set (so each backend's backup is also restored into the
 * other). What comes back must be the same rows, keep the ledger invariants, serve the same file
 * bytes and refuse every session of before.
 */
const serverUrl = process.env.DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'mes-backup-test-'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);

let src: TestServer;
let archive: string;
/** The same backup made from an S3 bucket holding the files. */
let s3Archive: string;
let s3: S3rver;
let bucket: (name: string) => S3Config;
let counts: Map<string, number>;
let ledger: Awaited<ReturnType<typeof fingerprint>>;
const uploaded: { path: string; data: Buffer }[] = [];
const databases: string[] = [];

async function rowCounts(db: Db): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const table of (await schemaTables(db)).keys()) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(table)}`.execute(db);
    out.set(table, rows[0].n);
  }
  return out;
}

async function upload(table: string, code: number, name: string, data: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ BZ_Table: table, BZ_Code: String(code), Attachment_Type: '1' }))
    form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const r = await src.call<{ File_Path: string }>('POST', '/Attachment/', form);
  expect(r.body.Code, r.body.Message).toBe(0);
  uploaded.push({ path: r.body.Data.File_Path, data });
}

/** A new, empty database on the PostgreSQL server, dropped after the file. */
async function freshPostgres(): Promise<string> {
  const name = `bk_${Math.random().toString(16).slice(2, 10)}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  databases.push(name);
  const u = new URL(serverUrl as string);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The server on a restored database, as `npm run serve` would start it with these settings. */
async function serveRestored(target: RestoreTarget, attachmentDir: string) {
  // a PGlite data directory keeps its files beside the database; PostgreSQL gets ATTACHMENT_DIR
  if (target.kind === 'postgres') process.env.ATTACHMENT_DIR = attachmentDir;
  const running = await createApp(
    target.kind === 'postgres'
      ? { databaseUrl: target.databaseUrl, dataDir: 'memory://', seed: 'none', webDist: '' }
      : { dataDir: target.dataDir, seed: 'none', webDist: '' },
  );
  delete process.env.ATTACHMENT_DIR;
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = running.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return { ...running, url };
}

beforeAll(async () => {
  src = await startTestServer({ seed: 'none' });
  const f = await stockFixture(src);
  const receipt = await post(src, T.RECEIPT, [
    { Material_ID: f.avg, Location_ID: f.locA, Qty: '10', Unit_Price: '2.5' },
    { Material_ID: f.fifo, Location_ID: f.locA, Qty: '7', Unit_Price: '1.333333', Batch_NO: 'B1' },
    { Material_ID: f.fifo, Location_ID: f.locB, Qty: '5', Unit_Price: '1.75', Batch_NO: 'B2' },
  ]);
  await post(src, T.ISSUE, [{ Material_ID: f.avg, Location_ID: f.locA, Qty: '3.5' }]);
  await post(src, T.ISSUE, [{ Material_ID: f.fifo, Location_ID: f.locA, Qty: '2', Batch_NO: 'B1' }]);
  await post(src, T.TRANSFER, [
    { Material_ID: f.avg, Location_ID: f.locA, Qty: '1', To_Location_ID: f.locB },
  ]);
  const draft = await createDoc(src, T.RECEIPT, [{ Material_ID: f.avg, Location_ID: f.locB, Qty: '4' }]);
  expect(draft.body.Code, draft.body.Message).toBe(0);
  await upload('Material', f.avg, '说明书.pdf', PDF);
  await upload('StockDoc', receipt, 'photo.png', PNG);
  const store = src.engine.settings.attachmentDir;
  archive = join(work, 'source.tar.gz');
  const manifest = await writeBackup(
    { db: src.engine.db, kind: serverUrl ? 'postgres' : 'pglite', files: dirStore(store), store: 'dir' },
    archive,
  );
  expect(manifest.attachments.keys).toHaveLength(2);

  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(work, 's3rver'),
    configureBuckets: [{ name: 'source' }, { name: 'restored' }],
  });
  const at = await s3.run();
  // s3rver's own fixed credentials
  bucket = (name) => ({
    endpoint: `http://127.0.0.1:${at.port}`,
    bucket: name,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
  });
  for (const f of uploaded) await s3Store(bucket('source')).put(f.path, f.data);
  s3Archive = join(work, 'from-s3.tar.gz');
  const fromS3 = await writeBackup(
    {
      db: src.engine.db,
      kind: serverUrl ? 'postgres' : 'pglite',
      files: s3Store(bucket('source')),
      store: 's3',
    },
    s3Archive,
  );
  expect(fromS3.checksums).toEqual(manifest.checksums);
  counts = await rowCounts(src.engine.db);
  ledger = await fingerprint(src.engine.db);
  expect(ledger.ledgerRows).toBeGreaterThan(4);
  await src.close();
}, 120_000);

afterAll(async () => {
  if (serverUrl && databases.length) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    for (const d of databases) await c.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
    await c.end();
  }
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Restores the source archive into `target` and checks everything the server then serves. */
async function roundTrip(target: RestoreTarget, attachmentDir: string, whileServing?: () => Promise<void>) {
  await restoreBackup(archive, target, { attachmentDir });
  const app = await serveRestored(target, attachmentDir);
  try {
    const restored = await rowCounts(app.engine.db);
    const want = new Map(counts);
    // sessions are never in a backup: every user signs in again
    want.set('user_session', 0);
    expect(restored).toEqual(want);
    expect(await verify(app.engine.db)).toEqual({
      ledgerVsBalance: 0,
      balanceVsPool: 0,
      layersVsPool: 0,
      negativeBalances: 0,
      runningBalance: 0,
      runningValue: 0,
      fifoUses: 0,
    });
    expect(await fingerprint(app.engine.db)).toEqual(ledger);

    const old = await fetch(`${app.url}/StockDoc`, { headers: { authorization: `Bearer ${src.token}` } });
    expect(old.status).toBe(401);
    // a database without demo data asks for admin's initial password to be changed first
    // (modules/system/firstSignIn.test.ts); here only the downloads matter
    await sql`UPDATE users SET must_change_pwd = false WHERE user_account = 'admin'`.execute(app.engine.db);
    const login = await fetch(`${app.url}/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ User_Account: 'admin', Pass_Word: 'admin123' }),
    });
    const token = ((await login.json()) as { Data: { token: string } }).Data.token;
    for (const file of uploaded) {
      const r = await fetch(`${app.url}/Attachment/GetImg/${file.path}`, {
        headers: { cookie: `token=${token}` },
      });
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(file.data)).toBe(true);
    }
    // identities go on after the restored rows, not from 1
    const next = await fetch(`${app.url}/Warehouse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ Warehouse_Code: 'AFTER', Warehouse_Name: '恢复后' }),
    });
    expect(((await next.json()) as { Code: number; Message: string }).Code).toBe(0);
    await whileServing?.();
  } finally {
    await app.close();
  }
}

describe('backup and restore', () => {
  it('round-trips stock, documents and attachments into a fresh PGlite data directory, which it replaces only when stopped and forced', async () => {
    const dataDir = join(work, 'pglite');
    const attachmentDir = join(dataDir, 'attachments');
    await roundTrip({ kind: 'pglite', dataDir }, attachmentDir, () =>
      expect(
        restoreBackup(archive, { kind: 'pglite', dataDir }, { attachmentDir, force: true }),
      ).rejects.toThrow(expect.objectContaining({ key: 'pglite_in_use' })),
    );
    await expect(restoreBackup(archive, { kind: 'pglite', dataDir }, { attachmentDir })).rejects.toThrow(
      expect.objectContaining({ key: 'not_empty_dir' }),
    );
    // forced, and this time with the attachments in a bucket
    const { movedAside } = await restoreBackup(
      s3Archive,
      { kind: 'pglite', dataDir },
      { attachmentDir, force: true, s3: bucket('restored') },
    );
    expect(movedAside).toEqual([expect.stringContaining(`${dataDir}.before-restore-`)]);
    expect(existsSync(join(movedAside[0], 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    for (const f of uploaded) {
      const body = await s3Store(bucket('restored')).get(f.path);
      const parts: Buffer[] = [];
      for await (const c of body ?? []) parts.push(Buffer.from(c as Buffer));
      expect(Buffer.concat(parts).equals(f.data)).toBe(true);
    }
  }, 240_000);

  it.runIf(serverUrl)(
    'round-trips into a fresh PostgreSQL database',
    async () => {
      await roundTrip({ kind: 'postgres', databaseUrl: await freshPostgres() }, join(work, 'pg-files'));
    },
    120_000,
  );

  it.runIf(serverUrl)(
    'refuses a PostgreSQL database that holds tables unless forced, and restores it again then',
    async () => {
      const databaseUrl = await freshPostgres();
      const attachmentDir = join(work, 'pg-files2');
      await restoreBackup(archive, { kind: 'postgres', databaseUrl }, { attachmentDir });
      await expect(
        restoreBackup(archive, { kind: 'postgres', databaseUrl }, { attachmentDir }),
      ).rejects.toThrow(expect.objectContaining({ key: 'not_empty_db' }));
      // a restored server wrote a session meanwhile; forcing replaces everything again
      const app = await serveRestored({ kind: 'postgres', databaseUrl }, attachmentDir);
      await app.close();
      await restoreBackup(archive, { kind: 'postgres', databaseUrl }, { attachmentDir, force: true });
      const database = await openDatabase({ databaseUrl });
      try {
        expect(await rowCounts(database.db)).toEqual(new Map([...counts, ['user_session', 0]]));
      } finally {
        await database.close();
      }
    },
    120_000,
  );

  it('refuses an archive from newer code, and a damaged one, before touching anything', async () => {
    const open = join(work, 'opened');
    const names = await extractTarGz(archive, open, () => true);
    const manifest = JSON.parse(readFileSync(join(open, MANIFEST), 'utf8'));
    const repack = async (name: string, edit: () => void) => {
      edit();
      const out = join(work, name);
      await writeTarGz(
        out,
        names.map((n) => [n, join(open, n)]),
      );
      return out;
    };
    const newer = await repack('newer.tar.gz', () =>
      writeFileSync(join(open, MANIFEST), JSON.stringify({ ...manifest, migration: '9998' })),
    );
    const dataDir = join(work, 'untouched');
    const refused = restoreBackup(
      newer,
      { kind: 'pglite', dataDir },
      { attachmentDir: join(dataDir, 'attachments') },
    );
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(expect.objectContaining({ key: 'newer_migration' }));

    const damaged = await repack('damaged.tar.gz', () => {
      writeFileSync(join(open, MANIFEST), JSON.stringify(manifest));
      writeFileSync(join(open, 'db/stock_ledger.jsonl'), '{"id": 1}\n');
    });
    await expect(
      restoreBackup(damaged, { kind: 'pglite', dataDir }, { attachmentDir: join(dataDir, 'attachments') }),
    ).rejects.toThrow(expect.objectContaining({ key: 'checksum' }));
    // nothing was made: no data directory, no half-built one beside it
    expect(readdirSync(work).filter((n) => n.startsWith('untouched'))).toEqual([]);
  }, 60_000);

  it('restores a backup of older code and migrates it the rest of the way', async () => {
    const all = readMigrations(MIGRATIONS_DIR);
    const old = await openDatabase({ dataDir: 'memory://' });
    const olderArchive = join(work, 'older.tar.gz');
    try {
      await migrate(old.db, all.slice(0, -1));
      await sql`INSERT INTO unit (unit_code, unit_name) VALUES ('PCS', '件')`.execute(old.db);
      const m = await writeBackup(
        { db: old.db, kind: 'pglite', files: dirStore(work), store: 'dir' },
        olderArchive,
      );
      expect(m.migration).toBe(all.at(-2)?.version);
    } finally {
      await old.close();
    }
    const dataDir = join(work, 'older');
    await restoreBackup(
      olderArchive,
      { kind: 'pglite', dataDir },
      { attachmentDir: join(dataDir, 'attachments') },
    );
    await expectMigrated(await openDatabase({ dataDir }), all);
    // a PGlite backup restores into PostgreSQL too
    if (serverUrl) {
      const databaseUrl = await freshPostgres();
      await restoreBackup(
        olderArchive,
        { kind: 'postgres', databaseUrl },
        { attachmentDir: join(work, 'older-files') },
      );
      await expectMigrated(await openDatabase({ databaseUrl }), all);
    }
  }, 120_000);
});

async function expectMigrated(restored: Database, all: Migration[]) {
  try {
    const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations ORDER BY 1`.execute(
      restored.db,
    );
    expect(rows.map((r) => r.version)).toEqual(all.map((x) => x.version));
    const units = await sql<{ n: string }>`SELECT unit_name AS n FROM unit`.execute(restored.db);
    expect(units.rows).toEqual([{ n: '件' }]);
  } finally {
    await restored.close();
  }
}
