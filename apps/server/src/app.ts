import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  buildServer,
  type Database,
  Engine,
  migrate,
  openDatabase,
  readMigrations,
  runSeeds,
  type ServerModule,
  s3ConfigFromEnv,
  s3Store,
} from '@mes/engine-server';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type Config, MIGRATIONS_DIR } from './config';
import { SERVER_MODULES } from './modules';

/** Files go beside the embedded database, or to ATTACHMENT_DIR; an in-memory test database gets a temp folder. */
export function attachmentDirOf(cfg: object): string {
  if (process.env.ATTACHMENT_DIR) return resolve(process.env.ATTACHMENT_DIR);
  const dataDir = 'dataDir' in cfg ? (cfg.dataDir as string | undefined) : undefined;
  if (dataDir && dataDir !== 'memory://') return join(dataDir, 'attachments');
  return 'databaseUrl' in cfg && cfg.databaseUrl
    ? resolve('data/attachments')
    : mkdtempSync(join(tmpdir(), 'mes-files-'));
}

export interface RunningApp {
  app: FastifyInstance;
  engine: Engine;
  close(): Promise<void>;
}

/** Opens the database, brings its schema up to date, seeds it and builds the HTTP server. */
export async function createApp(
  cfg: Pick<Config, 'seed' | 'webDist'> & ({ database: Database } | Pick<Config, 'dataDir' | 'databaseUrl'>),
  logger: FastifyServerOptions['logger'] = false,
  modules: ServerModule[] = SERVER_MODULES,
): Promise<RunningApp> {
  const database =
    'database' in cfg
      ? cfg.database
      : await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  try {
    await migrate(database.db, readMigrations(MIGRATIONS_DIR));
    // S3_BUCKET (with S3_ENDPOINT and its keys) puts attachments in an S3-compatible store instead
    const s3 = s3ConfigFromEnv(process.env);
    const engine = new Engine(modules, database.db, {
      attachmentDir: attachmentDirOf(cfg),
      fileStore: s3 ? s3Store(s3) : undefined,
    });
    await runSeeds(engine, { demo: cfg.seed === 'demo' });
    const app = await buildServer({ engine, webDist: cfg.webDist, logger });
    let closed = false;
    return {
      app,
      engine,
      close: async () => {
        if (closed) return;
        closed = true;
        // fastify waits for in-flight requests before the database goes away
        await app.close();
        await database.close();
      },
    };
  } catch (e) {
    await database.close();
    throw e;
  }
}
