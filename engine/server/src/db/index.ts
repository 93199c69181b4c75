import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { preparingPool } from './prepared';

export { andCommit } from './prepared';

import { parsers } from './types';
import { CachedTablesPlugin } from './watch';

/** Tables are declared at run time, so the query builder sees them as string-keyed rows. */
export type Row = Record<string, unknown>;
export type DB = Record<string, Row>;
export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other databases from. */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DbConfig {
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps everything in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (see `dumpDataDir`). */
  loadDataDir?: Blob;
}

export async function openDatabase(cfg: DbConfig): Promise<Database> {
  if (cfg.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: cfg.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      // connections are kept, not closed after ten idle seconds (pg's default): a new one starts
      // with cold caches and none of the statements prepared on the old (prepared.ts), and under a
      // steady load the pool closed and reopened one every few seconds, each time holding up the
      // requests behind it for about 150 ms (bench/README.md, fifteenth run)
      idleTimeoutMillis: 0,
      // every session speaks UTC so that date arithmetic in SQL agrees with PGlite
      options: '-c TimeZone=UTC',
      // statements are still sent one at a time; pipelining lets a BEGIN go with the next (prepared.ts).
      // MES_NO_PIPELINE=1 sends each on its own, as before (for comparison in the bench)
      pipeline: !process.env.MES_NO_PIPELINE,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // an idle connection dropped by the server must not take the process down; the pool replaces it
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      plugins: [new CachedTablesPlugin()],
    });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = cfg.dataDir && cfg.dataDir !== 'memory://' ? cfg.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir, { parsers, loadDataDir: cfg.loadDataDir });
  await lite.exec("SET TIME ZONE 'UTC'");
  const db = new Kysely<DB>({ dialect: new PGliteDialect(lite), plugins: [new CachedTablesPlugin()] });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => lite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!lite.closed) await lite.close();
    },
  };
}
